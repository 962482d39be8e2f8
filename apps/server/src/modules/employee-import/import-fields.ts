import {
  EDUCATIONS,
  EMPLOYEE_STATUSES,
  EMPLOYMENT_TYPES,
  ETHNICITIES,
  GENDERS,
  HUKOU_TYPES,
  ID_TYPES,
  MARITAL_STATUSES,
  codeFromLabel,
  type CodeOption,
  type FormDefinition,
  type SystemFieldSetting,
  type Widget,
} from '@wfsaas/contracts';

/**
 * The columns of the roster import: the record's standard fields and the company's custom fields,
 * how a header finds its field, and how a row's cells become the body of createEmployee /
 * updateEmployee. Pure functions, no database.
 */

export type ImportFieldKind = 'text' | 'code' | 'date' | 'department' | 'position' | 'rank' | 'costCenter' | 'custom';

export type ImportField = {
  /** A standard field's key of zEmployeeAdd, or `custom.<key>` for a custom field. */
  key: string;
  label: string;
  required: boolean;
  kind: ImportFieldKind;
  /** Other headers people write for this column. */
  synonyms?: readonly string[];
  /** Choices shown as a dropdown in the template (code tables, custom choice widgets). */
  options?: readonly string[];
  codeTable?: readonly CodeOption<number>[];
  note?: string;
  widget?: Widget;
};

const labels = (table: readonly CodeOption<number>[]) => table.map((o) => o.label);

export const STANDARD_IMPORT_FIELDS: readonly ImportField[] = [
  { key: 'employeeNo', label: '工号', required: true, kind: 'text', synonyms: ['员工编号', '员工工号', '编号'], note: '字母、数字、下划线和短横线，公司内唯一；已存在的工号将更新该员工' },
  { key: 'name', label: '姓名', required: true, kind: 'text', synonyms: ['员工姓名'] },
  { key: 'mobile', label: '手机号', required: true, kind: 'text', synonyms: ['手机', '手机号码', '移动电话', '联系电话'], note: '11位手机号，公司内唯一' },
  { key: 'idType', label: '证件类型', required: false, kind: 'code', codeTable: ID_TYPES, options: labels(ID_TYPES), note: '留空按身份证处理' },
  { key: 'idNumber', label: '证件号码', required: true, kind: 'text', synonyms: ['身份证号', '身份证号码', '证件号', '身份证'], note: '身份证号码按国家标准校验；已存在的证件号码将更新该员工' },
  { key: 'departmentId', label: '部门', required: true, kind: 'department', synonyms: ['所属部门', '部门名称'], note: '部门名称；重名时填写完整路径，如 技术中心/后端组；也可填部门编码' },
  { key: 'hireDate', label: '入职日期', required: true, kind: 'date', synonyms: ['入职时间'], note: '格式 YYYY-MM-DD' },
  { key: 'employmentType', label: '用工类型', required: true, kind: 'code', codeTable: EMPLOYMENT_TYPES, options: labels(EMPLOYMENT_TYPES), synonyms: ['员工类型', '聘用类型'] },
  { key: 'positionId', label: '岗位', required: false, kind: 'position', synonyms: ['职位', '岗位名称', '职位名称'], note: '岗位名称或编码；不同部门有同名岗位时按本行的部门选择' },
  { key: 'rankId', label: '职级', required: false, kind: 'rank', synonyms: ['职级名称'], note: '职级名称，如 P5；不同职级类别有同名职级时填写 类别/职级' },
  { key: 'costCenterId', label: '成本中心', required: false, kind: 'costCenter', synonyms: ['成本中心编码', '成本中心名称'], note: '成本中心编码或名称' },
  { key: 'gender', label: '性别', required: false, kind: 'code', codeTable: GENDERS, options: labels(GENDERS), note: '身份证号码可推出，可留空' },
  { key: 'birthDate', label: '出生日期', required: false, kind: 'date', synonyms: ['生日'], note: '格式 YYYY-MM-DD；身份证号码可推出，可留空' },
  { key: 'email', label: '邮箱', required: false, kind: 'text', synonyms: ['电子邮箱', '邮件'] },
  { key: 'nationality', label: '国籍', required: false, kind: 'text', note: '留空为中国' },
  { key: 'ethnicity', label: '民族', required: false, kind: 'text', options: ETHNICITIES },
  { key: 'hukouType', label: '户口性质', required: false, kind: 'code', codeTable: HUKOU_TYPES, options: labels(HUKOU_TYPES), synonyms: ['户籍类型', '户口类型'] },
  { key: 'education', label: '学历', required: false, kind: 'code', codeTable: EDUCATIONS, options: labels(EDUCATIONS), synonyms: ['最高学历'] },
  { key: 'maritalStatus', label: '婚姻状况', required: false, kind: 'code', codeTable: MARITAL_STATUSES, options: labels(MARITAL_STATUSES), synonyms: ['婚姻状态'] },
  { key: 'workLocation', label: '工作地点', required: false, kind: 'text', synonyms: ['工作城市'] },
  { key: 'probationEndDate', label: '试用期结束日期', required: false, kind: 'date', synonyms: ['转正日期'], note: '格式 YYYY-MM-DD' },
  { key: 'status', label: '员工状态', required: false, kind: 'code', codeTable: EMPLOYEE_STATUSES, options: labels(EMPLOYEE_STATUSES), note: '留空时按入职日期和试用期判断' },
  { key: 'address', label: '联系地址', required: false, kind: 'text', synonyms: ['地址', '现住址'] },
  { key: 'bankName', label: '开户银行', required: false, kind: 'text', synonyms: ['开户行'] },
  { key: 'bankAccount', label: '银行卡号', required: false, kind: 'text', synonyms: ['银行账号', '工资卡号'] },
  { key: 'emergencyName', label: '紧急联系人', required: false, kind: 'text', synonyms: ['紧急联系人姓名'] },
  { key: 'emergencyPhone', label: '紧急联系人电话', required: false, kind: 'text', synonyms: ['紧急联系电话'] },
  { key: 'emergencyRelation', label: '与紧急联系人关系', required: false, kind: 'text', synonyms: ['与本人关系', '紧急联系人关系'] },
];

