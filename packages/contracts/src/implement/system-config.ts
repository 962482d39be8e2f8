import { z } from 'zod';

/**
 * 系统配置 (/implement/systemConfig): the roster's standard fields (shown, required, renamed, order),
 * sign-in and password rules, the page watermark and data retention. Every endpoint is a POST.
 */

export const SYSTEM_FIELD_CONFIG_API = '/wfsaas-system/api/systemFieldConfig';
export const SYSTEM_FIELD_CONFIG_PATHS = {
  list: '/list',
  save: '/save',
  reset: '/reset',
  /** The visible fields in order, for the roster, the employee form and the import (any member). */
  columns: '/columns',
} as const;

export const SYSTEM_CONFIG_API = '/wfsaas-system/api/systemConfig';
export const SYSTEM_CONFIG_PATHS = {
  detail: '/detail',
  securitySave: '/security/save',
  watermarkSave: '/watermark/save',
  retentionSave: '/retention/save',
  /** The watermark drawn for the signed-in member (any member). */
  watermark: '/watermark/current',
} as const;

export const SYSTEM_CONFIG_READ = 'systemConfig';
export const SYSTEM_CONFIG_EDIT = 'systemConfig.edit';

export type SystemFieldDef = {
  /** The field's key in the employee record (zEmployeeAdd). */
  key: string;
  label: string;
  /** Core identity fields are always shown and keep their required rule. */
  core: boolean;
  /** Required unless the company says otherwise (for core fields: always as here). */
  required: boolean;
  /** The roster column that shows it, if any. */
  column: string | null;
  group: 'basic' | 'identity' | 'job' | 'bank' | 'emergency';
};

const f = (key: string, label: string, group: SystemFieldDef['group'], o: { core?: boolean; required?: boolean; column?: string } = {}): SystemFieldDef => ({
  key,
  label,
  group,
  core: o.core ?? false,
  required: o.required ?? false,
  column: o.column ?? null,
});

/** The standard fields in their default order. */
export const SYSTEM_FIELDS: readonly SystemFieldDef[] = [
  f('name', '姓名', 'basic', { core: true, required: true, column: 'name' }),
  f('employeeNo', '工号', 'job', { core: true, required: true, column: 'employeeNo' }),
  f('departmentId', '部门', 'job', { core: true, required: true, column: 'department' }),
  f('positionId', '岗位', 'job', { column: 'position' }),
  f('rankId', '职级', 'job', { column: 'rank' }),
  f('mobile', '手机号', 'identity', { core: true, required: true, column: 'mobile' }),
  f('idType', '证件类型', 'identity', { core: true, required: true }),
  f('idNumber', '证件号码', 'identity', { core: true, required: true, column: 'idNumber' }),
  f('employmentType', '用工类型', 'job', { core: true, required: true, column: 'employmentType' }),
  f('status', '员工状态', 'job', { core: true, column: 'status' }),
  f('hireDate', '入职日期', 'job', { core: true, required: true, column: 'hireDate' }),
  f('gender', '性别', 'basic', { column: 'gender' }),
  f('birthDate', '出生日期', 'basic'),
  f('nationality', '国籍', 'basic'),
  f('ethnicity', '民族', 'basic'),
  f('hukouType', '户口性质', 'basic'),
  f('education', '学历', 'basic'),
  f('maritalStatus', '婚姻状况', 'basic'),
  f('email', '邮箱', 'identity'),
  f('address', '联系地址', 'identity'),
  f('costCenterId', '成本中心', 'job', { column: 'costCenter' }),
  f('workLocation', '工作地点', 'job', { column: 'workLocation' }),
  f('probationEndDate', '试用期结束日期', 'job', { column: 'probationEndDate' }),
  f('bankName', '开户银行', 'bank'),
  f('bankAccount', '银行卡号', 'bank'),
  f('emergencyContact', '紧急联系人', 'emergency'),
];

export const systemFieldDef = (key: string): SystemFieldDef | undefined => SYSTEM_FIELDS.find((x) => x.key === key);

/** A field as the company has set it. */
export type SystemFieldSetting = {
  key: string;
  /** The product's own name of the field. */
  standardLabel: string;
  /** The name shown (the standard one unless renamed). */
  label: string;
  visible: boolean;
  required: boolean;
  core: boolean;
  column: string | null;
  group: SystemFieldDef['group'];
  sortOrder: number;
};

export const zSystemFieldSave = z.object({
  /** Every field the company sets, in the order to show them; fields left out keep their defaults, after these. */
  fields: z
    .array(
      z.object({
        key: z.string().trim().min(1).max(50).describe('字段'),
        label: z.string().trim().max(20, '不能超过20个字符').optional().describe('显示名称'),
        visible: z.boolean().describe('是否显示'),
        required: z.boolean().describe('是否必填'),
      }),
    )
    .min(1, '请至少设置一个字段')
    .max(SYSTEM_FIELDS.length)
    .describe('字段配置'),
});
export type SystemFieldSave = z.infer<typeof zSystemFieldSave>;

// ── sign-in and passwords ──

