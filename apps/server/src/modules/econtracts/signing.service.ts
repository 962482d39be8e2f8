import { CONTRACT_STATUS, type CompanySign, type CompanySignResult, type TemplateField } from '@wfsaas/contracts';
import { signPdf, type SignStamp } from '@wfsaas/esign';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/services.ts';
import { recordSealUse, requireSeal } from '../esign/index.ts';
import { actorOf, decideOrThrow, notifyEmployee, requireContract, type ContractRow } from './contracts.service.ts';
import { appendContractEvents, companyCertificate, esignCall, signingTsa, putFile, readFileBytes, sha256Hex, type NewContractEvent } from './econtract-support.ts';
import * as q from './econtracts.queries.ts';
import { requireTemplate } from './templates.service.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { chinaToday } from '../../platform/china-date.ts';
import { meterUsage } from '../trade/index.ts';
import { notifyContractEvent } from './sign-subscriptions.ts';


// ── Signing (shared by the company and the employee) ──

export type SignParty = {
  party: 'company' | 'employee';
  p12: Buffer;
  passphrase: string;
  signerName: string;
  certificateSerial: string;
  image: Uint8Array;
  /** Strips of a cross-page seal. */
  crossPage?: boolean;
};

/** The contract's current bytes: the last signed version, or the base document. */
export async function currentBytes(s: AppServices, exec: Executor, r: ContractRow): Promise<Buffer> {
  return readFileBytes(s, exec, r.companyId, r.currentFileId ?? r.baseFileId);
}

/**
 * Signs the contract's current document for one party: the image at the party's first position as
 * the visible signature, at the other positions as stamps, the date and (employee) filled-in texts
 * as stamps; a trusted time-stamp from the internal TSA. Answers the new bytes.
 */
export async function signDocument(s: AppServices, exec: Executor, r: ContractRow, p: SignParty): Promise<Buffer> {
  const pdf = await currentBytes(s, exec, r);
  const fields = r.fields as unknown as TemplateField[];
  const spots = fields.filter((f) => f.kind === (p.party === 'company' ? 'companySeal' : 'employeeSign'));
  const stamps: SignStamp[] = [];
  const rect = (f: TemplateField) => ({ x: f.x, y: f.y, width: f.width, height: f.height });
  for (const f of spots.slice(1)) stamps.push({ page: f.page, rect: rect(f), image: p.image });
  for (const f of fields) {
    if (f.kind === 'signDate' && f.party === p.party) stamps.push({ page: f.page, rect: rect(f), text: chinaToday() });
    if (p.party === 'employee' && f.kind === 'input') {
      const v = r.inputValues[f.key];
      if (v) stamps.push({ page: f.page, rect: rect(f), text: v });
    }
  }
  if (p.crossPage && r.pageCount >= 2) {
    const size = 110;
    const stripW = size / r.pageCount;
    const template = r.templateId ? await requireTemplate(exec, r.companyId, r.templateId).catch(() => null) : null;
    for (let i = 0; i < r.pageCount; i++) {
      const page = template?.pages[i] ?? { width: 595.28, height: 841.89 };
      stamps.push({ page: i, rect: { x: page.width - stripW, y: page.height / 2 - size / 2, width: stripW, height: size }, image: p.image, strip: { index: i, count: r.pageCount } });
    }
  }
  const tsa = await signingTsa(s, exec);
  const first = spots[0];
  return esignCall(() =>
    signPdf(pdf, {
      p12: p.p12,
      passphrase: p.passphrase,
      reason: p.party === 'company' ? '企业签署' : '员工签署',
      location: 'CN',
      name: p.signerName,
      timestamp: tsa,
      appearance: first ? { page: first.page, rect: rect(first), image: p.image } : undefined,
      stamps,
    }),
  );
}

/** Stores the signed bytes and moves the contract on (1 signing or 2 signed). */
export async function recordSigned(s: AppServices, tx: Tx, r: ContractRow, party: 'company' | 'employee', bytes: Buffer, next: number, extra: Partial<ContractRow>, userId: number | null): Promise<ContractRow> {
  const file = await putFile(s, tx, { companyId: r.companyId, userId, name: `${r.title}-${r.contractNo}.pdf`, bytes, owner: { kind: 'contract', ownerId: r.id } });
  const now = new Date();
  // a completed contract is one signature of the company's e-contract packs (docs/subscriptions.md#usage)
  if (next === CONTRACT_STATUS.signed) await meterUsage({ tx, companyId: r.companyId }, 'signature', 1, `contract:${r.id}`);
  return q.updateContract(tx, r.companyId, r.id, {
      ...extra,
      currentFileId: file.id,
      currentSha256: sha256Hex(bytes),
      status: next,
      ...(party === 'company' ? { companySignedAt: now } : { employeeSignedAt: now }),
      ...(next === CONTRACT_STATUS.signed ? { completedAt: now, complete: 1 } : {}),
  });
}

export async function companySign(s: AppServices, c: ServiceCtx, input: CompanySign): Promise<CompanySignResult> {
  const seal = await requireSeal(c, input.sealId);
  if (seal.status !== 1) throw badRequest('该印章已停用，请选择其他印章');
  const image = await readFileBytes(s, c.tx, c.companyId, seal.fileId);
  const cert = await companyCertificate(s, c.tx, c.companyId);
  const signed: number[] = [];
  const skipped: { contractId: number; reason: string }[] = [];
  for (const contractId of [...new Set(input.contractIds)]) {
    try {
      await c.tx.transaction(async (spTx) => {
        const tx = spTx as unknown as Tx;
        const r = await requireContract(tx, c.companyId, contractId, true);
        const next = decideOrThrow(r, 'companySign');
        const bytes = await signDocument(s, tx, r, { party: 'company', p12: cert.p12, passphrase: cert.passphrase, signerName: cert.name, certificateSerial: cert.serialNumber, image, crossPage: input.crossPage });
        const row = await recordSigned(s, tx, r, 'company', bytes, next, { companySealId: seal.id, companySignedBy: c.user.userId, companyCertSerial: cert.serialNumber }, c.user.userId);
        await recordSealUse(tx, { companyId: c.companyId, sealId: seal.id, contractId, userId: c.user.userId, detail: { crossPage: input.crossPage, certificateSerial: cert.serialNumber }, ip: c.ip || null, userAgent: c.userAgent || null });
        const events: NewContractEvent[] = [
          {
            type: 'companySigned',
            actorUserId: c.user.userId,
            actorName: c.user.nickname,
            ip: c.ip,
            userAgent: c.userAgent,
            detail: { signerName: cert.name, certificateSerial: cert.serialNumber, sealId: seal.id, sealName: seal.name, crossPage: input.crossPage, sha256: row.currentSha256 },
          },
        ];
        if (next === CONTRACT_STATUS.signed) events.push({ type: 'completed', detail: { sha256: row.currentSha256 } });
        await appendContractEvents(tx, c.companyId, contractId, events);
        if (next === CONTRACT_STATUS.signed) await notifyContractEvent(s, tx, row, 'completed', c.user.userId);
        // Company first: now it is the employee's turn.
        if (next !== CONTRACT_STATUS.signed && r.signOrder === 1) await notifyEmployee(s, tx, row, 'sent', actorOf(c));
        signed.push(contractId);
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ contractId, reason: err.message });
    }
  }
  if (signed.length > 0) await c.audit({ action: 'econtract.companySign', entity: 'seal', entityId: seal.id, after: { contractIds: signed, crossPage: input.crossPage } });
  if (input.contractIds.length === 1 && skipped.length === 1) throw badRequest(skipped[0]!.reason);
  return { signed, skipped };
}
