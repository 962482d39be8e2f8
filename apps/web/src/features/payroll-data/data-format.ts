import {
  DATA_KINDS,
  PAYROLL_API,
  PAYROLL_DATA_PATHS,
  type DataColumn,
  type DataGroupView,
  type DataKind,
  type DataKindKey,
  type DataTableView,
  type RunInputSource,
  type RunPullResult,
} from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Pure helpers of the 共享数据 screens (no React, unit-tested). */

export type KindDef = (typeof DATA_KINDS)[number];

/** What each kind's screens say and where they live. */
export const KIND_SCREENS: Record<DataKindKey, { title: string; listPath: string; detailBase: string; description: string; pushed: boolean }> = {
  import: {
    title: '导入表数据',
    listPath: '/fzsxapp/importTableData',
    detailBase: '/fzsxapp/importTableDataDetail',
    description: '考勤、绩效等按月整理的 Excel 数据：建好数据表后下载模板，每月上传一次，按工号或证件号码匹配员工。',
    pushed: false,
  },
  iot: {
    title: '物联网数据',
    listPath: '/fzsxapp/iotData',
    detailBase: '/fzsxapp/iotData/detail',
    description: '考勤机、门禁等设备通过数据推送接口每月推送的数据，按工号或证件号码匹配员工。',
    pushed: true,
  },
  app: {
    title: '应用数据',
    listPath: '/fzsxapp/applicationData',
    detailBase: '/fzsxapp/applicationData/detail',
    description: 'OA、绩效系统等业务应用通过数据推送接口每月推送的数据，按工号或证件号码匹配员工。',
    pushed: true,
  },
};

export function kindDef(key: DataKindKey): KindDef {
  return DATA_KINDS.find((k) => k.key === key)!;
}

export function kindKeyOf(kind: DataKind | number): DataKindKey {
  return (DATA_KINDS.find((k) => k.kind === kind) ?? DATA_KINDS[0]).key;
}

/** The screen of a batch (its rows). */
export function batchDetailPath(kind: DataKind | number, batchId: number): string {
  return `${KIND_SCREENS[kindKeyOf(kind)].detailBase}/${batchId}`;
}

/** Where a table's batches are listed: the batches page of an import table, the list with its batch drawer open otherwise. */
export function batchesPath(kind: DataKind | number, tableId: number): string {
  const key = kindKeyOf(kind);
  return key === 'import' ? `/fzsxapp/importTableDataBatch/${tableId}` : `${KIND_SCREENS[key].listPath}?table=${tableId}`;
}

/** Tones of a batch: valid green, voided default. */
export function batchStatusTone(status: number): StatusTone {
  return status === 1 ? 'success' : 'default';
}

/**
 * Of a kind's tables, those known to have valid data in `month` (their latest valid month is it),
 * and the ids of those whose latest month is later — whether they also have this month needs a look.
 * A table whose latest month is earlier, or that has none, has no data this month.
 */
export function tablesWithDataIn(tables: readonly Pick<DataTableView, 'id' | 'latestMonth'>[], month: string): { known: number; unsure: number[] } {
  let known = 0;
  const unsure: number[] = [];
  for (const t of tables) {
    if (t.latestMonth === month) known += 1;
    else if (t.latestMonth !== null && t.latestMonth > month) unsure.push(t.id);
  }
  return { known, unsure };
}

/** Employees' keys shown in the push example, by match key. */
const EXAMPLE_KEYS = {
  employeeNo: [
    ['A0001', '张伟'],
    ['A0002', '王芳'],
  ],
  idNumber: [
    ['330106199001011234', '张伟'],
    ['33010619920315002X', '王芳'],
  ],
} as const;

/** The URL of the push API (on the app's own origin). */
export const PUSH_PATH = `${PAYROLL_API}${PAYROLL_DATA_PATHS.push}`;

/** A JSON body an integrator can start from to push a month of data into `table`. */
export function pushExampleBody(table: Pick<DataTableView, 'id' | 'matchKey' | 'columns'>, month: string): string {
  const keys = EXAMPLE_KEYS[table.matchKey] ?? EXAMPLE_KEYS.employeeNo;
  const sample = (row: number) => Object.fromEntries(table.columns.map((c, i) => [c.column, exampleValue(i, row)]));
  const body = {
    tableId: table.id,
    month,
    replace: false,
    rows: keys.map(([key, name], row) => ({ key, name, values: sample(row) })),
  };
  return JSON.stringify(body, null, 2);
}

function exampleValue(column: number, row: number): number {
  const base = [21.5, 8, 300, 1200, 2.5, 100];
  const v = base[column % base.length]!;
  return row === 0 ? v : Math.round((v * 0.9 + 0.5) * 10) / 10;
}

