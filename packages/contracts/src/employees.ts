import { z } from 'zod';
import { FILE_ID_PATTERN, zFileId, zId, zPhone } from './auth.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';
import { zMoney } from './org.ts';

/**
 * The employee record: code tables, document-number validators, request schemas for the
 * roster endpoints, custom form definitions (SPEC §3/§5/§9) and the answer shapes.
 */

// ── code tables ──

export type CodeOption<V extends number | string = number> = { readonly value: V; readonly label: string };

/** SPEC §5: document types. */
export const ID_TYPES = [
  { value: 1, label: '身份证' },
  { value: 2, label: '护照' },
  { value: 3, label: '港澳台通行证' },
] as const;

export const GENDERS = [
  { value: 1, label: '男' },
  { value: 2, label: '女' },
] as const;

export const EMPLOYMENT_TYPES = [
  { value: 1, label: '全职' },
  { value: 2, label: '实习' },
  { value: 3, label: '兼职' },
  { value: 4, label: '劳务派遣' },
  { value: 5, label: '外包' },
  { value: 6, label: '退休返聘' },
] as const;

/** Employee status: 0 pending, 1 probation, 2 regular, 3 leaving, 4 left. */
export const EMPLOYEE_STATUSES = [
  { value: 0, label: '待入职' },
  { value: 1, label: '试用期' },
  { value: 2, label: '正式' },
  { value: 3, label: '待离职' },
  { value: 4, label: '已离职' },
] as const;

export const EMPLOYEE_STATUS = { pending: 0, probation: 1, regular: 2, leaving: 3, left: 4 } as const;

export const EDUCATIONS = [
  { value: 1, label: '小学' },
  { value: 2, label: '初中' },
  { value: 3, label: '高中' },
  { value: 4, label: '中专' },
  { value: 5, label: '大专' },
  { value: 6, label: '本科' },
  { value: 7, label: '硕士研究生' },
  { value: 8, label: '博士研究生' },
  { value: 9, label: '其他' },
] as const;

export const MARITAL_STATUSES = [
  { value: 1, label: '未婚' },
  { value: 2, label: '已婚' },
  { value: 3, label: '离异' },
  { value: 4, label: '丧偶' },
] as const;

/** 户口性质 */
export const HUKOU_TYPES = [
  { value: 1, label: '本地城镇' },
  { value: 2, label: '本地农村' },
  { value: 3, label: '外地城镇' },
  { value: 4, label: '外地农村' },
  { value: 5, label: '港澳台' },
  { value: 6, label: '外籍' },
] as const;

/** The 56 ethnic groups, in the order of GB/T 3304. */
export const ETHNICITIES = [
  '汉族', '蒙古族', '回族', '藏族', '维吾尔族', '苗族', '彝族', '壮族', '布依族', '朝鲜族',
  '满族', '侗族', '瑶族', '白族', '土家族', '哈尼族', '哈萨克族', '傣族', '黎族', '傈僳族',
  '佤族', '畲族', '高山族', '拉祜族', '水族', '东乡族', '纳西族', '景颇族', '柯尔克孜族', '土族',
  '达斡尔族', '仫佬族', '羌族', '布朗族', '撒拉族', '毛南族', '仡佬族', '锡伯族', '阿昌族', '普米族',
  '塔吉克族', '怒族', '乌孜别克族', '俄罗斯族', '鄂温克族', '德昂族', '保安族', '裕固族', '京族', '塔塔尔族',
  '独龙族', '鄂伦春族', '赫哲族', '门巴族', '珞巴族', '基诺族',
] as const;
export type Ethnicity = (typeof ETHNICITIES)[number];

export const DEFAULT_NATIONALITY = '中国';

export const ATTACHMENT_CATEGORIES = [
  { value: 'photo', label: '员工照片' },
  { value: 'idFront', label: '证件正面' },
  { value: 'idBack', label: '证件反面' },
  { value: 'certificate', label: '资格证书' },
  { value: 'other', label: '其他附件' },
] as const;
export type AttachmentCategory = (typeof ATTACHMENT_CATEGORIES)[number]['value'];

export const EMPLOYEE_TASK_TYPES = [
  { value: 1, label: '补充材料' },
  { value: 2, label: '证件到期' },
  { value: 3, label: '入职准备' },
  { value: 4, label: '转正评估' },
  { value: 9, label: '其他' },
] as const;

export const EMPLOYEE_TASK_STATUSES = [
  { value: 0, label: '待完成' },
  { value: 1, label: '已完成' },
] as const;

