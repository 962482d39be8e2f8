import { BILL_FILE_COLUMNS, normalizeIdNumber, SI_IMPORT_MAX_BYTES, type ReconcileDifference, type ReconcileView } from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import { checkUploadContent, readSingleUpload } from '../../platform/files/index.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { openXlsxSheet } from '../../platform/spreadsheet/index.ts';
import { requireEntity } from './entity-policy.ts';
import * as q from './reconcile.queries.ts';
import { ITEM_LABELS } from './records-export.ts';

/**
 * 对账: the official monthly bill of an entity (xlsx: a row per person and item) against the month's
 * contribution records — rows by ID number (else by a name unique in the month), items by name —
 * giving every difference: amounts that differ, on the bill but not ours, ours but not on the bill.
 */

/** Data rows of a bill read at most (a month of 10,000 people and six items fits). */
const MAX_BILL_ROWS = 100_000;
/** Rows looked at for the header (a bill may open with a title and the account's details). */
const HEADER_SEARCH_ROWS = 10;

export type BillRow = { rowNo: number; idNumber: string; name: string; item: string; employer: string; employee: string };
export type Bill = { rows: BillRow[] };

type Dec = InstanceType<typeof PayrollDecimal>;
type Column = keyof typeof BILL_FILE_COLUMNS;

/** The bill's item name → our item key, by the words the portals use. */
export function itemKeyOf(name: string): string | null {
  const n = name.replace(/\s+/g, '');
  if (n.includes('公积金')) return 'housingFund';
  if (n.includes('养老')) return 'pension';
  if (n.includes('失业')) return 'unemployment';
  if (n.includes('工伤')) return 'injury';
  if (n.includes('医疗') || n.includes('医保')) return 'medical';
  if (n.includes('生育')) return 'maternity';
  return null;
}

function columnsOf(header: readonly string[]): Partial<Record<Column, number>> {
  const cleaned = header.map((h) => h.replace(/\s+/g, ''));
  const found: Partial<Record<Column, number>> = {};
  for (const key of Object.keys(BILL_FILE_COLUMNS) as Column[]) {
    const i = cleaned.findIndex((h) => (BILL_FILE_COLUMNS[key] as readonly string[]).includes(h));
    if (i >= 0) found[key] = i;
  }
  return found;
}

const missing = (key: Column) => `账单缺少「${BILL_FILE_COLUMNS[key][0]}」列（可用列名：${BILL_FILE_COLUMNS[key].join('、')}）`;

/** Reads a bill through the spreadsheet reader: finds the header among the first rows, then takes every data row. */
export async function readBill(data: Buffer): Promise<Bill> {
  const sheet = await openXlsxSheet(data, {
    limits: { maxRows: MAX_BILL_ROWS + HEADER_SEARCH_ROWS },
    messages: { notXlsx: '文件无法读取，请上传有效的 .xlsx 账单', tooManyRows: `账单行数过多，最多 ${MAX_BILL_ROWS} 行` },
  });
  let cols: Partial<Record<Column, number>> | null = null;
  let firstColumns: Partial<Record<Column, number>> | null = null;
  const rows: BillRow[] = [];
  for await (const row of sheet.rows()) {
    if (cols === null) {
      const found = columnsOf(row.cells);
      firstColumns ??= found;
      if (found.item !== undefined && (found.idNumber !== undefined || found.name !== undefined)) cols = found;
      else if (row.rowNo >= HEADER_SEARCH_ROWS) break;
      continue;
    }
    const cell = (key: Column) => (cols![key] === undefined ? '' : (row.cells[cols![key]!] ?? '').trim());
    if ([cell('idNumber'), cell('name'), cell('item'), cell('employer'), cell('employee')].every((v) => v === '')) continue;
    rows.push({ rowNo: row.rowNo, idNumber: cell('idNumber'), name: cell('name').replace(/\s+/g, ''), item: cell('item'), employer: cell('employer'), employee: cell('employee') });
  }
  if (cols === null) {
    const seen = firstColumns ?? {};
    throw badRequest(missing(seen.item === undefined ? 'item' : 'idNumber'));
  }
  if (cols.employer === undefined) throw badRequest(missing('employer'));
  if (cols.employee === undefined) throw badRequest(missing('employee'));
  if (rows.length === 0) throw badRequest('账单中没有数据行');
  return { rows };
}

/** The `receive` step: one uploaded .xlsx (size, type and content checked), read before the transaction opens. */
export async function receiveBill(s: AppServices, req: FastifyRequest): Promise<Bill> {
  const limit = Math.min(SI_IMPORT_MAX_BYTES, s.config.uploadLimitBytes);
  const { filename, data } = await readSingleUpload(req, limit, {
    notMultipart: '请以文件表单（multipart/form-data）上传账单',
    missing: '请选择要对账的账单文件',
    tooLarge: `文件过大，账单不能超过 ${Math.floor(limit / 1024 / 1024)} MB`,
  });
  if (data.length === 0) throw badRequest('文件为空，请选择有数据的 .xlsx 账单');
  if (!/\.xlsx$/i.test(filename)) throw badRequest('请上传 .xlsx 格式的账单');
  const check = checkUploadContent(filename, data.subarray(0, 64 * 1024), data.subarray(Math.max(0, data.length - 64 * 1024)));
  if (!check.ok || check.ext !== 'xlsx') throw badRequest('文件内容不是有效的 .xlsx 表格');
  return readBill(data);
}

const AMOUNT = /^-?\d+(\.\d+)?$/;
const amountOf = (v: string): Dec | null => {
  const t = v.replace(/[,\s¥￥]/g, '');
  if (t === '') return new PayrollDecimal(0);
  return AMOUNT.test(t) ? new PayrollDecimal(t) : null;
};
const side = (employer: Dec, employee: Dec) => ({ employer: employer.toFixed(2), employee: employee.toFixed(2) });

