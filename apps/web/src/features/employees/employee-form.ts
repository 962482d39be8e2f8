import {
  chineseIdCardError,
  identityDocumentError,
  normalizeIdNumber,
  parseChineseIdCard,
  type EmployeeDetail,
  type EmployeeNoRuleView,
  type Widget,
} from '@wfsaas/contracts';

/** The add / edit form of an employee: form values ↔ the add/v2 and update bodies (pure, unit-tested). */

/** A date as the form holds it: a dayjs value from a DatePicker, or text. */
export type DateLike = string | { format: (f: string) => string } | null | undefined;

export type EmployeeFormValues = {
  name?: string;
  gender?: number | null;
  birthDate?: DateLike;
  nationality?: string | null;
  ethnicity?: string | null;
  hukouType?: number | null;
  education?: number | null;
  maritalStatus?: number | null;
  idType?: number;
  idNumber?: string;
  mobile?: string;
  email?: string | null;
  address?: string | null;
  employeeNo?: string;
  departmentId?: number | null;
  positionId?: number | null;
  rankId?: number | null;
  costCenterId?: number | null;
  employmentType?: number;
  workLocation?: string | null;
  hireDate?: DateLike;
  probationEndDate?: DateLike;
  /** The pay hired on (new records only; later changes are 转正 / 调岗调薪). */
  salary?: number | null;
  status?: number | null;
  bankName?: string | null;
  bankAccount?: string | null;
  emergencyName?: string | null;
  emergencyPhone?: string | null;
  emergencyRelation?: string | null;
  custom?: Record<string, unknown>;
};

/** The sections of the page form, in order (anchors). */
export const FORM_SECTIONS = [
  { key: 'basic', title: '基本信息' },
  { key: 'identity', title: '证件与联系方式' },
  { key: 'job', title: '任职信息' },
  { key: 'bank', title: '银行信息' },
  { key: 'emergency', title: '紧急联系人' },
  { key: 'custom', title: '自定义字段' },
] as const;

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/;
export const EMPLOYEE_NO_PATTERN = /^[A-Za-z0-9_-]+$/;
export const BANK_ACCOUNT_PATTERN = /^\d{8,30}$/;

export function dateText(v: DateLike): string | null {
  if (!v) return null;
  if (typeof v === 'string') return v.trim() || null;
  return v.format('YYYY-MM-DD');
}

function text(v: string | null | undefined): string | null {
  const t = v?.trim();
  return t ? t : null;
}

/** The document number's error for the chosen type (the contracts validator the server uses), or null. */
export function documentNumberError(idType: number | undefined, idNumber: string | undefined, now: Date = new Date()): string | null {
  if (!idNumber || !idNumber.trim()) return null;
  return identityDocumentError(idType ?? 1, idNumber, now);
}

/** Birth date and gender from a valid resident ID number (filled into the form); null otherwise. */
export function idCardAutofill(idType: number | undefined, idNumber: string | undefined, now: Date = new Date()): { birthDate: string; gender: 1 | 2 } | null {
  if ((idType ?? 1) !== 1 || !idNumber) return null;
  if (chineseIdCardError(idNumber, now)) return null;
  return parseChineseIdCard(idNumber, now);
}

/** Custom field values as the API stores them: dates as text, empty values dropped. */
export function customValuesOut(widgets: readonly Widget[], values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const w of widgets) {
    if (w.type === 'image' || w.type === 'file') continue;
    const v = values?.[w.key];
    if (v === undefined) continue;
    if (w.type === 'date') out[w.key] = dateText(v as DateLike);
    else if (typeof v === 'string') out[w.key] = v.trim() === '' ? null : v.trim();
    else out[w.key] = v;
  }
  return out;
}