/** The label of a code, '' when unknown or empty. */
export function codeLabel<V extends number | string>(table: readonly CodeOption<V>[], value: V | null | undefined): string {
  if (value === null || value === undefined) return '';
  return table.find((o) => o.value === value)?.label ?? '';
}

/** The code of a label (import: a cell holds '全职'), or of a value written as text ('1'). */
export function codeFromLabel<V extends number | string>(table: readonly CodeOption<V>[], text: string): V | undefined {
  const t = text.trim();
  const byLabel = table.find((o) => o.label === t);
  if (byLabel) return byLabel.value;
  return table.find((o) => String(o.value) === t)?.value;
}

/** SPEC §5: uploaded files count as images by extension. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp', 'psd', 'svg', 'tiff'] as const;

export function isImageFileName(name: string | null | undefined): boolean {
  if (!name) return false;
  const dot = name.lastIndexOf('.');
  if (dot < 0) return false;
  return (IMAGE_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

// ── document numbers ──

/** Upper-cased, spaces removed. */
export function normalizeIdNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/** GB 11643-1999: the check character of the first 17 digits, or null when they are not 17 digits. */
export function idCardCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK_CHARS[sum % 11]!;
}

/** Province-level codes (the first two digits); 8x are Hong Kong, Macao and Taiwan residence permits, 9x foreigners' permanent residence cards. */
const PROVINCE_CODES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63, 64, 65, 71, 81, 82, 83,
  91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

function todayIso(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isValidIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** Why an 18-character resident ID number is wrong, or null when it is valid. */
export function chineseIdCardError(value: string, now: Date = new Date()): string | null {
  const s = normalizeIdNumber(value);
  if (!/^\d{17}[\dX]$/.test(s)) return '身份证号码格式不正确，应为18位';
  if (!PROVINCE_CODES.has(Number(s.slice(0, 2)))) return '身份证号码地区码不正确';
  const birth = `${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`;
  if (!isValidIsoDate(birth) || birth > todayIso(now)) return '身份证号码中的出生日期不正确';
  if (idCardCheckChar(s.slice(0, 17)) !== s[17]) return '身份证号码校验位不正确';
  return null;
}

/** GB 11643-1999: 18 characters, a real birth date not in the future, and the right check character. */
export function isValidChineseIdCard(value: string, now: Date = new Date()): boolean {
  return chineseIdCardError(value, now) === null;
}

/** Birth date and gender (the 17th digit: odd 男 1, even 女 2) of a valid ID number; null otherwise. */
export function parseChineseIdCard(value: string, now: Date = new Date()): { birthDate: string; gender: 1 | 2 } | null {
  const s = normalizeIdNumber(value);
  if (!isValidChineseIdCard(s, now)) return null;
  return {
    birthDate: `${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`,
    gender: Number(s[16]) % 2 === 1 ? 1 : 2,
  };
}

/** Passports: 5–17 letters and digits (Chinese passports E/G + 8 digits fit). */
export function isValidPassportNumber(value: string): boolean {
  return /^[A-Z0-9]{5,17}$/.test(normalizeIdNumber(value));
}

/**
 * 港澳居民来往内地通行证: H (Hong Kong) or M (Macao) + 8 or 10 digits; 台湾居民来往大陆通行证: 8 digits,
 * or 10 characters (10 digits, or a letter and 9 digits).
 */
export function isValidHkMacaoTaiwanPass(value: string): boolean {
  const s = normalizeIdNumber(value);
  return /^[HM](\d{8}|\d{10})$/.test(s) || /^\d{8}$/.test(s) || /^(\d{10}|[A-Z]\d{9})$/.test(s);
}

/** Why a document number is wrong for its type, or null when it is fine. */
export function identityDocumentError(idType: number, idNumber: string, now: Date = new Date()): string | null {
  switch (idType) {
    case 1:
      return chineseIdCardError(idNumber, now);
    case 2:
      return isValidPassportNumber(idNumber) ? null : '护照号码格式不正确，应为5至17位字母或数字';
    case 3:
      return isValidHkMacaoTaiwanPass(idNumber) ? null : '港澳台通行证号码格式不正确';
    default:
      return '证件类型取值无效';
  }
}

// ── schema pieces ──

type Def = { innerType?: z.ZodType; in?: z.ZodType };

/** The label of a schema or of the schema it wraps (optional, nullable, default …). */
function labelOf(s: z.ZodType): string | undefined {
  let cur: z.ZodType | undefined = s;
  for (let i = 0; i < 6 && cur; i++) {
    if (cur.description) return cur.description;
    const def: Def = (cur as unknown as { _zod: { def: Def } })._zod.def;
    cur = def.innerType;
  }
  return undefined;
}

/** Carries each field's label onto its optional/nullable wrapper, so a validation message names the field. */
function labelled<T extends Record<string, z.ZodType>>(shape: T): T {
  const out: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(shape)) {
    const label = s.description ? undefined : labelOf(s);
    out[k] = label ? s.describe(label) : s;
  }
  return out as T;
}