export const PASSWORD_CLASSES = [
  { value: 'letter', label: '字母' },
  { value: 'digit', label: '数字' },
  { value: 'upperLower', label: '大写和小写字母' },
  { value: 'symbol', label: '特殊符号' },
] as const;
export type PasswordClass = (typeof PASSWORD_CLASSES)[number]['value'];
export const passwordClassLabel = (v: string): string => PASSWORD_CLASSES.find((c) => c.value === v)?.label ?? v;

/** The product's rule before a company sets its own. */
export const DEFAULT_SECURITY = {
  passwordMinLength: 8,
  passwordClasses: ['letter', 'digit'] as PasswordClass[],
  passwordExpiryDays: 0,
  passwordHistory: 0,
  lockAfterFailures: 5,
  lockMinutes: 15,
  /** null: the platform's session lifetime. */
  sessionHours: null as number | null,
};
export type SecuritySettings = typeof DEFAULT_SECURITY;

export const zSecuritySave = z.object({
  passwordMinLength: z.number().int().min(8).max(32).describe('密码最小长度'),
  passwordClasses: z
    .array(z.enum(PASSWORD_CLASSES.map((c) => c.value) as [PasswordClass, ...PasswordClass[]]).describe('字符类型'))
    .max(PASSWORD_CLASSES.length)
    .describe('必须包含的字符类型'),
  passwordExpiryDays: z.number().int().min(0).max(365).describe('密码有效期（天）'),
  passwordHistory: z.number().int().min(0).max(12).describe('不得重复使用最近的密码个数'),
  lockAfterFailures: z.number().int().min(3).max(10).describe('连续输错锁定次数'),
  lockMinutes: z.number().int().min(5).max(1440).describe('锁定时长（分钟）'),
  sessionHours: z.number().int().min(1).max(24 * 90).nullable().describe('登录有效期（小时）'),
});

/** The password rules in words, for a form's hint and a refusal. */
export function passwordRuleText(s: Pick<SecuritySettings, 'passwordMinLength' | 'passwordClasses'>): string {
  const classes = s.passwordClasses.map(passwordClassLabel);
  return `至少${s.passwordMinLength}位${classes.length > 0 ? `，须包含${classes.join('、')}` : ''}`;
}

/** The first rule a password breaks, in Chinese naming the rule; null when it keeps them all. */
export function passwordPolicyError(password: string, s: Pick<SecuritySettings, 'passwordMinLength' | 'passwordClasses'>): string | null {
  if (password.length < s.passwordMinLength) return `密码长度不能少于${s.passwordMinLength}位（企业密码策略）`;
  const tests: Record<PasswordClass, (p: string) => boolean> = {
    letter: (p) => /[A-Za-z]/.test(p),
    digit: (p) => /\d/.test(p),
    upperLower: (p) => /[A-Z]/.test(p) && /[a-z]/.test(p),
    symbol: (p) => /[^A-Za-z0-9]/.test(p),
  };
  for (const c of s.passwordClasses) if (!tests[c](password)) return `密码须包含${passwordClassLabel(c)}（企业密码策略）`;
  return null;
}

// ── watermark ──

export const DEFAULT_PAGE_WATERMARK = { enabled: false, showName: true, showPhone: true, showDate: true, text: '' };
export type PageWatermarkSettings = typeof DEFAULT_PAGE_WATERMARK;

export const zPageWatermarkSave = z.object({
  enabled: z.boolean().describe('启用页面水印'),
  showName: z.boolean().describe('显示姓名'),
  showPhone: z.boolean().describe('显示手机尾号'),
  showDate: z.boolean().describe('显示日期'),
  text: z.string().trim().max(20, '不能超过20个字符').describe('自定义文字'),
});

/** What the web draws: the lines of the signed-in member's watermark, or nothing. */
export type PageWatermarkView = { enabled: boolean; lines: string[] };

// ── retention ──

/** Legal floors: network logs are kept at least six months (网络安全法 第二十一条). */
export const RETENTION_LIMITS = {
  importDays: { min: 1, max: 365, default: 7 },
  auditDays: { min: 180, max: 3650, default: 1095 },
  outboxDays: { min: 90, max: 3650, default: 365 },
} as const;
export const DEFAULT_RETENTION = { importDays: 7, auditDays: 1095, outboxDays: 365 };
export type RetentionSettings = typeof DEFAULT_RETENTION;

export const zRetentionSave = z.object({
  importDays: z.number().int().min(RETENTION_LIMITS.importDays.min).max(RETENTION_LIMITS.importDays.max).describe('导入数据保留天数'),
  auditDays: z
    .number()
    .int()
    .min(RETENTION_LIMITS.auditDays.min, `不能少于${RETENTION_LIMITS.auditDays.min}天（网络日志留存不少于六个月）`)
    .max(RETENTION_LIMITS.auditDays.max)
    .describe('操作日志保留天数'),
  outboxDays: z.number().int().min(RETENTION_LIMITS.outboxDays.min).max(RETENTION_LIMITS.outboxDays.max).describe('短信与邮件记录保留天数'),
});

export type SystemConfigView = {
  security: SecuritySettings;
  watermark: PageWatermarkSettings;
  retention: RetentionSettings;
  /** The platform's ceiling of a session (SESSION_TTL_HOURS). */
  sessionHoursCeiling: number;
  updatedAt: string | null;
};