/** Stored custom values into form values: dates stay text (the screen turns them into dayjs). */
export function customValuesIn(widgets: readonly Widget[], stored: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const w of widgets) if (stored[w.key] !== undefined && stored[w.key] !== null) out[w.key] = stored[w.key];
  return out;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function decimals(n: number): number {
  const s = String(n);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** One custom value's error with the server's rules (contracts validateCustomFieldValues), or null. */
export function customFieldError(w: Widget, raw: unknown): string | null {
  const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '') || (Array.isArray(raw) && raw.length === 0);
  if (empty) return w.options.required ? `请填写${w.label}` : null;
  const o = w.options;
  if (typeof raw === 'string') {
    const s = raw.trim();
    const limit = o.maxLength ?? (w.type === 'textarea' ? 2000 : 200);
    if ((w.type === 'input' || w.type === 'textarea') && s.length > limit) return `${w.label}不能超过${limit}个字符`;
    if (w.type === 'phone' && !PHONE_PATTERN.test(s)) return `${w.label}格式不正确，应为手机号或座机号`;
    if (w.type === 'email' && !EMAIL_PATTERN.test(s)) return `${w.label}格式不正确，应为邮箱地址`;
    if (w.type === 'idNumber') {
      const err = chineseIdCardError(s);
      if (err) return `${w.label}：${err}`;
    }
  }
  if (w.type === 'number' && typeof raw === 'number') {
    if (o.min !== undefined && raw < o.min) return `${w.label}不能小于${o.min}`;
    if (o.max !== undefined && raw > o.max) return `${w.label}不能大于${o.max}`;
    if (o.precision !== undefined && decimals(raw) > o.precision) return o.precision === 0 ? `${w.label}应为整数` : `${w.label}最多${o.precision}位小数`;
  }
  return null;
}

export type AddBody = Record<string, unknown> & {
  name: string;
  mobile: string;
  idType: number;
  idNumber: string;
  departmentId: number;
  /** Left out when empty: the company's numbering rule assigns one. */
  employeeNo?: string;
  hireDate: string;
  employmentType: number;
};

export type EmployeeNoField = { required: boolean; prefill: string | null; placeholder: string; extra: string | undefined };

/**
 * How the 工号 input behaves under the company's numbering rule (工号规则): with the rule on it is
 * prefilled with the next free number and may be left empty (the server numbers it); off, it is required.
 */
export function employeeNoField(rule: Pick<EmployeeNoRuleView, 'enabled' | 'nextNo'> | null | undefined): EmployeeNoField {
  if (!rule?.enabled) return { required: true, prefill: null, placeholder: '请输入工号', extra: undefined };
  return { required: false, prefill: rule.nextNo, placeholder: '留空则按工号规则自动生成', extra: '已按工号规则预填下一个工号，可修改' };
}

/** companyEmployee/add/v2 from the form: optional fields left out when empty. */
export function toAddBody(v: EmployeeFormValues, widgets: readonly Widget[]): AddBody {
  const body: AddBody = {
    name: (v.name ?? '').trim(),
    mobile: (v.mobile ?? '').trim(),
    idType: v.idType ?? 1,
    idNumber: normalizeIdNumber(v.idNumber ?? ''),
    departmentId: v.departmentId ?? 0,
    hireDate: dateText(v.hireDate) ?? '',
    employmentType: v.employmentType ?? 1,
  };
  const employeeNo = (v.employeeNo ?? '').trim();
  if (employeeNo) body.employeeNo = employeeNo;
  if (v.salary !== null && v.salary !== undefined) body.salary = v.salary.toFixed(2);
  const optional = optionalFields(v);
  for (const [k, val] of Object.entries(optional)) if (val !== null) body[k] = val;
  const emergency = emergencyOut(v);
  if (emergency) body.emergencyContact = emergency;
  const custom = customValuesOut(widgets, v.custom);
  const filled = Object.fromEntries(Object.entries(custom).filter(([, x]) => x !== null && !(Array.isArray(x) && x.length === 0)));
  if (Object.keys(filled).length > 0) body.customFields = filled;
  return body;
}

function optionalFields(v: EmployeeFormValues): Record<string, unknown> {
  const bank = v.bankAccount?.replace(/\s+/g, '') ?? '';
  return {
    gender: v.gender ?? null,
    birthDate: dateText(v.birthDate),
    email: text(v.email),
    nationality: text(v.nationality),
    ethnicity: v.ethnicity ?? null,
    hukouType: v.hukouType ?? null,
    education: v.education ?? null,
    maritalStatus: v.maritalStatus ?? null,
    address: text(v.address),
    bankName: text(v.bankName),
    bankAccount: bank || null,
    positionId: v.positionId ?? null,
    rankId: v.rankId ?? null,
    costCenterId: v.costCenterId ?? null,
    workLocation: text(v.workLocation),
    probationEndDate: dateText(v.probationEndDate),
    status: v.status ?? null,
  };
}