const CHOICE_WIDGETS = new Set(['select', 'radio', 'multiSelect', 'checkbox']);
/** Widgets a cell of text cannot fill (uploaded files). */
const SKIPPED_WIDGETS = new Set(['image', 'file']);

/** The company's custom fields as import columns. */
export function customImportFields(definition: FormDefinition | null): ImportField[] {
  return (definition?.widgetList ?? [])
    .filter((w) => !SKIPPED_WIDGETS.has(w.type))
    .map((w) => ({
      key: `custom.${w.key}`,
      label: w.label,
      required: Boolean(w.options.required),
      kind: 'custom' as const,
      widget: w,
      ...(CHOICE_WIDGETS.has(w.type) ? { options: (w.options.options ?? []).map((o) => o.label) } : {}),
      ...(w.type === 'switch' ? { options: ['是', '否'] } : {}),
      note: w.type === 'date' ? '格式 YYYY-MM-DD' : w.type === 'multiSelect' || w.type === 'checkbox' ? '多个选项用顿号、逗号分隔' : undefined,
    }));
}

/** The import's own keys of a field of the field settings (the emergency contact is three columns). */
const IMPORT_KEYS_OF: Record<string, readonly string[]> = { emergencyContact: ['emergencyName', 'emergencyPhone', 'emergencyRelation'] };

/**
 * The standard columns as the company's field settings say: hidden fields left out, in the
 * settings' order, renamed (the standard name still matches a header), required as set.
 */
