import { EMPLOYEE_STATUS, EMPLOYEE_STATUSES, type EmployeeListItem, type Widget } from '@wfsaas/contracts';
import type { ChoosableColumn } from '../../app/ui/column-prefs.ts';
import { oneOf, type Codec } from '../../app/ui/list-query.ts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Pure rules of the roster screens (no React; unit-tested). */

// ── status tabs ──

/** The active roster: everyone not yet left. */
export const ACTIVE_STATUSES: readonly number[] = [EMPLOYEE_STATUS.pending, EMPLOYEE_STATUS.probation, EMPLOYEE_STATUS.regular, EMPLOYEE_STATUS.leaving];

export type RosterTab = 'all' | `${number}`;

export const ROSTER_TABS: readonly { key: RosterTab; label: string }[] = [
  { key: 'all', label: '全部' },
  ...EMPLOYEE_STATUSES.filter((s) => ACTIVE_STATUSES.includes(s.value)).map((s) => ({ key: String(s.value) as RosterTab, label: s.label })),
];

/** The tab in the URL; anything else shows 全部. */
export const rosterTabCodec = oneOf(ROSTER_TABS.map((t) => t.key));

/**
 * The statuses a tab asks for, narrowed by the status chosen in the query form. null when nothing can
 * match (the form excludes the tab's status) — the list is then empty without a request.
 */
export function statusesFor(tab: RosterTab, formStatuses: readonly number[] | undefined): number[] | null {
  const base = tab === 'all' ? [...ACTIVE_STATUSES] : [Number(tab)];
  if (!formStatuses || formStatuses.length === 0) return base;
  const out = base.filter((s) => formStatuses.includes(s));
  return out.length > 0 ? out : null;
}

/** Status tones: 待入职 grey, 试用期 blue, 正式 green, 待离职 orange, 已离职 default. */
export function statusTone(status: number): StatusTone {
  switch (status) {
    case EMPLOYEE_STATUS.pending:
      return 'pending';
    case EMPLOYEE_STATUS.probation:
      return 'processing';
    case EMPLOYEE_STATUS.regular:
      return 'success';
    case EMPLOYEE_STATUS.leaving:
      return 'warning';
    default:
      return 'default';
  }
}

// ── query form → request body ──

export type CustomFilterValue = string | number | boolean | [string, string] | null | undefined;

/** What the query form holds (dates already as YYYY-MM-DD). */
export type RosterFilterValues = {
  keyword?: string;
  departmentId?: number | null;
  includeSubDepartments?: boolean;
  positionId?: number | null;
  rankId?: number | null;
  status?: number[];
  employmentType?: number[];
  hireDate?: [string, string] | null;
  /** 'none': without a labour contract in force. */
  labourContract?: 'none' | null;
  /** custom field key → value (a [from, to] pair for number and date widgets) */
  custom?: Record<string, CustomFilterValue>;
};

export type CustomFieldFilter = { key: string; op: 'eq' | 'contains' | 'gte' | 'lte'; value: string | number | boolean };

export type RosterRequest = {
  keyword?: string;
  departmentId?: number;
  includeSubDepartments: boolean;
  positionId?: number;
  rankId?: number;
  status: number[];
  employmentType?: number[];
  hireDateFrom?: string;
  hireDateTo?: string;
  withoutLabourContract?: boolean;
  customFieldFilters?: CustomFieldFilter[];
};

/** Widgets that can filter the roster (files and images cannot). */
export function filterableWidgets(widgets: readonly Widget[]): Widget[] {
  return widgets.filter((w) => w.type !== 'image' && w.type !== 'file');
}

/** How a widget filters: text contains, a range for numbers and dates, equality for choices. */
export function customFilterKind(w: Widget): 'text' | 'range' | 'choice' | 'switch' {
  switch (w.type) {
    case 'number':
    case 'date':
      return 'range';
    case 'select':
    case 'radio':
    case 'multiSelect':
    case 'checkbox':
      return 'choice';
    case 'switch':
      return 'switch';
    default:
      return 'text';
  }
}

function customFilters(widgets: readonly Widget[], values: Record<string, CustomFilterValue> | undefined): CustomFieldFilter[] {
  const out: CustomFieldFilter[] = [];
  if (!values) return out;
  for (const w of filterableWidgets(widgets)) {
    const v = values[w.key];
    if (v === undefined || v === null || v === '') continue;
    const kind = customFilterKind(w);
    if (kind === 'range' && Array.isArray(v)) {
      const [from, to] = v;
      const conv = (x: string) => (w.type === 'number' ? Number(x) : x);
      if (from !== '' && from !== undefined) out.push({ key: w.key, op: 'gte', value: conv(from) });
      if (to !== '' && to !== undefined) out.push({ key: w.key, op: 'lte', value: conv(to) });
    } else if (kind === 'text' && typeof v === 'string') {
      if (v.trim()) out.push({ key: w.key, op: 'contains', value: v.trim() });
    } else if (!Array.isArray(v)) {
      out.push({ key: w.key, op: 'eq', value: v });
    }
  }
  return out.slice(0, 10);
}

