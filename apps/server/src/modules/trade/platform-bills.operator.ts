import type { OperatorBillRow, PlatformBillRow } from '@wfsaas/contracts';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { findFile, openStoredFile, sendFile } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as q from './platform-bills.queries.ts';
import { toBillRow } from './platform-bills.service.ts';

/** What the platform's operators read of platform bills: every company's bills, and a transfer's proof. */

export const row = (b: q.PlatformBillRecord): PlatformBillRow => toBillRow({ ...b, transferPending: false });

export async function pageOperatorBills(tx: Tx, input: { pageNum: number; pageSize: number; status: number; awaitingOnly: boolean }): Promise<Paged<OperatorBillRow>> {
  const { rows, total } = await q.pageOperatorBills(tx, { ...(input.status !== -1 ? { status: input.status } : {}), awaitingOnly: input.awaitingOnly }, input.pageSize, (input.pageNum - 1) * input.pageSize);
  return new Paged(
    rows.map((r) => ({ ...toBillRow(r), companyId: r.companyId, companyName: r.companyName, pendingPaymentId: r.pendingPaymentId, pendingReference: r.pendingReference })),
    input.pageNum,
    input.pageSize,
    total,
  );
}

/** The proof image of a transfer, served inline to the operator; the viewing is audited. */
export async function sendProof(c: ServiceCtx, reply: FastifyReply, paymentId: number): Promise<unknown> {
  const p = await q.findPayment(c.tx, c.companyId, paymentId);
  const file = p?.proofFileId ? await findFile(c.tx, c.companyId, p.proofFileId) : null;
  if (!p || !file) throw notFound('付款凭证');
  await c.audit({ action: 'platformBill.viewProof', entity: 'platform_bill_payment', entityId: p.id, after: { billId: p.billId, fileId: file.id } });
  return sendFile(reply, { name: file.originalName, type: file.mime, body: await openStoredFile(c.services, file), size: file.size, disposition: 'inline' });
}