export function applyFieldSettings(standard: readonly ImportField[], settings: readonly SystemFieldSetting[]): ImportField[] {
  const byKey = new Map(standard.map((f) => [f.key, f]));
  const out: ImportField[] = [];
  for (const s of settings) {
    if (!s.visible) continue;
    for (const key of IMPORT_KEYS_OF[s.key] ?? [s.key]) {
      const f = byKey.get(key);
      if (!f) continue;
      const renamed = s.label !== s.standardLabel;
      const label = !renamed ? f.label : key === 'emergencyPhone' ? `${s.label}电话` : key === 'emergencyRelation' ? `与${s.label}关系` : s.label;
      const required = s.core ? f.required : key === 'emergencyRelation' ? false : s.required;
      out.push({ ...f, label, required, synonyms: renamed ? [f.label, ...(f.synonyms ?? [])] : f.synonyms });
    }
  }
  return out;
}

export function importFieldsOf(definition: FormDefinition | null, settings?: readonly SystemFieldSetting[] | null): ImportField[] {
  const standard = settings ? applyFieldSettings(STANDARD_IMPORT_FIELDS, settings) : STANDARD_IMPORT_FIELDS.map((f) => f);
  const taken = new Set(standard.map((f) => f.label));
  return [...standard, ...customImportFields(definition).filter((f) => !taken.has(f.label))];
}

/** A header as compared: trimmed, the required mark and spaces removed. */
export function normalizeHeader(raw: string): string {
  return raw.replace(/[*＊]/g, '').replace(/[\s\u3000]+/g, '').replace(/[（(].*?[)）]$/, '').trim();
}

/** The field of each column by its header: exact label first, then synonyms; a field is used once. */
export function autoMapHeaders(headers: readonly string[], fields: readonly ImportField[]): (string | null)[] {
  const byName = new Map<string, string>();
  for (const f of fields) byName.set(normalizeHeader(f.label), f.key);
  for (const f of fields) for (const s of f.synonyms ?? []) if (!byName.has(normalizeHeader(s))) byName.set(normalizeHeader(s), f.key);
  const used = new Set<string>();
  return headers.map((h) => {
    const key = byName.get(normalizeHeader(h));
    if (!key || used.has(key)) return null;
    used.add(key);
    return key;
  });
}

// ── departments ──

export type DepartmentRef = { id: number; parentId: number | null; name: string; code: string | null; status: number };

export type DepartmentIndex = { resolve(text: string): { id: number } | { error: string } };