/** The custom-field filters without empty entries; undefined when none is left (kept out of the URL). */
export function compactCustom(values: Record<string, CustomFilterValue> | undefined): Record<string, CustomFilterValue> | undefined {
  const entries = Object.entries(values ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function isCustomValue(v: unknown): v is CustomFilterValue {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true;
  return Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string');
}

/** The custom-field filters in the URL: a JSON object of field key → value; anything else is ignored. */
export const customFilterCodec: Codec<Record<string, CustomFilterValue>> = {
  parse: (raw) => {
    try {
      const v: unknown = JSON.parse(raw);
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
      return Object.values(v).every(isCustomValue) ? compactCustom(v as Record<string, CustomFilterValue>) : undefined;
    } catch {
      return undefined;
    }
  },
  format: (v) => JSON.stringify(v),
};

/** The pageList / export body of the query form and the tab; null when nothing can match. */
export function rosterRequest(values: RosterFilterValues, tab: RosterTab, widgets: readonly Widget[] = []): RosterRequest | null {
  const status = statusesFor(tab, values.status);
  if (!status) return null;
  const body: RosterRequest = { includeSubDepartments: values.includeSubDepartments ?? true, status };
  const kw = values.keyword?.trim();
  if (kw) body.keyword = kw;
  if (values.departmentId) body.departmentId = values.departmentId;
  if (values.positionId) body.positionId = values.positionId;
  if (values.rankId) body.rankId = values.rankId;
  if (values.employmentType && values.employmentType.length > 0) body.employmentType = [...values.employmentType];
  if (values.hireDate?.[0]) body.hireDateFrom = values.hireDate[0];
  if (values.hireDate?.[1]) body.hireDateTo = values.hireDate[1];
  if (values.labourContract === 'none') body.withoutLabourContract = true;
  const custom = customFilters(widgets, values.custom);
  if (custom.length > 0) body.customFieldFilters = custom;
  return body;
}

// ── column chooser ──

export const ROSTER_COLUMNS: readonly ChoosableColumn[] = [
  { key: 'name', title: '姓名', defaultVisible: true, locked: true },
  { key: 'employeeNo', title: '工号', defaultVisible: true },
  { key: 'department', title: '部门', defaultVisible: true },
  { key: 'position', title: '岗位', defaultVisible: true },
  { key: 'rank', title: '职级', defaultVisible: false },
  { key: 'mobile', title: '手机号', defaultVisible: true },
  { key: 'idNumber', title: '证件号码', defaultVisible: true },
  { key: 'employmentType', title: '用工类型', defaultVisible: true },
  { key: 'status', title: '员工状态', defaultVisible: true },
  { key: 'hireDate', title: '入职日期', defaultVisible: true },
  { key: 'tenure', title: '司龄', defaultVisible: false },
  { key: 'gender', title: '性别', defaultVisible: false },
  { key: 'costCenter', title: '成本中心', defaultVisible: false },
  { key: 'workLocation', title: '工作地点', defaultVisible: false },
  { key: 'probationEndDate', title: '试用期结束', defaultVisible: false },
];

/** Key of a custom field's roster column. */
export const customColumnKey = (widgetKey: string): string => `custom.${widgetKey}`;

/** The standard columns and one per custom field a cell can show (not images or files), hidden until chosen. */
export function rosterColumnsWith(widgets: readonly Widget[]): ChoosableColumn[] {
  return [...ROSTER_COLUMNS, ...filterableWidgets(widgets).map((w) => ({ key: customColumnKey(w.key), title: w.label, defaultVisible: false }))];
}

/** A custom value as a person reads it: option labels, 是/否, choices joined by 、. */
export function customValueText(w: Widget, v: unknown, empty = '—'): string {
  if (v === undefined || v === null || v === '') return empty;
  const opts = w.options.options ?? [];
  const label = (x: unknown) => opts.find((o) => o.value === x)?.label ?? String(x);
  if (Array.isArray(v)) return v.length ? v.map(label).join('、') : empty;
  if (typeof v === 'boolean') return v ? '是' : '否';
  return opts.length ? label(v) : String(v);
}

// ── 司龄 ──

/** Whole months from `from` to `to` (both YYYY-MM-DD); a day of month not yet reached does not count. */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  if (td < fd) {
    // the last day of a shorter month completes the month (01-31 → 02-28)
    const lastDayOfTo = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
    if (!(td === lastDayOfTo && fd > lastDayOfTo)) months -= 1;
  }
  return months;
}

/** 司龄 as N年M个月, from the hire date to the leave date or today; — before the hire date. */
export function formatTenure(hireDate: string | null | undefined, today: string, leaveDate?: string | null): string {
  if (!hireDate) return '—';
  const end = leaveDate && leaveDate < today ? leaveDate : today;
  if (end < hireDate) return '—';
  const m = monthsBetween(hireDate, end);
  return `${Math.floor(m / 12)}年${m % 12}个月`;
}

export function todayIso(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** The department as a trail below the company (研发中心 / 前端组), or its name. */
export function departmentLabel(e: Pick<EmployeeListItem, 'departmentName' | 'departmentPathNames'>): string {
  const names = e.departmentPathNames.length > 1 ? e.departmentPathNames.slice(1) : e.departmentPathNames;
  return names.length > 0 ? names.join(' / ') : (e.departmentName ?? '—');
}

// ── the employee file ──

/** How long a revealed value stays visible. */
export const REVEAL_MS = 30_000;

/** The file is opened over the roster by ?file=<id>. */
export function fileIdFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('file');
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
