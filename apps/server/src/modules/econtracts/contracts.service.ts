import { randomBytes } from 'node:crypto';
import {
  CODES,
  CONTRACT_FORM,
  CONTRACT_STATUS,
  contractStatusLabel,
  maskId,
  maskPhone,
  EC_READ_ANY,
  EXPIRING_DAYS,
  SIGN_ORDERS,
  type BatchProgress,
  type ContractBatchInitiate,
  type ContractDetail,
  type ContractForm,
  type ContractInitiate,
  type ContractPage,
  type ContractView,
  type FieldKind,
  type SignOrder,
  type TemplateField,
} from '@wfsaas/contracts';
import { fillFields, type FieldFill } from '@wfsaas/esign';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { attachFile, findFile } from '../../platform/files/index.ts';
import { enqueueJob, findJob, type JobContext } from '../../platform/jobs/index.ts';
import { createShortLink, notify, smsTemplates } from '../../platform/notify.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';
import { awaiting, decide, displayStatus, type ContractAction, type ContractState } from './econtract-transitions.ts';
import {
  appendContractEvents,
  esignCall,
  linkExpiry,
  listContractEvents,
  makeLinkToken,
  putFile,
  readFileBytes,
  sha256Hex,
  signLinkPath,
} from './econtract-support.ts';
import * as q from './econtracts.queries.ts';
import { applyWatermark, listScenes, recordFills, requirePackage, requireTemplate, type TemplateRow } from './setup.service.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';

export type ContractRow = q.ContractRow;

export const BATCH_JOB = 'econtracts.batchInitiate';
const BATCH_CHUNK = 10;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const orderLabel = (o: number) => SIGN_ORDERS.find((x) => x.value === o)?.label ?? '';

/** Reading contracts takes any one of the e-contract screens' permissions. */
export async function requireReadPermission(c: Pick<ServiceCtx, 'tx' | 'companyId' | 'user' | 'isAdmin'>): Promise<void> {
  if (c.isAdmin) return;
  const keys = new Set(await listGrantedKeys(c.tx, c.companyId, c.user.userId, c.isAdmin));
  if (!EC_READ_ANY.some((k) => keys.has(k))) throw new AppError(CODES.forbidden, `您没有此操作的权限（${EC_READ_ANY.join(' / ')}），请联系管理员`, 403);
}

export function stateOf(r: ContractRow): ContractState {
  return {
    status: r.status,
    form: r.form,
    signOrder: r.signOrder,
    companySigned: r.companySignedAt !== null,
    employeeSigned: r.employeeSignedAt !== null,
    deadline: r.deadline,
    lastUrgedAt: r.lastUrgedAt,
  };
}

export function decideOrThrow(r: ContractRow, action: ContractAction) {
  const d = decide(stateOf(r), action, { today: chinaToday(), at: new Date() });
  if (!d.ok) throw badRequest(d.message);
  return d.next;
}

export async function findContract(exec: Executor, companyId: number, id: number): Promise<ContractRow | null> {
  return q.findContract(exec, companyId, id);
}

export async function requireContract(exec: Executor, companyId: number, id: number, lock = false): Promise<ContractRow> {
  if (lock) await q.lockContract(exec, companyId, id);
  const row = await q.findContract(exec, companyId, id);
  if (!row) throw notFound('合同');
  return row;
}

// ── Employee record values ──

export type EmployeeRecord = {
  id: number;
  name: string;
  mobile: string | null;
  idNumber: string | null;
  values: Record<string, string | null>;
};

export async function loadEmployeeRecord(s: AppServices, exec: Executor, companyId: number, employeeId: number, term: { contractStart?: string | null; contractEnd?: string | null } = {}): Promise<EmployeeRecord> {
  const r = await q.findEmployeeForContract(exec, companyId, employeeId);
  if (!r) throw notFound('员工');
  const e = r.e;
  const mobile = e.mobileEnc ? s.cipher.decrypt(e.mobileEnc) : null;
  const idNumber = e.idNumberEnc ? s.cipher.decrypt(e.idNumberEnc) : null;
  return {
    id: e.id,
    name: e.name,
    mobile,
    idNumber,
    values: {
      name: e.name,
      idNumber,
      mobile,
      gender: e.gender === 1 ? '男' : e.gender === 2 ? '女' : null,
      employeeNo: e.employeeNo,
      department: r.dept,
      position: r.pos,
      salary: e.salary,
      hireDate: e.hireDate,
      contractStart: term.contractStart ?? null,
      contractEnd: term.contractEnd ?? null,
      probationEnd: e.probationEndDate,
      address: e.address,
      companyName: r.companyName,
      companyCreditCode: r.creditCode,
      today: chinaToday(),
    },
  };
}