type Pair = { employeeId: number; name: string; key: string; itemName: string; employer: Dec; employee: Dec };

/** The bill's rows matched to our people and items, summed per person and item; the rows that match nothing as differences. */
function matchBill(bill: Bill, ours: readonly q.OurContribution[], lookupHash: (plain: string) => string): { billed: Map<string, Pair>; differences: ReconcileDifference[] } {
  const byHash = new Map<string, { id: number; name: string }>();
  const byName = new Map<string, { id: number; name: string } | null>();
  for (const o of ours) {
    const who = { id: o.employeeId, name: o.name };
    if (o.idNumberHash) byHash.set(o.idNumberHash, who);
    const known = byName.get(o.name);
    byName.set(o.name, known === undefined || known?.id === o.employeeId ? who : null);
  }
  const billed = new Map<string, Pair>();
  const differences: ReconcileDifference[] = [];
  for (const r of bill.rows) {
    const employer = amountOf(r.employer);
    const employee = amountOf(r.employee);
    const shown = r.name || '（无姓名）';
    const who = (r.idNumber ? byHash.get(lookupHash(normalizeIdNumber(r.idNumber))) : undefined) ?? (r.name ? byName.get(r.name) : undefined) ?? null;
    const bad = (message: string) => differences.push({ employeeId: who?.id ?? null, name: who?.name ?? shown, item: r.item, ours: null, bill: employer && employee ? side(employer, employee) : null, message: `第${r.rowNo}行：${message}` });
    if (!employer || !employee) {
      bad('缴费金额不是数字');
      continue;
    }
    if (!who) {
      bad(r.name && byName.get(r.name) === null ? '本月缴费记录中有多名同名员工，请填写证件号码' : '账单人员不在本主体本月的缴费记录中');
      continue;
    }
    const key = itemKeyOf(r.item);
    if (!key) {
      bad(`无法识别的险种「${r.item}」`);
      continue;
    }
    const at = `${who.id}|${key}`;
    const known = billed.get(at);
    if (known) {
      known.employer = known.employer.plus(employer);
      known.employee = known.employee.plus(employee);
    } else billed.set(at, { employeeId: who.id, name: who.name, key, itemName: r.item, employer, employee });
  }
  return { billed, differences };
}

/** Compares the bill with the month's records of the entity and keeps the result as the month's reconciliation. */
export async function reconcile(c: ServiceCtx, input: { entityId: number; month: string }, bill: Bill): Promise<ReconcileView> {
  const entity = await requireEntity(c.tx, c.companyId, input.entityId);
  if (!(await q.isMonthGenerated(c.tx, c.companyId, input.month, entity.id))) throw badRequest(`${entity.name}${input.month}尚未生成缴费记录，请先生成缴费记录再对账`);
  const ours = await q.listOurContributions(c.tx, c.companyId, input.month, entity.id);
  const { billed, differences } = matchBill(bill, ours, (plain) => c.services.cipher.lookupHash(plain));
  let matched = 0;
  for (const o of ours) {
    const at = `${o.employeeId}|${o.item}`;
    const b = billed.get(at);
    billed.delete(at);
    const mine = side(new PayrollDecimal(o.employer), new PayrollDecimal(o.employee));
    if (!b) {
      differences.push({ employeeId: o.employeeId, name: o.name, item: o.itemName, ours: mine, bill: null, message: '系统有缴费记录，账单中没有' });
      continue;
    }
    const theirs = side(b.employer, b.employee);
    if (theirs.employer === mine.employer && theirs.employee === mine.employee) matched += 1;
    else differences.push({ employeeId: o.employeeId, name: o.name, item: o.itemName, ours: mine, bill: theirs, message: amountMessage(mine, theirs) });
  }
  for (const b of billed.values()) {
    differences.push({ employeeId: b.employeeId, name: b.name, item: b.itemName, ours: null, bill: side(b.employer, b.employee), message: `账单有${ITEM_LABELS[b.key] ?? b.itemName}缴费，系统中没有该险种的缴费记录` });
  }
  const saved = await q.saveReconciliation(c.tx, { companyId: c.companyId, month: input.month, entityId: entity.id, by: c.user.userId, billRows: bill.rows.length, matched, differences });
  await c.audit({ action: 'socialInsurance.records.reconcile', entity: 'si_reconciliations', entityId: entity.id, after: { month: input.month, billRows: bill.rows.length, matched, differences: differences.length } });
  return viewOf(saved);
}

function amountMessage(ours: { employer: string; employee: string }, bill: { employer: string; employee: string }): string {
  const parts: string[] = [];
  if (ours.employer !== bill.employer) parts.push(`单位缴费：账单${bill.employer}，系统${ours.employer}`);
  if (ours.employee !== bill.employee) parts.push(`个人缴费：账单${bill.employee}，系统${ours.employee}`);
  return `金额不一致（${parts.join('；')}）`;
}

function viewOf(r: q.ReconciliationRow): ReconcileView {
  return { entityId: Number(r.entityId), month: r.month, at: r.at.toISOString(), billRows: r.billRows, matched: r.matched, differences: r.differences };
}

/** The last reconciliation of an entity's month; null before the first. */
export async function reconcileResult(c: ServiceCtx, input: { entityId: number; month: string }): Promise<ReconcileView | null> {
  const entity = await requireEntity(c.tx, c.companyId, input.entityId);
  const row = await q.findReconciliation(c.tx, c.companyId, input.month, entity.id);
  return row ? viewOf(row) : null;
}
