/** The service board's and statistics' paths, keys, bands and answers: no zod, so the layout's badge and /home load without it. */

export const STAT_API = '/wfsaas-stat/api';
export const STAT_PATHS = {
  board: '/service/board',
  employeeStructure: '/service/employeeStructure',
  employmentRisk: '/service/employmentRisk',
  taxDeclaration: '/service/taxDeclaration',
  insured: '/service/insured',
  exportingCount: '/fileStat/statExportingCount',
} as const;

/** The board's window for "due soon" counts (试用期到期, 合同到期) and for 未签劳动合同 (劳动合同法第十条、第八十二条). */
export const BOARD_WINDOW_DAYS = 30;

/** The board's items, in the order the board shows them. */
export const BOARD_KEYS = [
  'staffRollBoard',
  'entryBoard',
  'conversionHeadIndex',
  'overdueNotSigned',
  'isExpiredSigned',
  'distributionStatus',
  'isWeWaitSign',
  'socialBoard',
  'payslipBoard',
] as const;
export type BoardKey = (typeof BOARD_KEYS)[number];

/** Where a count leads: a screen's path and the query that filters its list to exactly what was counted. */
export type BoardLink = { path: string; query: Record<string, string> };
export type BoardTone = 'default' | 'processing' | 'success' | 'warning' | 'error';
export type BoardCount = {
  key: string;
  label: string;
  value: number;
  unit: string;
  tone: BoardTone;
  link: BoardLink;
  /** The 用工风险 list of the same people (employmentRisk). */
  riskKey?: RiskKey;
};
export type BoardItem = { key: BoardKey; label: string; counts: BoardCount[] };
export type ServiceBoard = { today: string; items: BoardItem[] };

/** A link as the address the browser opens (commas of a list kept readable). */
export function boardHref(link: BoardLink): string {
  const enc = (v: string) => encodeURIComponent(v).replace(/%2C/g, ',');
  const q = Object.entries(link.query)
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  return q ? `${link.path}?${q}` : link.path;
}

// ── 用工风险 ──

export const RISK_KEYS = ['probationDue', 'probationOverdue', 'unsignedOverdue', 'contractExpiring', 'contractExpired'] as const;
export type RiskKey = (typeof RISK_KEYS)[number];
export const RISKS: readonly { key: RiskKey; label: string; dateLabel: string }[] = [
  { key: 'probationDue', label: '试用期30天内到期', dateLabel: '试用期结束日期' },
  { key: 'probationOverdue', label: '试用期已逾期', dateLabel: '试用期结束日期' },
  { key: 'unsignedOverdue', label: '入职超30天未签劳动合同', dateLabel: '入职日期' },
  { key: 'contractExpiring', label: '劳动合同30天内到期', dateLabel: '合同结束日期' },
  { key: 'contractExpired', label: '劳动合同已过期未处理', dateLabel: '合同结束日期' },
];
export const riskLabel = (key: string): string => RISKS.find((r) => r.key === key)?.label ?? key;

export type RiskPerson = {
  employeeId: number;
  name: string;
  employeeNo: string | null;
  departmentName: string | null;
  /** The date the risk is measured from (see RISKS' dateLabel). */
  date: string | null;
  /** Days past the deadline (0 when not yet due). */
  daysOverdue: number;
  /** Days left until the deadline (0 when past). */
  daysLeft: number;
};

// ── 员工结构 ──

export type StructureBucket = { key: string; label: string; count: number };
export type EmployeeStructure = {
  /** On the roster (试用期, 正式, 待离职) within the caller's data permission: every dimension sums to it. */
  total: number;
  link: BoardLink;
  departmentLevel: number;
  department: StructureBucket[];
  gender: StructureBucket[];
  age: StructureBucket[];
  tenure: StructureBucket[];
  education: StructureBucket[];
  employmentType: StructureBucket[];
  /** Average age and tenure, as N年M个月 (null without any dated record). */
  averageAge: string | null;
  averageTenure: string | null;
};

/** Age bands by whole years: [from, to) — the last open. */
export const AGE_BANDS = [
  { key: 'under25', label: '25岁以下', from: 0, to: 25 },
  { key: '25to30', label: '25-29岁', from: 25, to: 30 },
  { key: '30to35', label: '30-34岁', from: 30, to: 35 },
  { key: '35to40', label: '35-39岁', from: 35, to: 40 },
  { key: '40to50', label: '40-49岁', from: 40, to: 50 },
  { key: '50plus', label: '50岁及以上', from: 50, to: Number.POSITIVE_INFINITY },
] as const;

/** Tenure bands by whole months: [from, to) — the last open. */
export const TENURE_BANDS = [
  { key: 'under1y', label: '1年以下', from: 0, to: 12 },
  { key: '1to3y', label: '1-3年', from: 12, to: 36 },
  { key: '3to5y', label: '3-5年', from: 36, to: 60 },
  { key: '5to10y', label: '5-10年', from: 60, to: 120 },
  { key: '10yplus', label: '10年及以上', from: 120, to: Number.POSITIVE_INFINITY },
] as const;

export const UNKNOWN_BUCKET = { key: 'unknown', label: '未填写' } as const;

/** The band of a whole number of years (age) or months (tenure); null, negative or non-integer: unknown. */
export function bandOf(value: number | null | undefined, bands: readonly { key: string; from: number; to: number }[]): string {
  if (value === null || value === undefined || !Number.isInteger(value) || value < 0) return UNKNOWN_BUCKET.key;
  return bands.find((b) => value >= b.from && value < b.to)?.key ?? UNKNOWN_BUCKET.key;
}

/** Whole months from `from` to `to` (YYYY-MM-DD); a day of month not yet reached does not count, a month's last day completes it. */
export function wholeMonthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  if (td < fd) {
    const lastDayOfTo = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
    if (!(td === lastDayOfTo && fd > lastDayOfTo)) months -= 1;
  }
  return months;
}

/** A duration in whole months as N年M个月 (docs/dashboard.md); under a year: M个月. */
export function formatYearsMonths(months: number): string {
  if (!Number.isFinite(months) || months < 0) return '—';
  const m = Math.floor(months);
  const y = Math.floor(m / 12);
  return y > 0 ? `${y}年${m % 12}个月` : `${m % 12}个月`;
}

// ── 个税申报, 参保人数, 导出中 ──

export type TaxDeclarationStat = {
  month: string;
  /** 0 未申报, 1 已申报 (declarationRecords). */
  status: 0 | 1;
  statusLabel: string;
  /** Locked or submitted payroll runs of the month; 0: nothing to declare. */
  runCount: number;
  headcount: number;
  income: string;
  tax: string;
  declaredAt: string | null;
  /** The 15th of the following month (法定申报期限; moved by holidays as the tax bureau announces). */
  deadline: string;
  link: BoardLink;
};

export type InsuredStat = {
  month: string;
  total: number;
  entities: { entityId: number; name: string; city: string; count: number; link: BoardLink }[];
};

export type ExportingCount = { exporting: number };
