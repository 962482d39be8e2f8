import { z } from 'zod';

/**
 * Reminder settings (/employmentRelationship, 提醒设置): which dates of the roster HR is reminded of,
 * how many days ahead, and by which channels. A daily job sends the reminders.
 */

export const REMINDER_KINDS = [
  { key: 'probationEnd', label: '试用期到期', hint: '试用期员工的试用期结束日期' },
  { key: 'birthday', label: '员工生日', hint: '在职员工的生日（按出生日期）' },
  { key: 'workAnniversary', label: '入职周年', hint: '在职员工入职满一年、两年……的日期' },
  { key: 'contractExpiry', label: '合同到期', hint: '在职员工生效中劳动合同的结束日期' },
] as const;

export type ReminderKind = (typeof REMINDER_KINDS)[number]['key'];

export const REMINDER_KIND_KEYS = REMINDER_KINDS.map((k) => k.key) as [ReminderKind, ...ReminderKind[]];

export const MAX_REMINDER_DAYS_AHEAD = 90;
export const MAX_REMINDER_EMAILS = 10;

const zRule = (label: string) =>
  z.object({
    enabled: z.boolean().describe(`${label}提醒开关`),
    daysAhead: z.number().int().min(0).max(MAX_REMINDER_DAYS_AHEAD).describe(`${label}提前天数`),
  }).describe(`${label}提醒`);

export type ReminderRule = z.infer<ReturnType<typeof zRule>>;

/** The rule of a kind added after companies had saved their settings: a body without it gets the default. */
const CONTRACT_EXPIRY_DEFAULT: ReminderRule = { enabled: true, daysAhead: 30 };

export const zReminderConfig = z.object({
  probationEnd: zRule('试用期到期'),
  birthday: zRule('员工生日'),
  workAnniversary: zRule('入职周年'),
  contractExpiry: zRule('合同到期').default(() => ({ ...CONTRACT_EXPIRY_DEFAULT })),
  /** Extra addresses the reminders are also emailed to (in-app notices go to the roster's holders). */
  emails: z
    .array(z.email('格式不正确').max(100).describe('提醒邮箱'))
    .max(MAX_REMINDER_EMAILS)
    .default([])
    .describe('提醒邮箱'),
});

export type ReminderConfig = z.infer<typeof zReminderConfig>;

export const DEFAULT_REMINDER_CONFIG: ReminderConfig = {
  probationEnd: { enabled: true, daysAhead: 15 },
  birthday: { enabled: false, daysAhead: 3 },
  workAnniversary: { enabled: false, daysAhead: 3 },
  contractExpiry: CONTRACT_EXPIRY_DEFAULT,
  emails: [],
};

export type ReminderConfigView = ReminderConfig & { updatedAt: string | null; recipientCount: number };

/** remind/upcoming: what the next reminders will name, within each enabled kind's window. */
export const zReminderUpcoming = z
  .object({ kind: z.enum(REMINDER_KIND_KEYS).optional().describe('提醒类型') })
  .prefault({});

export type ReminderOccasion = {
  kind: ReminderKind;
  kindLabel: string;
  employeeId: number;
  employeeName: string;
  employeeNo: string | null;
  departmentName: string | null;
  /** The date reminded of, YYYY-MM-DD (this year's birthday or anniversary, the contract's end date). */
  date: string;
  daysLeft: number;
  /** Anniversaries: the years completed on the date. */
  years: number | null;
};
