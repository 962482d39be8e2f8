import { Readable } from 'node:stream';
import { Decimal } from 'decimal.js';
import {
  CERTIFICATION_STATUS,
  BILL_STATUS,
  BILL_STATUSES,
  INVOICE_READ,
  INVOICE_STATUS,
  invoiceStatusLabel,
  invoiceTypeLabel,
  type InvoiceableBill,
  type InvoiceRequestInput,
  type InvoiceRequestView,
  type InvoiceTitleSave,
  type InvoiceTitleView,
  type OpInvoiceRequestView,
} from '@wfsaas/contracts';
import { chinaMonth } from '../../platform/china-date.ts';
import type { Tx } from '../../platform/db.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { findFile, openStoredFile, readerHolds, recordUpload, storeUpload, type FileAccessRule, type FileRow } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as q from './invoices.queries.ts';

export const MSG_INVOICE_NOT_CERTIFIED = '企业未完成认证，不能申请发票，请先在企业信息中完成企业认证';

/**
 * 发票管理: titles, requests against paid platform bills (a bill is held by one pending or issued
 * request at most), the operator's issue or reject, the issued file (docs/invoices.md).
 */

const toTitleView = (r: q.TitleRow): InvoiceTitleView => ({ id: r.id, name: r.name, taxNo: r.taxNo, address: r.address, phone: r.phone, bank: r.bank, account: r.account, isDefault: r.isDefault });

function toRequestView(r: q.RequestRow, bills: readonly q.RequestBillRow[]): InvoiceRequestView {
  return {
    id: r.id,
    requestNo: r.requestNo,
    type: r.type as 1 | 2,
    typeLabel: invoiceTypeLabel(r.type),
    titleName: r.titleName,
    taxNo: r.taxNo,
    address: r.address,
    phone: r.phone,
    bank: r.bank,
    account: r.account,
    amount: new Decimal(r.amount).toFixed(2),
    email: r.email,
    status: r.status as 1 | 2 | 3 | 4,
    statusLabel: invoiceStatusLabel(r.status),
    invoiceNo: r.invoiceNo,
    invoiceDate: r.invoiceDate,
    hasFile: r.fileId !== null,
    rejectReason: r.rejectReason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    bills: bills.filter((b) => b.requestId === r.id).map((b) => ({ billId: b.billId, billNo: b.billNo, title: b.title, amount: new Decimal(b.amount).toFixed(2) })),
  };
}

export async function listTitlesView(c: ServiceCtx): Promise<InvoiceTitleView[]> {
  return (await q.listTitles(c.tx, c.companyId)).map(toTitleView);
}

async function requireTitle(c: ServiceCtx, id: number): Promise<q.TitleRow> {
  const row = await q.findTitle(c.tx, c.companyId, id);
  if (!row) throw notFound('发票抬头');
  return row;
}

export async function saveTitle(c: ServiceCtx, input: InvoiceTitleSave): Promise<InvoiceTitleView> {
  const values = { name: input.name, taxNo: input.taxNo, address: input.address, phone: input.phone, bank: input.bank, account: input.account.replace(/[\s-]/g, '') };
  const first = (await q.listTitles(c.tx, c.companyId)).length === 0;
  const isDefault = input.isDefault || first;
  if (isDefault) await q.clearDefaultTitle(c.tx, c.companyId);
  if (input.id) {
    const before = await requireTitle(c, input.id);
    const after = await q.updateTitle(c.tx, c.companyId, input.id, { ...values, isDefault });
    await c.audit({ action: 'invoiceTitle.edit', entity: 'invoice_title', entityId: after.id, before: toTitleView(before), after: toTitleView(after) });
    return toTitleView(after);
  }
  const row = await q.insertTitle(c.tx, c.companyId, { ...values, isDefault });
  await c.audit({ action: 'invoiceTitle.add', entity: 'invoice_title', entityId: row.id, after: toTitleView(row) });
  return toTitleView(row);
}

export async function setDefaultTitle(c: ServiceCtx, id: number): Promise<void> {
  await requireTitle(c, id);
  await q.clearDefaultTitle(c.tx, c.companyId);
  await q.updateTitle(c.tx, c.companyId, id, { isDefault: true });
  await c.audit({ action: 'invoiceTitle.default', entity: 'invoice_title', entityId: id, after: { isDefault: true } });
}

/** Archived, not deleted: requests keep their own copy of the title. */
export async function removeTitle(c: ServiceCtx, id: number): Promise<void> {
  const before = await requireTitle(c, id);
  await q.updateTitle(c.tx, c.companyId, id, { archivedAt: new Date(), isDefault: false });
  await c.audit({ action: 'invoiceTitle.remove', entity: 'invoice_title', entityId: id, before: toTitleView(before) });
}

