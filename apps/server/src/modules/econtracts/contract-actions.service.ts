import { CONTRACT_STATUS, type ContractView } from '@wfsaas/contracts';
import type { Executor } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { actorOf, decideOrThrow, notifyEmployee, requireContract, type ContractRow } from './contracts.service.ts';
import { contractView } from './contract-views.service.ts';
import { appendContractEvents, putFile, sha256Hex } from './econtract-support.ts';
import * as q from './econtracts.queries.ts';
import { notifyContractEvent } from './sign-subscriptions.ts';

/** Moving a contract on by hand (withdraw, suspend, resume, end, urge, paper signed) and by date or lifecycle (ended, withdrawn). */

export async function transition(s: AppServices, c: ServiceCtx, contractId: number, action: 'withdraw' | 'suspend' | 'resume' | 'end' | 'urge', reason?: string): Promise<ContractView> {
  const r = await requireContract(c.tx, c.companyId, contractId, true);
  const next = decideOrThrow(r, action);
  const now = new Date();
  const set: Partial<ContractRow> = { status: next, updatedAt: now };
  if (reason) set.reason = reason;
  if (action === 'urge') set.lastUrgedAt = now;
  await q.updateContract(c.tx, c.companyId, contractId, set);
  const type = { withdraw: 'withdrawn', suspend: 'suspended', resume: 'resumed', end: 'ended', urge: 'urged' }[action];
  if (action === 'urge') await notifyEmployee(s, c.tx, { ...r, ...set } as ContractRow, 'urged', actorOf(c));
  else await appendContractEvents(c.tx, c.companyId, contractId, [{ type, actorUserId: c.user.userId, actorName: c.user.nickname, ip: c.ip, userAgent: c.userAgent, detail: { reason: reason ?? null } }]);
  if (action === 'withdraw') await notifyContractEvent(s, c.tx, r, 'withdrawn', c.user.userId);
  await c.audit({ action: `econtract.${action}`, entity: 'econtract', entityId: contractId, before: { status: r.status }, after: { status: next, reason: reason ?? null } });
  return contractView(c.tx, c.companyId, contractId);
}

/**
 * The daily job's part: a signed contract whose term ended (the day after its end date) becomes 6
 * ended, with an evidence event; one without an end date (open-ended) never ends by date.
 */
export async function endExpiredContracts(exec: Executor, companyId: number, day: string): Promise<number> {
  const rows = await q.listExpiredContracts(exec, companyId, day);
  for (const r of rows) {
    await q.updateContract(exec, companyId, r.id, { status: CONTRACT_STATUS.ended, reason: '合同期满', updatedAt: new Date() });
    await appendContractEvents(exec, companyId, r.id, [{ type: 'ended', actorName: '系统', detail: { reason: '合同期满', contractEnd: r.contractEnd, automatic: true } }]);
  }
  return rows.length;
}

export type ReceivedScan = { fileName: string; data: Buffer; mime: string; ext: string };

export function checkScan(fileName: string, data: Buffer): ReceivedScan {
  if (data.length === 0) throw badRequest('文件内容为空，请选择签署后的扫描件');
  const ext = (/\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1] ?? '').toLowerCase();
  const isPdf = data.subarray(0, 1024).indexOf('%PDF-') >= 0;
  const isPng = data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpg = data[0] === 0xff && data[1] === 0xd8;
  if (ext === 'pdf' && isPdf) return { fileName, data, mime: 'application/pdf', ext: '.pdf' };
  if (ext === 'png' && isPng) return { fileName, data, mime: 'image/png', ext: '.png' };
  if ((ext === 'jpg' || ext === 'jpeg') && isJpg) return { fileName, data, mime: 'image/jpeg', ext: '.jpg' };
  throw badRequest('扫描件仅支持 PDF、PNG 或 JPG 格式');
}

export async function markPaperSigned(s: AppServices, c: ServiceCtx, contractId: number, scan: ReceivedScan): Promise<ContractView> {
  const r = await requireContract(c.tx, c.companyId, contractId, true);
  const next = decideOrThrow(r, 'paperSigned');
  const file = await putFile(s, c.tx, { companyId: c.companyId, userId: c.user.userId, name: scan.fileName, bytes: scan.data, mime: scan.mime, ext: scan.ext, owner: { kind: 'contract', ownerId: contractId } });
  const now = new Date();
  await q.updateContract(c.tx, c.companyId, contractId, { status: next, paperScanFileId: file.id, completedAt: now, complete: 1, companySignedAt: now, employeeSignedAt: now });
  await appendContractEvents(c.tx, c.companyId, contractId, [
    { type: 'paperSigned', actorUserId: c.user.userId, actorName: c.user.nickname, ip: c.ip, userAgent: c.userAgent, detail: { fileId: file.id, sha256: sha256Hex(scan.data) } },
  ]);
  await c.audit({ action: 'econtract.paperSigned', entity: 'econtract', entityId: contractId, before: { status: r.status }, after: { status: next, fileId: file.id } });
  return contractView(c.tx, c.companyId, contractId);
}

/**
 * Withdraws every contract of the employee not yet completed (0 pending, 1 signing, 5 suspended),
 * except those started by the deal code `keepDealCode` (the resignation scene's own); answers how
 * many. `user` is null when no one is signed in (a daily job).
 */
export async function withdrawPendingContractsForEmployee(
  c: Omit<ServiceCtx, 'user'> & { user: ServiceCtx['user'] | null },
  employeeId: number,
  reason: string,
  opts: { keepDealCode?: number } = {},
): Promise<number> {
  const rows = (await q.listUnfinishedContractsOfEmployee(c.tx, c.companyId, employeeId)).filter((r) => opts.keepDealCode === undefined || r.dealCode !== opts.keepDealCode);
  for (const r of rows) {
    await q.updateContract(c.tx, c.companyId, r.id, { status: CONTRACT_STATUS.withdrawn, reason });
    await appendContractEvents(c.tx, c.companyId, r.id, [
      { type: 'withdrawn', actorUserId: c.user?.userId ?? null, actorName: c.user?.nickname ?? null, ip: c.ip, userAgent: c.userAgent, detail: { reason, automatic: true } },
    ]);
    await notifyContractEvent(c.services, c.tx, r, 'withdrawn', c.user?.userId ?? null);
  }
  return rows.length;
}