/** Every field optional, labels kept. */
function partialLabelled<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(shape)) out[k] = s.optional().describe(labelOf(s) ?? k);
  return out as { [K in keyof T]: z.ZodOptional<T[K]> };
}

const zPageNum = z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码');
const zPageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数');

/** A code of a table, given as a number or a string of digits. */
function zCode<T extends readonly CodeOption[]>(table: T, label: string) {
  const values = table.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];
  return z.preprocess((v) => (typeof v === 'string' && /^\d{1,3}$/.test(v.trim()) ? Number(v) : v), z.literal(values)).describe(label);
}

export const zIsoDate = (label: string) =>
  z
    .string()
    .trim()
    .refine(isValidIsoDate, '格式不正确，应为YYYY-MM-DD的有效日期')
    .describe(label);

const zText = (label: string, max: number) => z.string().trim().max(max).describe(label);

export const zIdType = zCode(ID_TYPES, '证件类型');
export const zGender = zCode(GENDERS, '性别');
export const zEmploymentType = zCode(EMPLOYMENT_TYPES, '用工类型');
export const zEmployeeStatus = zCode(EMPLOYEE_STATUSES, '员工状态');
export const zEducation = zCode(EDUCATIONS, '学历');
export const zMaritalStatus = zCode(MARITAL_STATUSES, '婚姻状况');
export const zHukouType = zCode(HUKOU_TYPES, '户口性质');

export const zEmployeeNo = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, '只能包含字母、数字、下划线和短横线')
  .describe('工号');

/** A new record's employee number: left empty (or blank), the company's numbering rule assigns one. */
export const zNewEmployeeNo = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), zEmployeeNo.optional()).describe('工号');

export const zEmergencyContact = z
  .object({
    name: zText('紧急联系人姓名', 50).min(1),
    phone: z
      .string()
      .trim()
      .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, '格式不正确，应为手机号或座机号')
      .describe('紧急联系人电话'),
    relation: zText('与本人关系', 20).optional(),
  })
  .describe('紧急联系人');
export type EmergencyContact = z.infer<typeof zEmergencyContact>;

/** Bank card numbers: 8–30 digits, spaces ignored. */
export const zBankAccount = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{8,30}$/, '格式不正确，应为8至30位数字'))
  .describe('银行卡号');

const zCustomFieldValues = z.record(z.string().max(50), z.unknown()).describe('自定义字段');

/**
 * Every field of the record except the id. Optional fields accept null (clears the field on update).
 * The document number is checked against its type by `identityDocumentError`; the server does that
 * and derives birth date and gender from an ID card.
 */
const employeeFields = labelled({
  name: z.string().trim().min(1).max(50).describe('姓名'),
  mobile: zPhone.describe('手机号'),
  idType: zIdType,
  idNumber: z
    .string()
    .transform(normalizeIdNumber)
    .pipe(z.string().min(1).max(30))
    .describe('证件号码'),
  departmentId: zId('部门'),
  employeeNo: zNewEmployeeNo,
  hireDate: zIsoDate('入职日期'),
  employmentType: zEmploymentType,
  gender: zGender.nullish(),
  birthDate: zIsoDate('出生日期').nullish(),
  email: z.email('格式不正确').max(100).nullish().describe('邮箱'),
  nationality: zText('国籍', 50).nullish(),
  ethnicity: z.enum(ETHNICITIES).nullish().describe('民族'),
  hukouType: zHukouType.nullish(),
  education: zEducation.nullish(),
  maritalStatus: zMaritalStatus.nullish(),
  emergencyContact: zEmergencyContact.nullish(),
  address: zText('联系地址', 200).nullish(),
  bankName: zText('开户银行', 100).nullish(),
  bankAccount: zBankAccount.nullish(),
  positionId: zId('岗位').nullish(),
  rankId: zId('职级').nullish(),
  costCenterId: zId('成本中心').nullish(),
  workLocation: zText('工作地点', 100).nullish(),
  probationEndDate: zIsoDate('试用期结束日期').nullish(),
  status: zEmployeeStatus.nullish(),
  customFields: zCustomFieldValues.nullish(),
});

/**
 * companyEmployee/add/v2. When `status` is left out it follows the dates: a future hire date is
 * 待入职, a probation end on or after today is 试用期, otherwise 正式. Nationality defaults to 中国.
 */