/** The command line an integrator can try with the body saved as data.json. */
export function pushCurl(origin: string): string {
  return [
    `curl -X POST '${origin}${PUSH_PATH}' \\`,
    "  -H 'Content-Type: application/json' \\",
    "  -H 'Authorization: Bearer <访问令牌>' \\",
    "  -H 'companyId: <企业ID>' \\",
    '  -d @data.json',
  ].join('\n');
}

/** How a run input value's origin is shown on 数据详情. */
export type SourceBadge = { label: string; color: string; tip: string; batch?: { tableId: number; batchId: number } };

/**
 * The badge of a value: from a data table's batch, typed by hand, or (no record) imported straight
 * into the run from an xlsx; null when the employee has no value for the item.
 */
export function sourceBadge(value: string | undefined, source: RunInputSource | undefined): SourceBadge | null {
  if (value === undefined || value === '') return null;
  if (!source) return { label: '直接导入', color: 'default', tip: '在「导入数据」步骤上传 xlsx 导入本批次' };
  if (source.kind === 'manual') return { label: '手工录入', color: 'orange', tip: '在审核结果中手工录入或修改' };
  return { label: source.tableName, color: 'blue', tip: `来自共享数据「${source.tableName}」批次 #${source.batchId}`, batch: { tableId: source.tableId, batchId: source.batchId } };
}

/** How many values of each origin a page of run inputs has (for the legend). */
export function countSources(rows: readonly { values: Record<string, string>; sources: Record<string, RunInputSource> }[]): { table: number; manual: number; direct: number } {
  const out = { table: 0, manual: 0, direct: 0 };
  for (const r of rows) {
    for (const [item, value] of Object.entries(r.values)) {
      const b = sourceBadge(value, r.sources[item]);
      if (!b) continue;
      if (b.batch) out.table += 1;
      else if (b.label === '手工录入') out.manual += 1;
      else out.direct += 1;
    }
  }
  return out;
}

/** Headers that name the employee and so cannot be data columns (the server's rule). */
const RESERVED_HEADERS = new Set(['工号', '证件号码', '身份证号', '身份证号码', '姓名']);

export type ColumnDraft = { column?: string; item?: string };

/** The columns of the table form as the server stores them: headers without spaces, items trimmed. */
export function normaliseColumns(rows: readonly ColumnDraft[]): DataColumn[] {
  return rows.map((r) => ({ column: (r.column ?? '').replace(/\s+/g, ''), item: (r.item ?? '').trim() }));
}

/** The first problem of the table form's columns, in the server's words; null when they are fine. */
export function columnsProblem(rows: readonly ColumnDraft[]): string | null {
  if (rows.length === 0) return '请至少设置一列';
  const headers = new Set<string>();
  const items = new Set<string>();
  for (const [i, col] of normaliseColumns(rows).entries()) {
    if (!col.column) return `第${i + 1}行：表头名称不能为空`;
    if (!col.item) return `第${i + 1}行：工资项名称不能为空`;
    if (RESERVED_HEADERS.has(col.column)) return `数据列：「${col.column}」用于匹配员工，不能作为数据列`;
    if (headers.has(col.column)) return `数据列：表头名称「${col.column}」重复`;
    if (items.has(col.item)) return `数据列：工资项「${col.item}」对应了多列，一个工资项只能对应一列`;
    headers.add(col.column);
    items.add(col.item);
  }
  return null;
}

/** Input items of a group that none of its linked tables feeds (they must come from an import or by hand). */
export function unfedInputs(group: Pick<DataGroupView, 'inputItems' | 'tables'>): string[] {
  const fed = new Set(group.tables.flatMap((t) => t.matched.map((c) => c.item)));
  return group.inputItems.filter((i) => !fed.has(i));
}

/** Input items fed by more than one linked table: the later table (by id) wins in a pull. */
export function contestedInputs(group: Pick<DataGroupView, 'tables'>): { item: string; tables: string[] }[] {
  const by = new Map<string, string[]>();
  for (const t of group.tables) for (const c of t.matched) by.set(c.item, [...(by.get(c.item) ?? []), t.name]);
  return [...by].filter(([, ts]) => ts.length > 1).map(([item, ts]) => ({ item, tables: ts }));
}

/** One line about a pull: how many employees got data, from how many tables, what was left out. */
export function pullSummary(r: RunPullResult): string {
  const used = r.tables.filter((t) => t.batchId !== null);
  const missing = r.tables.length - used.length;
  const notMembers = used.reduce((s, t) => s + t.notMembers, 0);
  const errors = used.reduce((s, t) => s + t.errors, 0);
  const parts = [`已从 ${used.length} 个数据表为 ${r.employees} 名员工取数`];
  if (missing > 0) parts.push(`${missing} 个数据表本月暂无有效数据`);
  if (notMembers > 0) parts.push(`${notMembers} 行不是本批次人员，未取用`);
  if (errors > 0) parts.push(`${errors} 行有错误，未取用`);
  return parts.join('；');
}

