import { z } from 'zod';
import { zFileId, zId, zPhone } from './auth.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';
import { zMoney } from './org.ts';
import { ATTACHMENT_CATEGORIES, EDUCATIONS, EMPLOYEE_STATUSES, EMPLOYEE_TASK_STATUSES, EMPLOYEE_TASK_TYPES, EMPLOYMENT_TYPES, ETHNICITIES, GENDERS, HUKOU_TYPES, ID_TYPES, MARITAL_STATUSES, type AttachmentCategory, type CodeOption } from './employee-codes.ts';
import { isValidIsoDate, normalizeIdNumber } from './id-numbers.ts';
import { labelled, partialLabelled } from './schema-labels.ts';

/** The employee record: request schemas of the roster endpoints and the answer shapes. */

export * from './employee-codes.ts';
export * from './id-numbers.ts';
export * from './custom-form.ts';
export * from './employee-numbering.ts';

// ── schema pieces ──

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
  /** Only employees without a labour contract in force (生效中, of types 1–3: fixed-term, open-ended, per task; internship and service agreements are not labour contracts). */
  withoutLabourContract: z.boolean().optional().describe('未签劳动合同'),
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

/** CompanyEmployee/pageList(default 1/10, at most 500 a page). */
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

/** CompanyEmployeeInfo/detail(by id or comEmpInfoId). */
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

/** CompanyEmployee/count/checkUnique: `id` is the stored employee's own id while editing. */
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
  /** 6+4 */
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