export const zEmployeeAdd = z.object({
  ...employeeFields,
  /** The pay the employee is hired on; later pay changes are dated changes (转正, 调岗调薪), never edits. */
  salary: zMoney('月基本工资'),
});
export type EmployeeAdd = z.infer<typeof zEmployeeAdd>;
/** What a caller writes (numbers may come as strings). */
export type EmployeeAddInput = z.input<typeof zEmployeeAdd>;

/** companyEmployee/update: the id plus the fields to change; a field left out keeps its value, null clears it. Custom fields merge by key. */
export const zEmployeeUpdate = z.object({ id: zId('员工'), ...partialLabelled(employeeFields), employeeNo: zEmployeeNo.optional() });
export type EmployeeUpdate = z.infer<typeof zEmployeeUpdate>;

export const CUSTOM_FIELD_FILTER_OPS = ['eq', 'contains', 'gte', 'lte'] as const;
export type CustomFieldFilterOp = (typeof CUSTOM_FIELD_FILTER_OPS)[number];

const zCodeList = <T extends readonly CodeOption[]>(table: T, label: string) =>
  z
    .preprocess((v) => (v === null || v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(zCode(table, label)).max(20).optional())
    .describe(label);

export const EMPLOYEE_SORT_FIELDS = ['hireDate', 'employeeNo', 'name', 'createdAt'] as const;

const employeeFilterFields = labelled({
  keyword: z.string().trim().max(50).optional().describe('姓名、工号或手机号'),
  departmentId: zId('部门').optional(),
  includeSubDepartments: z.boolean().default(true).describe('包含下级部门'),
  positionId: zId('岗位').optional(),
  rankId: zId('职级').optional(),
  costCenterId: zId('成本中心').optional(),
  status: zCodeList(EMPLOYEE_STATUSES, '员工状态'),
  employmentType: zCodeList(EMPLOYMENT_TYPES, '用工类型'),
  hireDateFrom: zIsoDate('入职日期起').optional(),
  hireDateTo: zIsoDate('入职日期止').optional(),
  customFieldFilters: z
    .array(
      z.object({
        key: z.string().trim().min(1).max(50).describe('自定义字段'),
        op: z.enum(CUSTOM_FIELD_FILTER_OPS).default('eq').describe('筛选方式'),
        value: z.union([z.string().max(200), z.number(), z.boolean()]).describe('筛选值'),
      }),
    )
    .max(10)
    .optional()
    .describe('自定义字段筛选'),
  sortBy: z.enum(EMPLOYEE_SORT_FIELDS).default('createdAt').describe('排序字段'),
  sortOrder: z.enum(['asc', 'desc']).default('desc').describe('排序方向'),
});

/** companyEmployee/pageList (SPEC §9 paging: default 1/10, at most 500 a page). */
export const zEmployeePageList = z
  .object({
    pageNum: zPageNum,
    pageSize: zPageSize,
    ...employeeFilterFields,
    /** Leaves out employees with a resignation under way (待生效 or 待审批), e.g. the 办理离职 picker. */
    excludeResigning: z.boolean().optional().describe('排除离职办理中的员工'),
  })
  .prefault({});
export type EmployeePageList = z.infer<typeof zEmployeePageList>;
export type EmployeeFilters = Omit<EmployeePageList, 'pageNum' | 'pageSize'>;

/** companyEmployee/export: the list's filters, or the chosen rows. */
export const zEmployeeExport = z
  .object({
    ...employeeFilterFields,
    ids: z.array(zId('员工')).max(10_000).optional().describe('员工'),
  })
  .prefault({});
export type EmployeeExport = z.infer<typeof zEmployeeExport>;

/** companyEmployeeInfo/detail (SPEC §3: by id or comEmpInfoId). */
export const zEmployeeDetailQuery = z
  .object(
    labelled({
      id: zId('员工').optional(),
      comEmpInfoId: zId('员工信息').optional(),
    }),
  )
  .prefault({});
export type EmployeeDetailQuery = z.infer<typeof zEmployeeDetailQuery>;

export const zEmployeeIds = z.object({ ids: z.array(zId('员工')).min(1).max(500).describe('员工') });
export type EmployeeIds = z.infer<typeof zEmployeeIds>;

export const zEmployeeBatchMove = z.object({
  ids: z.array(zId('员工')).min(1).max(500).describe('员工'),
  departmentId: zId('目标部门'),
});
export type EmployeeBatchMove = z.infer<typeof zEmployeeBatchMove>;

export const UNIQUE_FIELDS = ['idNumber', 'mobile', 'employeeNo'] as const;
export type UniqueField = (typeof UNIQUE_FIELDS)[number];
export const UNIQUE_FIELD_LABELS: Record<UniqueField, string> = { idNumber: '证件号码', mobile: '手机号', employeeNo: '工号' };

/** companyEmployee/count/checkUnique (SPEC §5/§7): `id` is the stored employee's own id while editing. */
export const zCheckUnique = z.object(
  labelled({
    field: z.enum(UNIQUE_FIELDS).describe('校验字段'),
    value: z.string().trim().min(1).max(50).describe('校验值'),
    id: zId('员工').nullish(),
  }),
);
export type CheckUnique = z.infer<typeof zCheckUnique>;
export type CheckUniqueResult = { unique: boolean; field: UniqueField };

export const SENSITIVE_FIELDS = ['idNumber', 'mobile', 'bankAccount', 'emergencyPhone'] as const;
export type SensitiveField = (typeof SENSITIVE_FIELDS)[number];
export const SENSITIVE_FIELD_LABELS: Record<SensitiveField, string> = {
  idNumber: '证件号码',
  mobile: '手机号',
  bankAccount: '银行卡号',
  emergencyPhone: '紧急联系人电话',
};

export const zRevealSensitive = z.object({
  id: zId('员工'),
  field: z.enum(SENSITIVE_FIELDS).describe('敏感字段'),
});
export type RevealSensitive = z.infer<typeof zRevealSensitive>;
export type RevealSensitiveResult = { id: number; field: SensitiveField; value: string };

// ── custom form definitions (SPEC §3/§5/§9) ──

export const FORM_SCENES = ['employee'] as const;
export type FormScene = (typeof FORM_SCENES)[number];

export const WIDGET_TYPES = [
  'input',
  'textarea',
  'number',
  'date',
  'select',
  'multiSelect',
  'radio',
  'checkbox',
  'switch',
  'phone',
  'email',
  'idNumber',
  'image',
  'file',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
export const WIDGET_TYPE_LABELS: Record<WidgetType, string> = {
  input: '单行文本',
  textarea: '多行文本',
  number: '数字',
  date: '日期',
  select: '下拉单选',
  multiSelect: '下拉多选',
  radio: '单选框',
  checkbox: '复选框',
  switch: '开关',
  phone: '电话',
  email: '邮箱',
  idNumber: '身份证号',
  image: '图片',
  file: '附件',
};
const OPTION_WIDGETS: readonly WidgetType[] = ['select', 'multiSelect', 'radio', 'checkbox'];

/** SPEC §5 */
export const FORM_DEFINITION_INVALID = '表单定义需要包含表单配置和至少一个控件';
/** SPEC §9: a grid of 2 columns unless the form says otherwise. */
export const DEFAULT_FORM_COLS = 2;

/** SPEC §9: the span of one grid column is 24 divided by the column count. */
export function gridSpan(cols: number | null | undefined): number {
  const c = cols && cols > 0 ? Math.min(Math.floor(cols), 24) : DEFAULT_FORM_COLS;
  return Math.floor(24 / c);
}

export const zWidgetOption = z.object({
  label: z.string().trim().min(1).max(50).describe('选项名称'),
  value: z.union([z.string().trim().min(1).max(50), z.number()]).describe('选项值'),
});

export const zWidget = z.object({
  id: z.string().trim().min(1).max(64).describe('控件编号'),
  type: z.enum(WIDGET_TYPES).describe('控件类型'),
  label: z.string().trim().min(1).max(50).describe('字段名称'),
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '只能以字母开头，由字母、数字和下划线组成')
    .describe('字段标识'),
  options: z
    .object({
      required: z.boolean().optional().describe('是否必填'),
      placeholder: z.string().max(100).optional().describe('提示文字'),
      options: z.array(zWidgetOption).max(200).optional().describe('选项'),
      min: z.number().optional().describe('最小值'),
      max: z.number().optional().describe('最大值'),
      maxLength: z.number().int().min(1).max(5000).optional().describe('最大长度'),
      precision: z.number().int().min(0).max(6).optional().describe('小数位数'),
    })
    .prefault({})
    .describe('控件属性'),
  icon: z.string().max(100).optional().describe('图标'),
  cols: z.number().int().min(1).max(24).optional().describe('栅格列数'),
});
export type Widget = z.infer<typeof zWidget>;

export const zFormConfig = z
  .looseObject({
    labelWidth: z.union([z.number().min(0).max(1000), z.string().max(20)]).optional().describe('标签宽度'),
    cols: z.number().int().min(1).max(24).default(DEFAULT_FORM_COLS).describe('栅格列数'),
  })
  .describe('表单配置');

export const formDefinitionShape = labelled({
  formConfig: zFormConfig.optional(),
  // described so that the SPEC §5 message, which starts with this label, is shown as it is
  widgetList: z.array(zWidget).max(200).optional().describe('表单定义'),
});

export function checkFormDefinition(def: { formConfig?: unknown; widgetList?: Widget[] }, ctx: z.RefinementCtx): void {
  if (!def.formConfig || !def.widgetList || def.widgetList.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['widgetList'], message: FORM_DEFINITION_INVALID });
    return;
  }
  const seenKeys = new Set<string>();
  const seenIds = new Set<string>();
  def.widgetList.forEach((w, i) => {
    if (seenKeys.has(w.key)) ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'key'], message: `字段标识重复：${w.key}` });
    seenKeys.add(w.key);
    if (seenIds.has(w.id)) ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'id'], message: `控件编号重复：${w.id}` });
    seenIds.add(w.id);
    if (OPTION_WIDGETS.includes(w.type) && !(w.options.options && w.options.options.length > 0))
      ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'options', 'options'], message: `选项至少需要一项（${w.label}）` });
    if (w.options.min !== undefined && w.options.max !== undefined && w.options.min > w.options.max)
      ctx.addIssue({ code: 'custom', path: ['widgetList', i, 'options', 'min'], message: `最小值不能大于最大值（${w.label}）` });
  });
}