// ── Initiation ──

type Plan = {
  templates: { row: TemplateRow; base: Buffer }[];
  packageId: number | null;
  signOrder: number;
  deadline: string;
  form: number;
  contractStart: string | null;
  contractEnd: string | null;
  notify: boolean;
  dealCode: number | null;
};

type PlanInput = Omit<ContractInitiate, 'employeeId'> & { dealCode?: number | null };

export async function resolvePlan(s: AppServices, exec: Executor, companyId: number, input: PlanInput): Promise<Plan> {
  if ((input.packageId === undefined) === (input.templateId === undefined)) throw badRequest('请选择合同包或合同模板中的一项');
  let templateIds: number[];
  let signOrder = input.signOrder;
  let deadlineDays = 7;
  if (input.packageId !== undefined) {
    const p = await requirePackage(exec, companyId, input.packageId);
    templateIds = p.templateIds;
    signOrder ??= p.signOrder as SignOrder;
    deadlineDays = p.deadlineDays;
  } else {
    templateIds = [input.templateId!];
    if (signOrder === undefined) throw badRequest('请选择签署顺序');
  }
  const templates = [];
  for (const id of templateIds) {
    const row = await requireTemplate(exec, companyId, id);
    templates.push({ row, base: await readFileBytes(s, exec, companyId, row.fileId) });
  }
  if (templates.length === 0) throw badRequest('合同包中没有可用的合同模板');
  const deadline = input.deadline ?? addDays(chinaToday(), deadlineDays);
  if (deadline < chinaToday()) throw badRequest('签署截止日期不能早于今天');
  if (input.contractStart && input.contractEnd && input.contractEnd < input.contractStart) throw badRequest('合同结束日期不能早于开始日期');
  return {
    templates,
    packageId: input.packageId ?? null,
    signOrder: signOrder!,
    deadline,
    form: input.form ?? CONTRACT_FORM.electronic,
    contractStart: input.contractStart ?? null,
    contractEnd: input.contractEnd ?? null,
    notify: input.notify ?? true,
    dealCode: input.dealCode ?? null,
  };
}

export type Actor = { userId: number | null; name?: string | null; ip?: string | null; userAgent?: string | null };

