import {
  CERTIFICATION_STATUS,
  CERTIFICATION_STATUS_LABELS,
  maskId,
  maskPhone,
  PAYMENT_MAX_TRIES,
  PAYMENT_STATUS,
  PAYMENT_STATUS_LABELS,
  type CertificationState,
  type CompanyAuthByPayment,
  type CompanyAuthSave,
  type OperatorCertificationRow,
  type OperatorPaymentRow,
  type PaymentDetail,
} from '@wfsaas/contracts';
import { Decimal } from 'decimal.js';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { attachFile, findFile, findFileByPublicId, openStoredFile, readerHolds, sendFile, type FileAccessRule } from '../../platform/files/index.ts';
import type { OperatorCtx, ServiceCtx } from '../../platform/http.ts';
import { smsTemplates } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';
import { checkSmsCode, sendSmsCode } from '../../platform/sms-codes.ts';
import * as q from './certification.queries.ts';
import { paymentVerifier } from './payment-verifier.ts';
import { loadCompany } from './company-row.ts';

const { reviewing, certified, rejected } = CERTIFICATION_STATUS;
const smsPurpose = (companyId: number) => `companyAuth:${companyId}`;

async function ownPhone(s: AppServices, userId: number): Promise<string> {
  const phoneEnc = await q.findUserPhoneEnc(s.database.db, userId);
  if (!phoneEnc) throw notFound('账号');
  return s.cipher.decrypt(phoneEnc);
}

/** Sends a code to the signed-in member's own phone (outside the request's transaction: the code is kept even if the request fails). */
export async function sendAuthCode(s: AppServices, who: { companyId: number; userId: number }, ip: string) {
  const phone = await ownPhone(s, who.userId);
  const sent = await sendSmsCode(s, { phone, purpose: smsPurpose(who.companyId), ip, companyId: who.companyId, text: (code) => smsTemplates.companyAuthCode(code) });
  return { ...sent, phone: maskPhone(phone) };
}

/** Checks and uses up the code (outside the transaction, so a wrong try stays counted). */
export async function checkAuthCode(s: AppServices, who: { companyId: number; userId: number }, code: string): Promise<void> {
  await checkSmsCode(s, { phone: await ownPhone(s, who.userId), purpose: smsPurpose(who.companyId), code });
}

