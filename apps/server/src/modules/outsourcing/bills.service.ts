import { BILL_STATUS, BILL_TYPE, type BillDetail, type BillGenerateResult, type BillRow, type CustodyBillDetail, type FeeKind, type VatKind } from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import { notFound } from '../../platform/errors.ts';
import { startExport } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { myExportDetail, type ExportView } from '../files/index.ts';
import * as trade from '../trade/index.ts';
import { billLine, feeText, vatText, type BillPlanTerms } from './bill-arithmetic.ts';
import { BILL_EXPORT_JOB, type BillExportParams } from './bills-export.ts';
import * as q from './bills.queries.ts';
import { inProviderScope } from './custody-scope.ts';

/**
 * 客户月度账单: per client and month, a line per placed worker from the month's calculated pay, the
 * employer contributions of 缴费记录 (or of the payroll result when the month has no record), the
 * plan's fee and VAT. Written through the trade module; confirmed by the client under joint custody.
 */

export const BILL_SOURCE = 'outsourcing';

/** What a bill keeps of how it was computed. */
type BillTerms = { planId: number; planName: string; feeKind: FeeKind; feeAmount: string | null; feeRate: string | null; vatKind: VatKind; feeText: string; vatText: string; missing: { employeeId: number; name: string }[] };

function monthBounds(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/** A worker placed for part of the month: when they came or went. */
function partialNote(p: q.MonthPlacement, first: string, last: string): string | null {
  const notes: string[] = [];
  if (p.startDate > first) notes.push(`${p.startDate}到岗`);
  if (p.leftDate && p.leftDate < last) notes.push(`${p.leftDate}离岗`);
  return notes.length ? notes.join('，') : null;
}

/** Generates the month's bills of every client (or one): set-based, one read per table for the month. */
export async function generateBills(c: ServiceCtx, input: { month: string; clientId?: number }): Promise<BillGenerateResult> {
  const { month, clientId } = input;
  const { first, last } = monthBounds(month);
  const clients = await q.listBillClients(c.tx, c.companyId, clientId);
  if (clientId !== undefined && clients.length === 0) throw notFound('用工单位');
  const [placements, pay, contributions, confirming, existing] = await Promise.all([
    q.listMonthPlacements(c.tx, c.companyId, first, last, clientId),
    q.listMonthPay(c.tx, c.companyId, month),
    q.listMonthContributions(c.tx, c.companyId, month),
    q.listConfirmingClientIds(c.tx, c.companyId),
    trade.listBills(c, c.companyId, { source: BILL_SOURCE, billType: BILL_TYPE.monthly, month, ...(clientId !== undefined ? { sourceIds: [clientId] } : {}) }),
  ]);
  // a worker moved between clients within the month is billed once, at the latest placement
  const latest = new Map<number, q.MonthPlacement>();
  for (const p of placements) {
    const known = latest.get(p.employeeId);
    if (!known || p.startDate > known.startDate) latest.set(p.employeeId, p);
  }
  const byClient = new Map<number, q.MonthPlacement[]>();
  for (const p of placements) {
    if (latest.get(p.employeeId) !== p) continue;
    const list = byClient.get(p.clientId);
    if (list) list.push(p);
    else byClient.set(p.clientId, [p]);
  }
  const payOf = new Map(pay.map((r) => [r.employeeId, r]));
  const contributionsOf = new Map(contributions.map((r) => [r.employeeId, r]));
  const confirms = new Set(confirming);
  const kept = new Map(existing.filter((b) => !trade.isReplaceable(b)).map((b) => [b.sourceId, b]));

  const skipped: BillGenerateResult['skipped'] = [];
  const bills: trade.NewBill[] = [];
  for (const client of clients) {
    const keptBill = kept.get(client.id);
    if (keptBill) {
      skipped.push({ clientName: client.name, reason: trade.keptReason(keptBill) });
      continue;
    }
    const workers = byClient.get(client.id) ?? [];
    if (workers.length === 0) {
      skipped.push({ clientName: client.name, reason: `${month}没有在岗的派驻员工` });
      continue;
    }
    const plan: BillPlanTerms = { feeKind: client.feeKind as FeeKind, feeAmount: client.feeAmount, feeRate: client.feeRate, vatKind: client.vatKind as VatKind };
    const lines: trade.NewBillLine[] = [];
    const missing: BillTerms['missing'] = [];
    for (const w of workers) {
      const result = payOf.get(w.employeeId);
      if (!result) {
        missing.push({ employeeId: w.employeeId, name: w.name });
        continue;
      }
      const record = contributionsOf.get(w.employeeId);
      const amounts = billLine(plan, { wages: result.gross, siEmployer: record ? record.si : result.siEmployer, hfEmployer: record ? record.hf : result.hfEmployer });
      lines.push({ employeeId: w.employeeId, name: w.name, employeeNo: w.employeeNo, post: w.post, note: partialNote(w, first, last), ...amounts });
    }
    if (lines.length === 0) {
      skipped.push({ clientName: client.name, reason: `${month}派驻的${workers.length}名员工都没有已核算的工资` });
      continue;
    }
    const terms: BillTerms = { planId: client.planId, planName: client.planName, ...plan, feeText: feeText(plan), vatText: vatText(plan), missing };
    bills.push({
      billType: BILL_TYPE.monthly,
      source: BILL_SOURCE,
      sourceId: client.id,
      counterpartyName: client.name,
      month,
      status: confirms.has(client.id) ? BILL_STATUS.toConfirm : BILL_STATUS.toPay,
      terms,
      lines,
    });
  }
  await trade.replaceBills(c, bills, 'os.bill.generate');
  return { month, generated: bills.length, skipped };
}

const iso = (v: Date | string | null): string | null => (v === null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString());
const money = (v: string) => new PayrollDecimal(v).toFixed(2);

function rowOf(b: trade.BillRecord): BillRow {
  return {
    id: b.id, billNo: b.billNo, billType: b.billType as BillRow['billType'], clientId: b.sourceId, clientName: b.counterpartyName, month: b.month ?? '',
    status: b.status, workerCount: b.lineCount, generatedAt: iso(b.generatedAt)!, confirmedAt: iso(b.confirmedAt), confirmedBy: b.confirmedBy, paidAt: iso(b.paidAt),
    wages: money(b.wages), siEmployer: money(b.siEmployer), hfEmployer: money(b.hfEmployer), serviceFee: money(b.serviceFee), vat: money(b.vat), total: money(b.total),
  };
}

function detailOf(b: trade.BillWithLines): BillDetail {
  const terms = JSON.parse(b.terms) as Partial<BillTerms>;
  return {
    ...rowOf(b),
    planName: terms.planName ?? '',
    feeText: terms.feeText ?? '',
    vatText: terms.vatText ?? '',
    missing: terms.missing ?? [],
    lines: b.lines.map((l) => ({
      employeeId: l.employeeId ?? 0, name: l.name, employeeNo: l.employeeNo, post: l.post, days: null, note: l.note,
      wages: money(l.wages), siEmployer: money(l.siEmployer), hfEmployer: money(l.hfEmployer), serviceFee: money(l.serviceFee), vat: money(l.vat), total: money(l.total),
    })),
  };
}

export async function pageBills(c: ServiceCtx, input: { pageNum: number; pageSize: number; month?: string; clientId?: number; status?: number }): Promise<Paged<BillRow>> {
  const { rows, total } = await trade.pageBills(
    c,
    c.companyId,
    { source: BILL_SOURCE, month: input.month, status: input.status, ...(input.clientId !== undefined ? { sourceIds: [input.clientId] } : {}) },
    input.pageNum,
    input.pageSize,
  );
  return new Paged(rows.map(rowOf), input.pageNum, input.pageSize, total);
}

export async function billDetail(c: ServiceCtx, billId: number): Promise<BillDetail> {
  return detailOf(await trade.readBill(c, c.companyId, BILL_SOURCE, billId));
}

/** 已付款: 待付款 → 已付款. */
export async function markPaid(c: ServiceCtx, billId: number): Promise<BillDetail> {
  const bill = await trade.readBill(c, c.companyId, BILL_SOURCE, billId);
  const after = await trade.markBillPaid(c, c.companyId, bill);
  await c.audit({ action: 'os.bill.paid', entity: 'bills', entityId: bill.id, before: { status: bill.status }, after: { status: after.status, paidAt: iso(after.paidAt) } });
  return detailOf({ ...after, lines: bill.lines });
}

/** Queues the bill's itemised xlsx in 下载中心. */
export async function requestBillExport(c: ServiceCtx, billId: number): Promise<ExportView> {
  const bill = await trade.readBill(c, c.companyId, BILL_SOURCE, billId);
  const name = `客户月度账单_${bill.counterpartyName}_${bill.month ?? ''}`;
  const window = Math.floor(Date.now() / 10_000);
  const row = await startExport(c.tx, c.services, {
    companyId: c.companyId,
    userId: c.user.userId,
    name,
    jobType: BILL_EXPORT_JOB,
    payload: { billId } satisfies BillExportParams,
    idempotencyKey: `osBill:${billId}:${c.user.userId}:${window}`,
  });
  await c.audit({ action: 'os.bill.export', entity: 'bills', entityId: billId, after: { exportId: row.id, name } });
  return myExportDetail(c, row.id);
}

// ── the client's side under joint custody ──

export async function clientBills(c: ServiceCtx, providerId: number): Promise<BillRow[]> {
  return inProviderScope(c, providerId, async (link) => (await trade.listBills(c, providerId, { source: BILL_SOURCE, sourceIds: [link.clientId] })).map(rowOf));
}

/** One of the client's bills; another client's bill is not found. */
async function clientBill(c: ServiceCtx, providerId: number, clientId: number, billId: number): Promise<trade.BillWithLines> {
  const bill = await trade.readBill(c, providerId, BILL_SOURCE, billId);
  if (bill.sourceId !== clientId) throw notFound('账单');
  return bill;
}

function custodyDetail(b: trade.BillWithLines, payVisible: boolean): CustodyBillDetail {
  const d = detailOf(b);
  return { ...d, lines: d.lines.map((l) => ({ ...l, wages: payVisible ? l.wages : null })) };
}

export async function clientBillDetail(c: ServiceCtx, input: { providerId: number; billId: number }): Promise<CustodyBillDetail> {
  return inProviderScope(c, input.providerId, async (link) => custodyDetail(await clientBill(c, input.providerId, link.clientId, input.billId), link.payVisible));
}

/** 确认账单: 待确认 → 待付款, by the client company's user (nickname and company name kept on the bill). */
export async function clientConfirmBill(c: ServiceCtx, input: { providerId: number; billId: number }): Promise<CustodyBillDetail> {
  const by = `${c.user.nickname}（${await q.companyName(c.tx, c.companyId)}）`;
  const { before, after } = await inProviderScope(c, input.providerId, async (link) => {
    const bill = await clientBill(c, input.providerId, link.clientId, input.billId);
    const row = await trade.confirmBill(c, input.providerId, bill, by);
    return { before: bill, after: custodyDetail({ ...row, lines: bill.lines }, link.payVisible) };
  });
  await c.audit({ action: 'os.bill.confirm', entity: 'bills', entityId: before.id, before: { status: before.status }, after: { status: after.status, confirmedBy: by, providerId: input.providerId, billNo: before.billNo } });
  return after;
}