/**
 * A form definition (SPEC §3): formConfig + widgetList; valid only with formConfig and at least one
 * widget (SPEC §5). Widget keys and ids are unique; choice widgets have options.
 */
export const zFormDefinition = z.object(formDefinitionShape).superRefine(checkFormDefinition);
export type FormDefinitionInput = z.input<typeof zFormDefinition>;
export type FormDefinition = { formConfig: z.infer<typeof zFormConfig>; widgetList: Widget[] };

/** True when the definition has formConfig and at least one widget (SPEC §5) and passes the widget rules. */
export function isValidFormDefinition(value: unknown): boolean {
  return zFormDefinition.safeParse(value).success;
}

export const zCustomFormGet = z.object({ scene: z.enum(FORM_SCENES).default('employee').describe('表单场景') }).prefault({});
export const zCustomFormSave = z
  .object({ scene: z.enum(FORM_SCENES).default('employee').describe('表单场景'), ...formDefinitionShape })
  .superRefine(checkFormDefinition);
export type CustomFormSave = z.infer<typeof zCustomFormSave>;

/** customForm/get answers this, or null when the company has not defined the scene's form. */
export type CustomFormAnswer = {
  scene: FormScene;
  formConfig: FormDefinition['formConfig'];
  widgetList: Widget[];
  updatedAt: string | null;
};

