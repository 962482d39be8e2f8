import { BILL_STATUS, BILL_STATUSES } from '@wfsaas/contracts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { sumBillLines, type BillAmountColumns } from './bill-totals.ts';
import * as q from './bills.queries.ts';

/**
 * Bills any module raises: a bill and its lines written together for (source, source id, month,
 * type), its totals always the sums of its lines, numbered ZD + YYYYMM + a sequence, and moved
 * through 待确认 → 待付款 → 已付款. The caller names the owning company (a client under joint custody
 * acts on its provider's bill).
 */

export type NewBillLine = BillAmountColumns & { employeeId: number | null; name: string; employeeNo: string | null; post: string; note: string | null };
export type NewBill = {
  billType: number;
  source: string;
  sourceId: number;
  counterpartyName: string;
  month: string;
  status: number;
  terms: Record<string, unknown>;
  lines: NewBillLine[];
};
export type BillWithLines = q.BillRecord & { lines: q.BillLineRecord[] };

const statusLabel = (status: number) => BILL_STATUSES.find((s) => s.value === status)?.label ?? String(status);

/** A bill may be generated again only while it waits for the client's confirmation and nobody confirmed it. */
/** A bill may be generated again until the client confirms it or it is paid. */
export const isReplaceable = (b: Pick<q.BillRecord, 'status' | 'confirmedAt'>): boolean => (b.status === BILL_STATUS.toConfirm || b.status === BILL_STATUS.toPay) && b.confirmedAt === null;

/** Why a bill is kept when its month is generated again. */
export function keptReason(b: Pick<q.BillRecord, 'status' | 'confirmedAt'>): string {
  if (b.confirmedAt !== null) return '已确认的账单不能重新生成';
  return `${statusLabel(b.status)}的账单不能重新生成`;
}

/** Bills of a source as they stand (not archived). */
export const listBills = (c: ServiceCtx, companyId: number, filter: q.BillFilter): Promise<q.BillRecord[]> => q.listBills(c.tx, companyId, filter);

/**
 * Writes `bills` for the company, each replacing the current bill of its (source, source id, month,
 * type): the earlier one is archived with its lines. Refuses when an earlier bill is not replaceable.
 */
export async function replaceBills(c: ServiceCtx, input: readonly NewBill[], auditAction: string): Promise<q.BillRecord[]> {
  if (input.length === 0) return [];
  const existing = new Map<string, q.BillRecord>();
  const groups = new Map<string, { source: string; billType: number; month: string; sourceIds: number[] }>();
  for (const b of input) {
    const key = `${b.source}|${b.billType}|${b.month}`;
    const g = groups.get(key);
    if (g) g.sourceIds.push(b.sourceId);
    else groups.set(key, { source: b.source, billType: b.billType, month: b.month, sourceIds: [b.sourceId] });
  }
  for (const g of groups.values()) {
    for (const row of await q.listBills(c.tx, c.companyId, g)) existing.set(`${row.source}|${row.billType}|${row.month}|${row.sourceId}`, row);
  }
  const replaced = input.map((b) => existing.get(`${b.source}|${b.billType}|${b.month}|${b.sourceId}`) ?? null);
  const kept = replaced.find((r) => r && !isReplaceable(r));
  if (kept) throw conflict(`${kept.counterpartyName}：${keptReason(kept)}`);
  await q.archiveBills(c.tx, c.companyId, replaced.filter((r) => r !== null).map((r) => r.id));

  const seq = new Map<string, number>();
  const rows: q.NewBillRecord[] = [];
  for (const b of input) {
    const stem = `ZD${b.month.replace('-', '')}`;
    const next = (seq.get(stem) ?? (await q.lastBillSeq(c.tx, c.companyId, stem))) + 1;
    seq.set(stem, next);
    rows.push({
      companyId: c.companyId,
      billNo: `${stem}${String(next).padStart(4, '0')}`,
      billType: b.billType,
      source: b.source,
      sourceId: b.sourceId,
      counterpartyName: b.counterpartyName,
      month: b.month,
      status: b.status,
      ...sumBillLines(b.lines),
      lineCount: b.lines.length,
      terms: JSON.stringify(b.terms),
      generatedBy: c.user.userId || null,
    });
  }
  const written = await q.insertBills(c.tx, rows);
  const byKey = new Map(written.map((w) => [`${w.source}|${w.billType}|${w.month}|${w.sourceId}`, w]));
  const lines: q.NewBillLineRecord[] = [];
  input.forEach((b) => {
    const bill = byKey.get(`${b.source}|${b.billType}|${b.month}|${b.sourceId}`)!;
    b.lines.forEach((l, i) => lines.push({ companyId: c.companyId, billId: bill.id, lineNo: i + 1, ...l }));
  });
  await q.insertLines(c.tx, lines);
  for (const [i, w] of input.map((b) => byKey.get(`${b.source}|${b.billType}|${b.month}|${b.sourceId}`)!).entries()) {
    const before = replaced[i];
    await c.audit({ action: auditAction, entity: 'bills', entityId: w.id, before: before ? { billId: before.id, billNo: before.billNo, total: before.total } : null, after: { billNo: w.billNo, month: w.month, total: w.total, lineCount: w.lineCount } });
  }
  return written;
}

export async function pageBills(c: ServiceCtx, companyId: number, filter: q.BillFilter, pageNum: number, pageSize: number): Promise<{ rows: q.BillRecord[]; total: number }> {
  return q.pageBills(c.tx, companyId, filter, (pageNum - 1) * pageSize, pageSize);
}

/** One bill of `source` with its lines; not found (`what`) when it is another source's or archived. */
export async function readBill(c: ServiceCtx, companyId: number, source: string, id: number, what = '账单'): Promise<BillWithLines> {
  const bill = await q.findBill(c.tx, companyId, id);
  if (!bill || bill.source !== source) throw notFound(what);
  return { ...bill, lines: await q.listLines(c.tx, companyId, id) };
}

/** Moves a bill from `from` to `to`; a bill in another status is a conflict naming its status. */
async function move(c: ServiceCtx, companyId: number, bill: q.BillRecord, from: number, set: Parameters<typeof q.updateBillStatus>[4], verb: string): Promise<q.BillRecord> {
  const row = await q.updateBillStatus(c.tx, companyId, bill.id, [from], set);
  if (!row) throw conflict(`账单${bill.billNo}当前为${statusLabel(bill.status)}，不能${verb}`);
  return row;
}

/** 确认: 待确认 → 待付款, with who confirmed (a name as the bill shows it). */
export const confirmBill = (c: ServiceCtx, companyId: number, bill: q.BillRecord, by: string): Promise<q.BillRecord> =>
  move(c, companyId, bill, BILL_STATUS.toConfirm, { status: BILL_STATUS.toPay, confirmedAt: new Date(), confirmedBy: by }, '确认');

/** 已付款: 待付款 → 已付款. */
export const markBillPaid = (c: ServiceCtx, companyId: number, bill: q.BillRecord): Promise<q.BillRecord> =>
  move(c, companyId, bill, BILL_STATUS.toPay, { status: BILL_STATUS.paid, paidAt: new Date() }, '标记为已付款');

/** Any other move between two statuses. */
export const setBillStatus = (c: ServiceCtx, companyId: number, bill: q.BillRecord, from: number, to: number): Promise<q.BillRecord> =>
  move(c, companyId, bill, from, { status: to }, `改为${statusLabel(to)}`);