function paymentView(s: AppServices, p: q.PaymentRow): PaymentDetail {
  return {
    id: p.id,
    accountName: p.accountName,
    bankName: p.bankName,
    account: `**** **** ${p.accountTail}`,
    status: p.status,
    statusLabel: PAYMENT_STATUS_LABELS[p.status] ?? '',
    triesLeft: p.status === PAYMENT_STATUS.paid ? PAYMENT_MAX_TRIES - p.wrongTries : 0,
    paidAt: p.executedAt?.toISOString() ?? null,
    verifiedAt: p.verifiedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function certificationState(c: ServiceCtx): Promise<CertificationState> {
  const company = await loadCompany(c);
  const latest = await q.findLatestCertification(c.tx, c.companyId);
  const payment = await q.findLatestPayment(c.tx, c.companyId);
  const { cipher } = c.services;
  return {
    status: company.certificationStatus,
    statusLabel: CERTIFICATION_STATUS_LABELS[company.certificationStatus] ?? '未认证',
    certifiedAt: company.certifiedAt?.toISOString() ?? null,
    latest: latest && {
      id: latest.id,
      legalName: latest.legalName,
      legalIdNumber: maskId(cipher.decrypt(latest.legalIdEnc)),
      legalPhone: maskPhone(cipher.decrypt(latest.legalPhoneEnc)),
      status: latest.status,
      rejectReason: latest.rejectReason,
      createdAt: latest.createdAt.toISOString(),
      reviewedAt: latest.reviewedAt?.toISOString() ?? null,
    },
    payment: payment && payment.status !== PAYMENT_STATUS.void ? paymentView(c.services, payment) : null,
  };
}

/** Submits the licence for review (the SMS code was checked before the transaction): → 审核中. */
export async function saveLicenceCertification(c: ServiceCtx, input: CompanyAuthSave): Promise<CertificationState> {
  const company = await loadCompany(c);
  if (company.certificationStatus === certified) throw conflict('企业已完成认证，无需重复提交');
  if (await q.findPendingCertificationId(c.tx, c.companyId)) throw conflict('认证资料正在审核中，请等待平台审核结果');
  const file = await findFileByPublicId(c.tx, c.companyId, input.licenseFileId);
  if (!file || file.kind !== 'upload' || file.uploadedBy !== c.user.userId || file.archivedAt) throw badRequest('营业执照的文件不存在或已被使用，请重新上传');
  if (!file.isImage) throw badRequest('营业执照须为图片（JPG 或 PNG），请重新上传');
  const row = await q.insertCertification(c.tx, {
    companyId: c.companyId,
    licenceFileId: file.id,
    legalName: input.legalName,
    legalIdEnc: c.services.cipher.encrypt(input.legalIdNumber),
    legalPhoneEnc: c.services.cipher.encrypt(input.legalPhone),
    submittedBy: c.user.userId,
  });
  await attachFile(c.tx, c.companyId, file.id, { kind: 'company_licence', ownerId: row.id });
  // A licence submission replaces a payment attempt still open.
  await q.voidOpenPayments(c.tx, c.companyId);
  await q.setCompanyCertification(c.tx, c.companyId, reviewing, null);
  await c.audit({
    action: 'enterprise.certification.submit',
    entity: 'company_certification',
    entityId: row.id,
    before: { certificationStatus: company.certificationStatus },
    after: { certificationStatus: reviewing, legalName: input.legalName, legalIdNumber: maskId(input.legalIdNumber), legalPhone: maskPhone(input.legalPhone) },
  });
  return certificationState(c);
}

export type PaymentResult = PaymentDetail & { verified: boolean };

/** Starts a payment attempt, or checks the amount the company received (three wrong tries lock the attempt). */
export async function saveByPayment(c: ServiceCtx, input: CompanyAuthByPayment): Promise<PaymentResult> {
  const company = await loadCompany(c);
  if (company.certificationStatus === certified) throw conflict('企业已完成认证，无需重复认证');
  if (input.action === 'start') {
    if (!input.bankName) throw badRequest('请填写开户银行');
    if (!input.accountNumber) throw badRequest('请填写对公银行账号');
    if (company.certificationStatus === reviewing) throw conflict('营业执照认证正在审核中，请等待平台审核结果');
    await q.voidOpenPayments(c.tx, c.companyId);
    const verifier = paymentVerifier();
    const amount = verifier.pickAmount();
    let row = await q.insertPayment(c.tx, {
      companyId: c.companyId,
      accountName: company.name,
      bankName: input.bankName,
      accountEnc: c.services.cipher.encrypt(input.accountNumber),
      accountTail: input.accountNumber.slice(-4),
      amount,
      requestedBy: c.user.userId,
    });
    const sent = await verifier.requestTransfer({ companyId: c.companyId, paymentId: row.id, accountName: row.accountName, bankName: row.bankName, accountNumber: input.accountNumber, amount });
    if (sent.executed) row = await q.updatePayment(c.tx, c.companyId, row.id, { status: PAYMENT_STATUS.paid, executedAt: new Date() });
    // The amount is the secret being proven: it stays out of the company's audit log.
    await c.audit({ action: 'enterprise.certification.paymentStart', entity: 'certification_payment', entityId: row.id, after: { bankName: row.bankName, account: `****${row.accountTail}`, status: row.status } });
    return { ...paymentView(c.services, row), verified: false };
  }
  if (!input.paymentId) throw badRequest('请填写打款记录');
  if (!input.amount) throw badRequest('请填写收到的金额');
  const row = await q.lockPayment(c.tx, c.companyId, input.paymentId);
  if (!row) throw notFound('打款记录');
  if (row.status === PAYMENT_STATUS.pending) throw badRequest('平台尚未向该账户打款，请收到款项后再填写金额');
  if (row.status === PAYMENT_STATUS.locked) throw conflict('该次打款验证已因金额错误3次被锁定，请重新发起打款');
  if (row.status !== PAYMENT_STATUS.paid) throw conflict('该次打款验证已结束，请查看最新的认证状态');
  if (new Decimal(input.amount).equals(new Decimal(row.amount))) {
    const done = await q.updatePayment(c.tx, c.companyId, row.id, { status: PAYMENT_STATUS.verified, verifiedAt: new Date() });
    const now = new Date();
    await q.setCompanyCertification(c.tx, c.companyId, certified, now);
    await c.audit({ action: 'enterprise.certification.paymentVerified', entity: 'certification_payment', entityId: row.id, before: { certificationStatus: company.certificationStatus }, after: { certificationStatus: certified } });
    return { ...paymentView(c.services, done), verified: true };
  }
  const wrong = row.wrongTries + 1;
  const locked = wrong >= PAYMENT_MAX_TRIES;
  const after = await q.updatePayment(c.tx, c.companyId, row.id, { wrongTries: wrong, ...(locked ? { status: PAYMENT_STATUS.locked } : {}) });
  await c.audit({ action: 'enterprise.certification.paymentWrong', entity: 'certification_payment', entityId: row.id, after: { wrongTries: wrong, locked } });
  return { ...paymentView(c.services, after), verified: false };
}

/** The latest attempt (or the one named) as the company sees it; another company's attempt is not found. */
export async function paymentDetail(c: ServiceCtx, id?: number): Promise<PaymentDetail | null> {
  if (id === undefined) {
    const latest = await q.findLatestPayment(c.tx, c.companyId);
    return latest ? paymentView(c.services, latest) : null;
  }
  const row = await q.lockPayment(c.tx, c.companyId, id);
  if (!row) throw notFound('打款记录');
  return paymentView(c.services, row);
}

/** A licence image is served to members only under the key that edits the enterprise information. */
export const licenceFileRule: FileAccessRule = {
  audited: true,
  allows: (r) => readerHolds(r, 'enterpriseInformation.edit'),
};

// ── Platform operator ──

export async function listForReview(o: OperatorCtx<unknown>, status: number | undefined): Promise<OperatorCertificationRow[]> {
  const rows = await q.listCertificationsForReview(o.tx, status);
  const { cipher } = o.services;
  return rows.map(({ c, companyName, creditCode }) => ({
    companyId: c.companyId,
    companyName,
    creditCode,
    id: c.id,
    legalName: c.legalName,
    legalIdNumber: maskId(cipher.decrypt(c.legalIdEnc)),
    legalPhone: maskPhone(cipher.decrypt(c.legalPhoneEnc)),
    status: c.status,
    statusLabel: ['', '审核中', '已通过', '未通过'][c.status] ?? '',
    rejectReason: c.rejectReason,
    createdAt: c.createdAt.toISOString(),
    reviewedAt: c.reviewedAt?.toISOString() ?? null,
  }));
}

/** Approves (→ 已认证) or rejects (→ 未通过, with the reason the company reads) a submission under review. */
export async function decide(o: OperatorCtx<unknown>, input: { companyId: number; id: number; reason?: string }, approve: boolean): Promise<{ status: number }> {
  return o.inCompany(input.companyId, async (c) => {
    const row = await q.decideCertification(c.tx, c.companyId, input.id, { status: approve ? 2 : 3, rejectReason: approve ? null : (input.reason ?? null), reviewedBy: o.user.userId });
    if (!row) throw notFound('待审核的认证申请');
    const status = approve ? certified : rejected;
    await q.setCompanyCertification(c.tx, c.companyId, status, approve ? new Date() : null);
    await c.audit({ action: approve ? 'enterprise.certification.approve' : 'enterprise.certification.reject', entity: 'company_certification', entityId: row.id, before: { certificationStatus: reviewing }, after: { certificationStatus: status, rejectReason: row.rejectReason } });
    return { status };
  });
}

/** The licence image of a submission, for the operator reviewing it. */
export async function licenceImage(o: OperatorCtx<unknown>, input: { companyId: number; id: number }): Promise<unknown> {
  return o.inCompany(input.companyId, async (c) => {
    const row = await q.findCertification(c.tx, c.companyId, input.id);
    const file = row && (await findFile(c.tx, c.companyId, row.licenceFileId));
    if (!row || !file) throw notFound('营业执照');
    await c.audit({ action: 'enterprise.certification.viewLicence', entity: 'company_certification', entityId: row.id });
    return sendFile(o.reply, { name: file.originalName, type: file.mime, body: await openStoredFile(o.services, file), size: file.size, disposition: 'inline' });
  });
}

export async function listPayments(o: OperatorCtx<unknown>, status: number | undefined): Promise<OperatorPaymentRow[]> {
  const rows = await q.listPaymentsForOperator(o.tx, status);
  return rows.map(({ p, companyName }) => ({
    companyId: p.companyId,
    companyName,
    id: p.id,
    accountName: p.accountName,
    bankName: p.bankName,
    accountNumber: o.services.cipher.decrypt(p.accountEnc),
    amount: new Decimal(p.amount).toFixed(2),
    status: p.status,
    statusLabel: PAYMENT_STATUS_LABELS[p.status] ?? '',
    createdAt: p.createdAt.toISOString(),
    executedAt: p.executedAt?.toISOString() ?? null,
  }));
}

/** The operator made the transfer by hand: the company may now type the amount. */
export async function markPaymentExecuted(o: OperatorCtx<unknown>, input: { companyId: number; id: number }): Promise<{ status: number }> {
  return o.inCompany(input.companyId, async (c) => {
    const row = await q.lockPayment(c.tx, c.companyId, input.id);
    if (!row) throw notFound('打款记录');
    if (row.status !== PAYMENT_STATUS.pending) throw conflict('该笔打款不是待打款状态');
    await q.updatePayment(c.tx, c.companyId, row.id, { status: PAYMENT_STATUS.paid, executedAt: new Date(), executedBy: o.user.userId });
    await c.audit({ action: 'enterprise.certification.paymentExecuted', entity: 'certification_payment', entityId: row.id, before: { status: row.status }, after: { status: PAYMENT_STATUS.paid } });
    return { status: PAYMENT_STATUS.paid };
  });
}

/** When the profile's name or credit code changes: an open submission or attempt no longer vouches for the company. */
export async function withdrawOpenCertification(c: ServiceCtx): Promise<void> {
  const pending = await q.findPendingCertificationId(c.tx, c.companyId);
  if (pending) await q.decideCertification(c.tx, c.companyId, pending, { status: 3, rejectReason: '企业名称或统一社会信用代码已修改，请重新提交认证', reviewedBy: null });
  await q.voidOpenPayments(c.tx, c.companyId);
}