function contractNo(): string {
  return `HT${chinaToday().replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** Sends (or re-sends) the employee's signing link by SMS; records the event. */
export async function notifyEmployee(s: AppServices, tx: Tx, r: ContractRow, kind: 'sent' | 'urged', actor: Actor): Promise<void> {
  const e = await q.findEmployeeMobile(tx, r.companyId, r.employeeId);
  const mobile = e?.mobileEnc ? s.cipher.decrypt(e.mobileEnc) : null;
  const exp = linkExpiry(r.deadline);
  const link = signLinkPath(r.id, makeLinkToken(s, r.companyId, r.id, exp, r.linkVersion));
  const title = kind === 'urged' ? '合同签署提醒' : '合同签署通知';
  const content = kind === 'urged' ? `您有一份《${r.title}》尚未签署，请在${r.deadline ?? ''}前完成签署。` : `${e?.companyName ?? ''}邀请您签署《${r.title}》，请在${r.deadline ?? ''}前完成签署。`;
  const round = kind === 'urged' ? Date.now() : 0;
  if (mobile) {
    // the SMS carries a short link (/m/s/…) to the signing page, valid as long as the page's token
    const short = await createShortLink(tx, s, { key: `econtract:${r.companyId}:${r.id}:${r.linkVersion}`, target: link, expiresAt: new Date(exp * 1000), companyId: r.companyId });
    const sms = (kind === 'urged' ? smsTemplates.contractUrge : smsTemplates.contractLink)({ companyName: e?.companyName ?? '', title: r.title, link: short });
    await notify(tx, s, { companyId: r.companyId, recipient: { phone: mobile }, channels: ['sms'], title, content, sms, link, idempotencyKey: `econtract:${r.id}:${kind}:${round}` });
  }
  await appendContractEvents(tx, r.companyId, r.id, [
    { type: kind, actorUserId: actor.userId, actorName: actor.name ?? null, ip: actor.ip, userAgent: actor.userAgent, detail: { channel: mobile ? 'sms' : 'link', mobile: mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : null } },
  ]);
}

/** Creates one contract per template of the plan for one employee, in the caller's transaction. */
export async function initiateForEmployee(s: AppServices, tx: Tx, companyId: number, plan: Plan, employeeId: number, actor: Actor, jobId: number | null = null): Promise<number[]> {
  const rec = await loadEmployeeRecord(s, tx, companyId, employeeId, { contractStart: plan.contractStart, contractEnd: plan.contractEnd });
  if (plan.form === CONTRACT_FORM.electronic && !rec.mobile) throw badRequest(`员工“${rec.name}”未登记手机号，无法发送电子合同`);
  const ids: number[] = [];
  for (const { row: t, base } of plan.templates) {
    const fields = t.fields as TemplateField[];
    const fills: FieldFill[] = recordFills(fields, rec.values);
    const pdf = fills.length > 0 ? await esignCall(() => fillFields(base, fills)) : base;
    const file = await putFile(s, tx, { companyId, userId: actor.userId, name: `${t.name}-${rec.name}.pdf`, bytes: pdf });
    const sha = sha256Hex(pdf);
    const stored = fields.map((f) => ({ ...f, value: f.kind === 'record' && f.source ? (rec.values[f.source] ?? null) : null }));
    const r = await q.insertContract(tx, {
        companyId,
        contractNo: contractNo(),
        title: t.title ?? t.name,
        employeeId,
        templateId: t.id,
        packageId: plan.packageId,
        contractTypeId: t.contractTypeId,
        jobId,
        dealCode: plan.dealCode,
        signOrder: plan.signOrder,
        form: plan.form,
        status: CONTRACT_STATUS.pending,
        complete: 0,
        deadline: plan.deadline,
        contractStart: plan.contractStart,
        contractEnd: plan.contractEnd,
        fields: stored as unknown as Record<string, unknown>[],
        baseFileId: file.id,
        baseSha256: sha,
        pageCount: t.pages.length,
        initiatedBy: actor.userId,
      });
    await attachFile(tx, companyId, file.id, { kind: 'contract', ownerId: r.id });
    ids.push(r.id);
    await appendContractEvents(tx, companyId, r.id, [
      {
        type: 'created',
        actorUserId: actor.userId,
        actorName: actor.name ?? null,
        ip: actor.ip,
        userAgent: actor.userAgent,
        detail: { contractNo: r.contractNo, templateId: t.id, baseSha256: sha, signOrder: plan.signOrder, form: plan.form, deadline: plan.deadline },
      },
    ]);
    const employeeMayAct = plan.form === CONTRACT_FORM.electronic && awaiting(stateOf(r)) !== 'company';
    if (plan.notify && employeeMayAct) await notifyEmployee(s, tx, r, 'sent', actor);
  }
  return ids;
}

export const actorOf = (c: ServiceCtx): Actor => ({ userId: c.user.userId, name: c.user.nickname, ip: c.ip, userAgent: c.userAgent });

export async function initiate(s: AppServices, c: ServiceCtx, input: ContractInitiate): Promise<{ contractIds: number[] }> {
  const plan = await resolvePlan(s, c.tx, c.companyId, input);
  const contractIds = await initiateForEmployee(s, c.tx, c.companyId, plan, input.employeeId, actorOf(c));
  await c.audit({ action: 'econtract.initiate', entity: 'econtract', entityId: contractIds[0]!, after: { employeeId: input.employeeId, contractIds, packageId: plan.packageId } });
  return { contractIds };
}

export type BatchPayload = { input: Omit<ContractBatchInitiate, 'employeeIds'>; employeeIds: number[]; actor: Actor };

export async function batchInitiate(s: AppServices, c: ServiceCtx, input: ContractBatchInitiate): Promise<{ jobId: number; total: number }> {
  const employeeIds = [...new Set(input.employeeIds)];
  const { employeeIds: _ids, ...rest } = input;
  // Checked now, so a bad package or date is refused at once rather than in the job.
  await resolvePlan(s, c.tx, c.companyId, rest);
  const job = await enqueueJob(c.tx, {
    companyId: c.companyId,
    type: BATCH_JOB,
    payload: { input: rest, employeeIds, actor: actorOf(c) } satisfies BatchPayload,
    idempotencyKey: `econtract-batch:${randomBytes(12).toString('hex')}`,
    createdBy: c.user.userId,
  });
  await c.audit({ action: 'econtract.batchInitiate', entity: 'job', entityId: job.id, after: { total: employeeIds.length, packageId: rest.packageId ?? null, templateId: rest.templateId ?? null } });
  return { jobId: job.id, total: employeeIds.length };
}

/** The batch job: employees by chunks; each employee's contracts commit with its chunk; refusals are collected, not retried. */
export async function runBatchJob(ctx: Pick<JobContext<BatchPayload>, 'job' | 'services' | 'eachChunk' | 'progress'>): Promise<unknown> {
  const s = ctx.services;
  const companyId = ctx.job.companyId;
  const { input, employeeIds, actor } = ctx.job.payload;
  const plan = await s.database.inTenant(companyId, (tx) => resolvePlan(s, tx, companyId, input));
  const errors: { employeeId: number; reason: string }[] = [];
  await ctx.progress(0, employeeIds.length);
  await ctx.eachChunk(
    employeeIds.map(String),
    BATCH_CHUNK,
    async (keys, tx) => {
      for (const key of keys) {
        const employeeId = Number(key);
        try {
          await tx.transaction(async (sp) => {
            await initiateForEmployee(s, sp as unknown as Tx, companyId, plan, employeeId, actor, ctx.job.id);
          });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors.push({ employeeId, reason: err.message });
        }
      }
    },
  );
  return { total: employeeIds.length, errors };
}

export async function batchProgress(c: ServiceCtx, jobId: number): Promise<BatchProgress> {
  const job = await findJob(c.tx, c.companyId, jobId);
  if (!job || job.type !== BATCH_JOB) throw notFound('批量发起任务');
  const payload = job.payload as BatchPayload;
  const total = job.progressTotal ?? payload.employeeIds.length;
  const succeeded = await q.countEmployeesOfJob(c.tx, c.companyId, jobId);
  const result = (job.result ?? null) as { errors?: { employeeId: number; reason: string }[] } | null;
  const errs = result?.errors ?? [];
  const names = await q.listEmployeeNames(c.tx, c.companyId, errs.map((x) => x.employeeId));
  return {
    jobId,
    state: job.status === 'succeeded' ? 'done' : job.status,
    total,
    done: job.progressDone,
    succeeded,
    failed: job.status === 'succeeded' ? errs.length : Math.max(0, job.progressDone - succeeded),
    errors: errs.map((e) => ({ employeeId: e.employeeId, name: names.get(e.employeeId) ?? null, reason: e.reason })),
  };
}

// ── Views ──

type ViewRow = q.ContractListRow;

const filterBase = () => ({ today: chinaToday(), expiringUntil: addDays(chinaToday(), EXPIRING_DAYS) });

function toView(v: ViewRow): ContractView {
  const r = v.c;
  const shown = displayStatus(r.status, r.contractEnd, chinaToday());
  return {
    id: r.id,
    contractNo: r.contractNo,
    title: r.title,
    employeeId: r.employeeId,
    employeeName: v.employeeName,
    employeeNo: v.employeeNo,
    departmentName: v.departmentName,
    mobile: v.mobileMasked,
    contractTypeId: r.contractTypeId,
    contractTypeName: v.typeName,
    templateId: r.templateId,
    packageId: r.packageId,
    packageName: v.packageName,
    signOrder: r.signOrder as SignOrder,
    signOrderLabel: orderLabel(r.signOrder),
    form: r.form as ContractForm,
    signStatus: shown,
    signStatusLabel: contractStatusLabel(shown),
    complete: r.complete === 1 ? 1 : 0,
    deadline: r.deadline,
    contractStart: r.contractStart,
    contractEnd: r.contractEnd,
    companySignedAt: iso(r.companySignedAt),
    employeeSignedAt: iso(r.employeeSignedAt),
    completedAt: iso(r.completedAt),
    awaiting: awaiting(stateOf(r)),
    initiatedAt: r.createdAt.toISOString(),
    initiatedByName: v.initiatorName,
    lastUrgedAt: iso(r.lastUrgedAt),
    reason: r.reason,
  };
}

export async function pageContracts(c: ServiceCtx, input: ContractPage) {
  await requireReadPermission(c);
  const { pageNum, pageSize, ...f } = input;
  const { rows, total } = await q.listContracts(c.tx, c.companyId, { ...filterBase(), ...f }, (pageNum - 1) * pageSize, pageSize);
  return new Paged(rows.map(toView), pageNum, pageSize, total);
}

export async function contractsOfEmployee(c: ServiceCtx, employeeId: number): Promise<ContractView[]> {
  await requireReadPermission(c);
  const { rows } = await q.listContracts(c.tx, c.companyId, { ...filterBase(), employeeId }, 0, 200);
  return rows.map(toView);
}

export async function contractView(exec: Executor, companyId: number, id: number): Promise<ContractView> {
  const { rows } = await q.listContracts(exec, companyId, { ...filterBase(), contractId: id }, 0, 1);
  if (!rows[0]) throw notFound('合同');
  return toView(rows[0]);
}

export async function contractDetail(s: AppServices, c: ServiceCtx, id: number): Promise<ContractDetail> {
  await requireReadPermission(c);
  const view = await contractView(c.tx, c.companyId, id);
  const r = (await findContract(c.tx, c.companyId, id))!;
  const events = await listContractEvents(c.tx, c.companyId, id);
  const signatures: ContractDetail['signatures'] = [];
  for (const e of events) {
    if (e.type === 'companySigned' || e.type === 'employeeSigned') {
      signatures.push({
        party: e.type === 'companySigned' ? 'company' : 'employee',
        signerName: String(e.detail.signerName ?? ''),
        certificateSerial: String(e.detail.certificateSerial ?? ''),
        signedAt: e.createdAt.toISOString(),
        sealName: (e.detail.sealName as string | undefined) ?? null,
      });
    }
  }
  const canLink = view.awaiting === 'employee' || view.awaiting === 'both';
  // identifiers filled in from the record are shown masked unless the caller may view them in full
  const sensitive = (await listGrantedKeys(c.tx, c.companyId, c.user.userId, c.isAdmin)).includes('sensitive.view');
  const shown = (f: TemplateField, v: string | null) => (v === null || sensitive || f.kind !== 'record' ? v : f.source === 'idNumber' ? maskId(v) : f.source === 'mobile' ? maskPhone(v) : v);
  return {
    ...view,
    baseSha256: r.baseSha256,
    currentSha256: r.currentSha256,
    fields: (r.fields as (TemplateField & { value?: string | null })[]).map((f) => ({
      key: f.key,
      label: f.label,
      kind: f.kind as FieldKind,
      value: f.kind === 'input' ? (r.inputValues[f.key] ?? null) : shown(f, f.value ?? null),
    })),
    signatures,
    signLink: canLink ? signLinkPath(r.id, makeLinkToken(s, r.companyId, r.id, linkExpiry(r.deadline), r.linkVersion)) : null,
    paperScan: r.paperScanFileId !== null,
  };
}

// ── Other transitions ──

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

/** The document to download: as signed, or (no signature yet) the base document under the company watermark. */
export async function downloadBytes(s: AppServices, exec: Executor, r: ContractRow): Promise<Buffer | Uint8Array> {
  if (r.currentFileId) return readFileBytes(s, exec, r.companyId, r.currentFileId);
  return applyWatermark(exec, r.companyId, await readFileBytes(s, exec, r.companyId, r.baseFileId));
}

export async function download(s: AppServices, c: ServiceCtx, contractId: number): Promise<{ name: string; bytes: Uint8Array }> {
  await requireReadPermission(c);
  const r = await requireContract(c.tx, c.companyId, contractId);
  const bytes = await downloadBytes(s, c.tx, r);
  await appendContractEvents(c.tx, c.companyId, contractId, [{ type: 'downloaded', actorUserId: c.user.userId, actorName: c.user.nickname, ip: c.ip, userAgent: c.userAgent, detail: { by: 'company' } }]);
  return { name: `${r.title}-${r.contractNo}.pdf`, bytes };
}

export async function paperScan(s: AppServices, c: ServiceCtx, contractId: number): Promise<{ name: string; mime: string; bytes: Buffer }> {
  await requireReadPermission(c);
  const r = await requireContract(c.tx, c.companyId, contractId);
  if (!r.paperScanFileId) throw notFound('纸质合同扫描件');
  const file = await findFile(c.tx, c.companyId, r.paperScanFileId);
  return { name: file?.originalName ?? `${r.contractNo}.pdf`, mime: file?.mime ?? 'application/pdf', bytes: await readFileBytes(s, c.tx, c.companyId, r.paperScanFileId) };
}

// ── Lifecycle hooks ──


/**
 * Starts the signing of a scene's package for an employee (onboarding 1000, regularisation 1001,
 * transfer 1002, renewal 1003, change 1004, resignation 1005): the first enabled scene of that deal
 * code and its first package. Null when the company configured no such scene.
 */
export async function startSceneSigning(c: ServiceCtx, input: { employeeId: number; dealCode: number }): Promise<{ contractIds: number[] } | null> {
  const scenes = (await listScenes(c.tx, c.companyId, input.dealCode, true)).filter((x) => x.packages.length > 0);
  const scene = scenes[0];
  if (!scene) return null;
  const plan = await resolvePlan(c.services, c.tx, c.companyId, { packageId: scene.packages[0]!.id, form: 1, notify: true, dealCode: input.dealCode });
  const contractIds = await initiateForEmployee(c.services, c.tx, c.companyId, plan, input.employeeId, { userId: c.user.userId, name: c.user.nickname, ip: c.ip, userAgent: c.userAgent });
  return { contractIds };
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
  }
  return rows.length;
}