export type CustomFieldError = { key: string; label: string; message: string };
export type CustomFieldValidation = { ok: boolean; errors: CustomFieldError[]; values: Record<string, unknown> };

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

function matchOption(w: Widget, v: unknown): string | number | undefined {
  const opts = w.options.options ?? [];
  const hit = opts.find((o) => o.value === v) ?? opts.find((o) => String(o.value) === String(v).trim()) ?? opts.find((o) => o.label === String(v).trim());
  return hit?.value;
}

function decimals(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

/** One value checked against its widget: the normalised value, or the error message. */
function checkWidgetValue(w: Widget, raw: unknown): { value: unknown } | { error: string } {
  const label = w.label;
  const str = (max: number): { value: unknown } | { error: string } => {
    if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${label}应为文本` };
    const s = String(raw).trim();
    const limit = w.options.maxLength ?? max;
    if (s.length > limit) return { error: `${label}不能超过${limit}个字符` };
    return { value: s };
  };
  switch (w.type) {
    case 'input':
      return str(200);
    case 'textarea':
      return str(2000);
    case 'phone': {
      const r = str(30);
      if ('error' in r) return r;
      return /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/.test(r.value as string) ? r : { error: `${label}格式不正确，应为手机号或座机号` };
    }
    case 'email': {
      const r = str(100);
      if ('error' in r) return r;
      return z.email().safeParse(r.value).success ? r : { error: `${label}格式不正确，应为邮箱地址` };
    }
    case 'idNumber': {
      if (typeof raw !== 'string') return { error: `${label}应为文本` };
      const s = normalizeIdNumber(raw);
      const err = chineseIdCardError(s);
      return err ? { error: `${label}：${err}` } : { value: s };
    }
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(n)) return { error: `${label}应为数字` };
      if (w.options.min !== undefined && n < w.options.min) return { error: `${label}不能小于${w.options.min}` };
      if (w.options.max !== undefined && n > w.options.max) return { error: `${label}不能大于${w.options.max}` };
      if (w.options.precision !== undefined && decimals(n) > w.options.precision)
        return { error: w.options.precision === 0 ? `${label}应为整数` : `${label}最多${w.options.precision}位小数` };
      return { value: n };
    }
    case 'date': {
      if (typeof raw !== 'string' || !isValidIsoDate(raw.trim())) return { error: `${label}格式不正确，应为YYYY-MM-DD的有效日期` };
      return { value: raw.trim() };
    }
    case 'select':
    case 'radio': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${label}取值无效` };
      const v = matchOption(w, raw);
      return v === undefined ? { error: `${label}取值无效，请从选项中选择` } : { value: v };
    }
    case 'multiSelect':
    case 'checkbox': {
      const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[,，、;；]/).map((s) => s.trim()).filter(Boolean) : null;
      if (!list) return { error: `${label}取值无效` };
      const out: (string | number)[] = [];
      for (const item of list) {
        if (typeof item !== 'string' && typeof item !== 'number') return { error: `${label}取值无效` };
        const v = matchOption(w, item);
        if (v === undefined) return { error: `${label}取值无效，请从选项中选择` };
        if (!out.includes(v)) out.push(v);
      }
      return { value: out };
    }
    case 'switch': {
      if (typeof raw === 'boolean') return { value: raw };
      const t = String(raw).trim().toLowerCase();
      if (['1', 'true', '是', '开'].includes(t)) return { value: true };
      if (['0', 'false', '否', '关'].includes(t)) return { value: false };
      return { error: `${label}应为是或否` };
    }
    case 'image':
    case 'file': {
      const list = Array.isArray(raw) ? raw : [raw];
      const ids: string[] = [];
      for (const item of list) {
        const id = typeof item === 'string' ? item.trim().toLowerCase() : '';
        if (!FILE_ID_PATTERN.test(id)) return { error: `${label}应为已上传文件` };
        ids.push(id);
      }
      if (ids.length > 20) return { error: `${label}最多20个文件` };
      return { value: ids };
    }
  }
}