/** Finds departments by code, by unique name, or by a path of names ('技术中心/后端组'). */
export function buildDepartmentIndex(list: readonly DepartmentRef[]): DepartmentIndex {
  const byId = new Map(list.map((d) => [d.id, d]));
  const chain = (d: DepartmentRef): string[] => {
    const out: string[] = [];
    let cur: DepartmentRef | undefined = d;
    for (let i = 0; cur && i < 64; i++) {
      out.unshift(cur.name);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
    return out;
  };
  const paths = list.map((d) => ({ d, names: chain(d) }));
  const byCode = new Map(list.filter((d) => d.code).map((d) => [d.code!.toUpperCase(), d]));
  const pick = (hits: DepartmentRef[], text: string): { id: number } | { error: string } => {
    if (hits.length === 0) return { error: `部门「${text}」不存在` };
    const active = hits.filter((d) => d.status === 1);
    if (active.length === 0) return { error: `部门「${text}」已停用，请重新选择` };
    if (active.length > 1) return { error: `部门「${text}」有重名，请填写完整路径，如 ${chain(active[0]!).join('/')}` };
    return { id: active[0]!.id };
  };
  return {
    resolve(raw) {
      const text = raw.trim();
      const parts = text.split(/[/／>＞\\]/).map((s) => s.trim()).filter(Boolean);
      if (parts.length > 1) {
        const hits = paths.filter((p) => p.names.length >= parts.length && parts.every((name, i) => p.names[p.names.length - parts.length + i] === name)).map((p) => p.d);
        return pick(hits, text);
      }
      const code = byCode.get(text.toUpperCase());
      if (code) return pick([code], text);
      return pick(list.filter((d) => d.name === text), text);
    },
  };
}

// ── positions, ranks, cost centres ──

/** A lookup of an organisation record by the text of a cell; `departmentId` is the row's department. */
export type RefIndex = { resolve(text: string, departmentId?: number): { id: number } | { error: string } };

/** The organisation look-ups a row's cells are resolved against. */
export type OrgIndex = { departments: DepartmentIndex; positions: RefIndex; ranks: RefIndex; costCenters: RefIndex };

export type PositionRef = { id: number; name: string; code: string | null; departmentId: number | null; status: number };
export type RankRef = { id: number; name: string; categoryName: string; status: number };
export type CostCenterRef = { id: number; code: string; name: string; status: number };

/** Active records among the hits; a refusal naming the cell when none or a disabled one is left. */
function activeHits<T extends { status: number }>(hits: T[], label: string, text: string): T[] | { error: string } {
  if (hits.length === 0) return { error: `${label}「${text}」不存在` };
  const active = hits.filter((h) => h.status === 1);
  if (active.length === 0) return { error: `${label}「${text}」已停用，请重新选择` };
  return active;
}

/** Positions by code, or by name — several of one name resolve to the row's department's, else the company-wide one. */
export function buildPositionIndex(list: readonly PositionRef[]): RefIndex {
  const byCode = new Map(list.filter((p) => p.code).map((p) => [p.code!.toUpperCase(), p]));
  return {
    resolve(raw, departmentId) {
      const text = raw.trim();
      const coded = byCode.get(text.toUpperCase());
      const hits = activeHits(coded ? [coded] : list.filter((p) => p.name === text), '岗位', text);
      if ('error' in hits) return hits;
      if (hits.length === 1) return { id: hits[0]!.id };
      const own = hits.filter((p) => departmentId !== undefined && p.departmentId === departmentId);
      if (own.length === 1) return { id: own[0]!.id };
      const companyWide = hits.filter((p) => p.departmentId === null);
      if (own.length === 0 && companyWide.length === 1) return { id: companyWide[0]!.id };
      return { error: `岗位「${text}」有重名，请填写岗位编码` };
    },
  };
}

/** Ranks by name, or by '类别/职级' when several categories hold the name. */
export function buildRankIndex(list: readonly RankRef[]): RefIndex {
  return {
    resolve(raw) {
      const text = raw.trim();
      const parts = text.split(/[/／]/).map((s) => s.trim()).filter(Boolean);
      const found = parts.length === 2 ? list.filter((r) => r.categoryName === parts[0] && r.name === parts[1]) : list.filter((r) => r.name === text);
      const hits = activeHits(found, '职级', text);
      if ('error' in hits) return hits;
      if (hits.length > 1) return { error: `职级「${text}」有重名，请填写 类别/职级，如 ${hits[0]!.categoryName}/${hits[0]!.name}` };
      return { id: hits[0]!.id };
    },
  };
}

/** Cost centres by code (any case) or by name. */
export function buildCostCenterIndex(list: readonly CostCenterRef[]): RefIndex {
  const byCode = new Map(list.map((c) => [c.code.toUpperCase(), c]));
  return {
    resolve(raw) {
      const text = raw.trim();
      const coded = byCode.get(text.toUpperCase());
      const hits = activeHits(coded ? [coded] : list.filter((c) => c.name === text), '成本中心', text);
      if ('error' in hits) return hits;
      if (hits.length > 1) return { error: `成本中心「${text}」有重名，请填写成本中心编码` };
      return { id: hits[0]!.id };
    },
  };
}

// ── rows ──

export type RowProblem = { field: string; label: string; message: string };

/** Dates in cells: '2024-03-01', '2024/3/1', '2024.3.1', '20240301'. */
export function normalizeDateText(raw: string): string {
  const t = raw.trim();
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(t);
  if (m) return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const c = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (c) return `${c[1]}-${c[2]}-${c[3]}`;
  return t;
}

export type RowValues = { byField: Map<string, string>; columnOf: Map<string, number> };

/** The mapped cells of a row by field key (empty cells left out). */
export function rowValues(cells: readonly string[], mapping: readonly (string | null)[]): RowValues {
  const byField = new Map<string, string>();
  const columnOf = new Map<string, number>();
  mapping.forEach((key, i) => {
    if (!key) return;
    columnOf.set(key, i);
    const v = (cells[i] ?? '').trim();
    if (v) byField.set(key, v);
  });
  return { byField, columnOf };
}

/**
 * The row as the employee service's body. Required fields are checked here only for a new employee
 * (`forCreate`); an update sends the filled cells only. Problems are found per cell.
 */
export function buildEmployeeBody(
  values: Map<string, string>,
  fields: readonly ImportField[],
  org: OrgIndex,
  forCreate: boolean,
): { body: Record<string, unknown>; problems: RowProblem[] } {
  const body: Record<string, unknown> = {};
  const custom: Record<string, unknown> = {};
  const problems: RowProblem[] = [];
  for (const f of fields) {
    const v = values.get(f.key);
    if (v === undefined) {
      if (forCreate && f.required && f.kind !== 'custom') problems.push({ field: f.key, label: f.label, message: `请填写${f.label}` });
      continue;
    }
    switch (f.kind) {
      case 'text':
        body[f.key] = v;
        break;
      case 'date':
        body[f.key] = normalizeDateText(v);
        break;
      case 'code': {
        const code = codeFromLabel(f.codeTable ?? [], v);
        if (code === undefined) problems.push({ field: f.key, label: f.label, message: `${f.label}「${v}」无效，可选：${(f.options ?? []).join('、')}` });
        else body[f.key] = code;
        break;
      }
      case 'department': {
        const r = org.departments.resolve(v);
        if ('error' in r) problems.push({ field: f.key, label: f.label, message: r.error });
        else body[f.key] = r.id;
        break;
      }
      case 'position':
      case 'rank':
      case 'costCenter':
        // resolved after the loop: a position of one name is chosen by the row's department
        break;
      case 'custom':
        custom[f.widget!.key] = f.widget!.type === 'date' ? normalizeDateText(v) : v;
        break;
    }
  }
  const refIndex = { position: org.positions, rank: org.ranks, costCenter: org.costCenters } as const;
  for (const f of fields) {
    if (f.kind !== 'position' && f.kind !== 'rank' && f.kind !== 'costCenter') continue;
    const v = values.get(f.key);
    if (v === undefined) continue;
    const r = refIndex[f.kind].resolve(v, typeof body.departmentId === 'number' ? body.departmentId : undefined);
    if ('error' in r) problems.push({ field: f.key, label: f.label, message: r.error });
    else body[f.key] = r.id;
  }
  if (forCreate && body.idType === undefined) body.idType = 1;
  const ec = { name: body.emergencyName, phone: body.emergencyPhone, relation: body.emergencyRelation };
  delete body.emergencyName;
  delete body.emergencyPhone;
  delete body.emergencyRelation;
  if (ec.name !== undefined || ec.phone !== undefined) {
    if (ec.name === undefined) problems.push({ field: 'emergencyName', label: '紧急联系人', message: '填写了紧急联系人电话时，请填写紧急联系人' });
    else if (ec.phone === undefined) problems.push({ field: 'emergencyPhone', label: '紧急联系人电话', message: '填写了紧急联系人时，请填写紧急联系人电话' });
    else body.emergencyContact = { name: ec.name, phone: ec.phone, ...(ec.relation !== undefined ? { relation: ec.relation } : {}) };
  }
  if (Object.keys(custom).length > 0 || forCreate) body.customFields = custom;
  return { body, problems };
}

/** The field a service message is about, by the labels it names (the first match wins). */
export function fieldOfMessage(message: string, fields: readonly ImportField[]): { field: string; label: string } {
  const named: [string, string, string][] = [
    ['身份证', 'idNumber', '证件号码'],
    ['护照', 'idNumber', '证件号码'],
    ['通行证', 'idNumber', '证件号码'],
  ];
  for (const f of fields) if (message.includes(f.label)) return { field: f.key, label: f.label };
  for (const [word, field, label] of named) if (message.includes(word)) return { field, label };
  return { field: '', label: '' };
}