export async function listInvoiceableBills(c: ServiceCtx): Promise<InvoiceableBill[]> {
  const rows = await q.listInvoiceableBills(c.tx, c.companyId);
  return rows.map((r) => ({ id: r.id, billNo: r.billNo, title: r.title, month: r.month, amount: new Decimal(r.amount).toFixed(2), paidAt: r.paidAt?.toISOString() ?? null }));
}

/** A 增值税专用发票 needs the title's registered address, phone, bank and account; names the first missing. */
export function specialInvoiceRefusal(t: Pick<q.TitleRow, 'address' | 'phone' | 'bank' | 'account'>): string | null {
  const missing = ([['address', '注册地址'], ['phone', '注册电话'], ['bank', '开户银行'], ['account', '银行账号']] as const).find(([k]) => !t[k].trim());
  return missing ? `${missing[1]}：开具增值税专用发票须填写发票抬头的${missing[1]}` : null;
}

const billStatusLabel = (s: number) => BILL_STATUSES.find((x) => x.value === s)?.label ?? String(s);
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export async function requestInvoice(c: ServiceCtx, input: InvoiceRequestInput): Promise<InvoiceRequestView> {
  // an invoice names a verified company: certification comes first (docs/invoices.md)
  if ((await q.companyCertification(c.tx, c.companyId)) !== CERTIFICATION_STATUS.certified) throw badRequest(MSG_INVOICE_NOT_CERTIFIED);
  const title = await requireTitle(c, input.titleId);
  if (input.type === 2) {
    const refused = specialInvoiceRefusal(title);
    if (refused) throw badRequest(refused);
  }
  const ids = [...new Set(input.billIds)];
  const bills = await q.findBillsForRequest(c.tx, c.companyId, ids);
  if (bills.length !== ids.length) throw notFound('账单');
  for (const b of bills) {
    if (b.status !== BILL_STATUS.paid) throw conflict(`账单${b.billNo}当前为「${billStatusLabel(b.status)}」，只有已付款的账单可以申请开票`);
    if (b.held) throw conflict(`账单${b.billNo}已申请开票，不能重复申请`);
  }
  const amount = bills.reduce((s, b) => s.plus(b.amount), new Decimal(0));
  if (amount.lte(0)) throw badRequest('账单：开票金额应大于0');
  const stem = `FP${chinaMonth().replace('-', '')}`;
  const seq = (await q.lastRequestSeq(c.tx, c.companyId, stem)) + 1;
  let row: q.RequestRow;
  try {
    row = await q.insertRequest(
      c.tx,
      c.companyId,
      {
        requestNo: `${stem}${String(seq).padStart(4, '0')}`,
        type: input.type,
        titleName: title.name,
        taxNo: title.taxNo,
        address: title.address,
        phone: title.phone,
        bank: title.bank,
        account: title.account,
        amount: amount.toFixed(2),
        email: input.email,
        status: INVOICE_STATUS.pending,
        createdBy: c.user.userId,
      },
      bills.map((b) => ({ billId: b.id, amount: new Decimal(b.amount).toFixed(2) })),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('所选账单已申请开票，请刷新后重试');
    throw err;
  }
  await c.audit({ action: 'invoice.request', entity: 'invoice_request', entityId: row.id, after: { requestNo: row.requestNo, type: row.type, amount: row.amount, billIds: ids, titleName: row.titleName } });
  return requestView(c, row);
}

async function requestView(c: Pick<ServiceCtx, 'tx' | 'companyId'>, row: q.RequestRow): Promise<InvoiceRequestView> {
  return toRequestView(row, await q.listRequestBills(c.tx, c.companyId, [row.id]));
}

export async function pageRequests(c: ServiceCtx, input: { pageNum: number; pageSize: number; status?: number }): Promise<Paged<InvoiceRequestView>> {
  const { rows, total } = await q.listRequestsPage(c.tx, c.companyId, input.status, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const bills = await q.listRequestBills(c.tx, c.companyId, rows.map((r) => r.id));
  return new Paged(rows.map((r) => toRequestView(r, bills)), input.pageNum, input.pageSize, total);
}

async function requireRequest(c: Pick<ServiceCtx, 'tx' | 'companyId'>, id: number): Promise<q.RequestRow> {
  const row = await q.findRequest(c.tx, c.companyId, id);
  if (!row) throw notFound('开票申请');
  return row;
}

export async function requestDetail(c: ServiceCtx, id: number): Promise<InvoiceRequestView> {
  return requestView(c, await requireRequest(c, id));
}

/** Moves a request out of 待开票; a rejected or withdrawn request releases its bills. */
async function decide(c: ServiceCtx, id: number, action: string, set: Partial<q.NewRequest> & { status: number }, doing: string): Promise<q.RequestRow> {
  const before = await requireRequest(c, id);
  const after = before.status === INVOICE_STATUS.pending ? await q.updateRequestStatus(c.tx, c.companyId, id, INVOICE_STATUS.pending, { ...set, decidedBy: c.user.userId, decidedAt: new Date() }) : null;
  if (!after) throw conflict(`开票申请${before.requestNo}当前为「${invoiceStatusLabel(before.status)}」，只有待开票的申请可以${doing}`);
  if (after.status !== INVOICE_STATUS.issued) await q.releaseRequestBills(c.tx, c.companyId, id);
  await c.audit({ action: `invoice.${action}`, entity: 'invoice_request', entityId: id, before: { status: before.status }, after: { status: after.status, invoiceNo: after.invoiceNo, invoiceDate: after.invoiceDate, rejectReason: after.rejectReason } });
  return after;
}

export async function withdrawRequest(c: ServiceCtx, id: number): Promise<InvoiceRequestView> {
  return requestView(c, await decide(c, id, 'withdraw', { status: INVOICE_STATUS.withdrawn }, '撤回'));
}

export async function rejectRequest(c: ServiceCtx, id: number, reason: string): Promise<InvoiceRequestView> {
  return requestView(c, await decide(c, id, 'reject', { status: INVOICE_STATUS.rejected, rejectReason: reason }, '驳回'));
}

/** The issued invoice file, stored then attached to the request (kind 'invoice'). */
export type InvoiceUpload = { filename: string; data: Buffer };

export async function issueRequest(c: ServiceCtx, input: { id: number; invoiceNo: string; invoiceDate: string }, file: InvoiceUpload): Promise<InvoiceRequestView> {
  const before = await requireRequest(c, input.id);
  if (before.status !== INVOICE_STATUS.pending) throw conflict(`开票申请${before.requestNo}当前为「${invoiceStatusLabel(before.status)}」，只有待开票的申请可以开票`);
  if (!/\.pdf$/i.test(file.filename)) throw badRequest('发票文件：请上传 PDF 格式的电子发票');
  if (file.data.length === 0) throw badRequest('发票文件：文件为空');
  const stored = await storeUpload(c.services, { companyId: c.companyId, userId: c.user.userId, filename: file.filename, body: Readable.from([file.data]), kind: 'upload', isTruncated: () => false });
  const saved = await recordUpload(c.tx, c.companyId, c.user.userId, stored, { kind: 'invoice', ownerId: input.id });
  return requestView(c, await decide(c, input.id, 'issue', { status: INVOICE_STATUS.issued, invoiceNo: input.invoiceNo, invoiceDate: input.invoiceDate, fileId: saved.id }, '开票'));
}

/** The issued file of a request of the caller's company: not found until it is issued. */
export async function openInvoiceFile(c: Pick<ServiceCtx, 'tx' | 'companyId' | 'services'>, id: number): Promise<{ file: FileRow; body: Readable; name: string }> {
  const row = await requireRequest(c, id);
  const file = row.status === INVOICE_STATUS.issued && row.fileId !== null ? await findFile(c.tx, c.companyId, row.fileId) : null;
  if (!file) throw notFound('发票文件');
  return { file, body: await openStoredFile(c.services, file), name: `发票_${row.invoiceNo ?? row.requestNo}.pdf` };
}

/** An issued invoice file is served to members who may open 发票管理. */
export const invoiceFileRule: FileAccessRule = { audited: false, allows: (r) => readerHolds(r, INVOICE_READ) };

/** The operator's queue of requests across companies, with each request's bills. */
export async function pageRequestsForOperator(tx: Tx, input: { pageNum: number; pageSize: number; status: number; keyword?: string }): Promise<Paged<OpInvoiceRequestView>> {
  const { rows, total } = await q.listRequestsAcrossCompanies(tx, { status: input.status, keyword: input.keyword || undefined }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const bills = await q.listRequestBillsAcross(tx, rows.map((r) => ({ companyId: r.companyId, id: r.id })));
  const list = rows.map((r) => ({ ...toRequestView(r, bills.filter((b) => b.companyId === r.companyId)), companyId: r.companyId, companyName: r.companyName }));
  return new Paged(list, input.pageNum, input.pageSize, total);
}