/**
 * Checks custom field values against a definition, by widget type. Returns the normalised values of
 * the defined keys (a select given by its label becomes the option's value; numbers given as text
 * become numbers). Keys the definition does not know are left out. With `partial`, a required field
 * that is absent is not an error (an update that does not touch it); null or '' still is.
 */
export function validateCustomFieldValues(
  definition: { widgetList: readonly Widget[] } | null | undefined,
  values: Record<string, unknown> | null | undefined,
  options: { partial?: boolean } = {},
): CustomFieldValidation {
  const errors: CustomFieldError[] = [];
  const out: Record<string, unknown> = {};
  const input = values ?? {};
  for (const w of definition?.widgetList ?? []) {
    const present = Object.prototype.hasOwnProperty.call(input, w.key);
    const raw = input[w.key];
    if (isEmpty(raw)) {
      if (w.options.required && !(options.partial && !present)) errors.push({ key: w.key, label: w.label, message: `请填写${w.label}` });
      else if (present) out[w.key] = null;
      continue;
    }
    const r = checkWidgetValue(w, raw);
    if ('error' in r) errors.push({ key: w.key, label: w.label, message: r.error });
    else out[w.key] = r.value;
  }
  return { ok: errors.length === 0, errors, values: out };
}

// ── attachments and tasks ──

export const zEmployeeRef = z.object({ employeeId: zId('员工') });
export const zEmployeeAttachmentAdd = z.object({
  employeeId: zId('员工'),
  fileId: zFileId('文件'),
  category: z.enum(ATTACHMENT_CATEGORIES.map((c) => c.value) as [AttachmentCategory, ...AttachmentCategory[]]).describe('附件类别'),
});
export type EmployeeAttachmentAdd = z.infer<typeof zEmployeeAttachmentAdd>;
export const zRecordId = (label: string) => z.object({ id: zId(label) });

export type EmployeeAttachmentItem = {
  id: number;
  employeeId: number;
  /** The file's public id (download through getTempToken). */
  fileId: string;
  fileName: string;
  size: number;
  contentType: string | null;
  isImage: boolean;
  category: AttachmentCategory;
  categoryName: string;
  createdAt: string;
};

export const zEmployeeTaskPage = z
  .object(
    labelled({
      pageNum: zPageNum,
      pageSize: zPageSize,
      employeeId: zId('员工').optional(),
      status: zCode(EMPLOYEE_TASK_STATUSES, '任务状态').optional(),
      type: zCode(EMPLOYEE_TASK_TYPES, '任务类型').optional(),
      keyword: z.string().trim().max(50).optional().describe('任务标题或员工姓名'),
      overdue: z.boolean().optional().describe('仅看逾期'),
    }),
  )
  .prefault({});