function emergencyOut(v: EmployeeFormValues): { name: string; phone: string; relation?: string } | null {
  const name = text(v.emergencyName);
  const phone = text(v.emergencyPhone);
  if (!name || !phone) return null;
  const relation = text(v.emergencyRelation);
  return { name, phone, ...(relation ? { relation } : {}) };
}

/**
 * The form of a stored employee. The identifiers come masked, so their inputs start empty: left empty
 * on save they keep their stored value.
 */
export function formValuesOf(d: EmployeeDetail, widgets: readonly Widget[]): EmployeeFormValues {
  return {
    name: d.name,
    gender: d.gender,
    birthDate: d.birthDate,
    nationality: d.nationality,
    ethnicity: d.ethnicity,
    hukouType: d.hukouType,
    education: d.education,
    maritalStatus: d.maritalStatus,
    idType: d.idType ?? 1,
    idNumber: '',
    mobile: '',
    email: d.email,
    address: d.address,
    employeeNo: d.employeeNo ?? '',
    departmentId: d.departmentId,
    positionId: d.positionId,
    rankId: d.rankId,
    costCenterId: d.costCenterId,
    employmentType: d.employmentType ?? 1,
    workLocation: d.workLocation,
    hireDate: d.hireDate,
    probationEndDate: d.probationEndDate,
    status: d.status,
    bankName: d.bankName,
    bankAccount: '',
    emergencyName: d.emergencyContact?.name ?? null,
    emergencyPhone: '',
    emergencyRelation: d.emergencyContact?.relation ?? null,
    custom: customValuesIn(widgets, d.customFields),
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * companyEmployee/update from the form: only what changed against the stored record (null clears a
 * field); identifiers only when typed again; the emergency contact only with its phone.
 */
export function toUpdateBody(id: number, v: EmployeeFormValues, initial: EmployeeFormValues, widgets: readonly Widget[]): Record<string, unknown> {
  const body: Record<string, unknown> = { id };
  const required: [keyof EmployeeFormValues, unknown, unknown][] = [
    ['name', (v.name ?? '').trim(), initial.name],
    ['employeeNo', (v.employeeNo ?? '').trim(), initial.employeeNo],
    ['departmentId', v.departmentId ?? null, initial.departmentId],
    ['hireDate', dateText(v.hireDate), dateText(initial.hireDate)],
    ['employmentType', v.employmentType, initial.employmentType],
    ['idType', v.idType, initial.idType],
  ];
  for (const [k, now, before] of required) if (!same(now, before) && now !== null && now !== '') body[k] = now;
  const a = optionalFields(v);
  const b = optionalFields(initial);
  for (const k of Object.keys(a)) {
    if (k === 'bankAccount') continue;
    if (!same(a[k], b[k])) body[k] = a[k];
  }
  if (a.bankAccount) body.bankAccount = a.bankAccount;
  const idNumber = v.idNumber?.trim();
  if (idNumber) body.idNumber = normalizeIdNumber(idNumber);
  // a changed document type needs the number again; the server checks the pair
  else if (body.idType !== undefined) delete body.idType;
  const mobile = v.mobile?.trim();
  if (mobile) body.mobile = mobile;
  const emergency = emergencyOut(v);
  if (emergency) body.emergencyContact = emergency;
  else if (!text(v.emergencyName) && initial.emergencyName) body.emergencyContact = null;
  const now = customValuesOut(widgets, v.custom);
  const before = customValuesOut(widgets, initial.custom);
  const changed: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(now)) if (!same(val, before[k])) changed[k] = val;
  if (Object.keys(changed).length > 0) body.customFields = changed;
  return body;
}

/** The form is for adding when there is no ?id=, for editing that employee otherwise. */
export function editIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