export type EmployeeTaskPage = z.infer<typeof zEmployeeTaskPage>;

export const zEmployeeTaskAdd = z.object(
  labelled({
    employeeId: zId('员工'),
    title: z.string().trim().min(1).max(100).describe('任务标题'),
    type: zCode(EMPLOYEE_TASK_TYPES, '任务类型'),
    dueDate: zIsoDate('截止日期').nullish(),
  }),
);
export type EmployeeTaskAdd = z.infer<typeof zEmployeeTaskAdd>;

export type EmployeeTaskItem = {
  id: number;
  employeeId: number;
  employeeName: string;
  employeeNo: string | null;
  departmentName: string | null;
  title: string;
  type: number;
  typeName: string;
  dueDate: string | null;
  isOverdue: boolean;
  status: number;
  statusName: string;
  doneAt: string | null;
  createdAt: string;
};

// ── answers ──

export type EmployeeListItem = {
  id: number;
  name: string;
  employeeNo: string | null;
  gender: number | null;
  genderName: string;
  birthDate: string | null;
  idType: number | null;
  idTypeName: string;
  /** 6+4 (SPEC §5) */
  idNumberMasked: string;
  /** 138****0000 */
  mobileMasked: string;
  email: string | null;
  departmentId: number | null;
  departmentName: string | null;
  /** Names from the root down to the department, e.g. ['杭州云帆科技', '研发中心', '前端组']. */
  departmentPathNames: string[];
  positionId: number | null;
  positionName: string | null;
  rankId: number | null;
  rankName: string | null;
  costCenterId: number | null;
  costCenterName: string | null;
  employmentType: number | null;
  employmentTypeName: string;
  status: number;
  statusName: string;
  hireDate: string | null;
  probationEndDate: string | null;
  leaveDate: string | null;
  workLocation: string | null;
  customFields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
};

export type EmployeeDetail = EmployeeListItem & {
  nationality: string | null;
  ethnicity: string | null;
  hukouType: number | null;
  hukouTypeName: string;
  education: number | null;
  educationName: string;
  maritalStatus: number | null;
  maritalStatusName: string;
  /** phone masked; revealSensitive with field 'emergencyPhone' shows it. */
  emergencyContact: { name: string; phoneMasked: string; relation: string | null } | null;
  address: string | null;
  bankName: string | null;
  bankAccountMasked: string;
  /** The photo's public file id. */
  photoFileId: string | null;
  /** Whether the caller may reveal the full values (sensitive.view). */
  canViewSensitive: boolean;
};

// ── employee numbering (工号规则) ──

export const MAX_EMPLOYEE_NO_PREFIX = 10;
export const MAX_EMPLOYEE_NO_DIGITS = 10;

/**
 * A company's automatic employee numbers: prefix + a sequence zero-padded to `digits` (YF + 4 →
 * YF0001). Off: HR types every number. On: a new record left without a number gets the next free one.
 */
export const zEmployeeNoRule = z.object({
  enabled: z.boolean().describe('自动生成工号'),
  prefix: z
    .string()
    .trim()
    .max(MAX_EMPLOYEE_NO_PREFIX)
    .regex(/^[A-Za-z0-9_-]*$/, '只能包含字母、数字、下划线和短横线')
    .default('')
    .describe('工号前缀'),
  digits: z.coerce.number().int().min(1).max(MAX_EMPLOYEE_NO_DIGITS).default(4).describe('流水号位数'),
});
export type EmployeeNoRule = z.infer<typeof zEmployeeNoRule>;
/** The rule with the number a new record would get now (null when the rule is off). */
export type EmployeeNoRuleView = EmployeeNoRule & { nextNo: string | null; updatedAt: string | null };

/** The number of a sequence under a rule: YF + 4 digits, 12 → YF0012 (longer when the sequence outgrows the digits). */
export function formatEmployeeNo(rule: Pick<EmployeeNoRule, 'prefix' | 'digits'>, seq: number): string {
  return `${rule.prefix}${String(seq).padStart(rule.digits, '0')}`;
}

/** The sequence an employee number stands for under a rule, or null when it is not one of the rule's numbers. */
export function employeeNoSequence(rule: Pick<EmployeeNoRule, 'prefix' | 'digits'>, employeeNo: string): number | null {
  if (!employeeNo.startsWith(rule.prefix)) return null;
  const rest = employeeNo.slice(rule.prefix.length);
  if (!/^\d+$/.test(rest) || rest.length < rule.digits || (rest.length > rule.digits && rest.startsWith('0'))) return null;
  const seq = Number(rest);
  return Number.isSafeInteger(seq) && seq > 0 ? seq : null;
}
