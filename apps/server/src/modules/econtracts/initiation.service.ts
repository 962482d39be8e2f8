import { randomBytes } from 'node:crypto';
import { CONTRACT_FORM, CONTRACT_STATUS, type BatchProgress, type ContractBatchInitiate, type ContractInitiate, type SignOrder, type TemplateField } from '@wfsaas/contracts';
import { fillFields, type FieldFill } from '@wfsaas/esign';
import type { Executor, Tx } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { attachFile } from '../../platform/files/index.ts';
import { enqueueJob, findJob, type JobContext } from '../../platform/jobs/index.ts';
import type { AppServices } from '../../platform/services.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';
import { actorOf, loadEmployeeRecord, notifyEmployee, stateOf, type Actor } from './contracts.service.ts';
import { awaiting } from './econtract-transitions.ts';
import { appendContractEvents, esignCall, putFile, readFileBytes, sha256Hex } from './econtract-support.ts';
import * as q from './econtracts.queries.ts';
import { assertEcontractInitiation } from '../trade/index.ts';
import { requirePackage } from './packages.service.ts';
import { listScenes } from './scenes.service.ts';
import { recordFills, requireTemplate, type TemplateRow } from './templates.service.ts';

/** Starting contracts: for one employee, for many by a job, and for a lifecycle scene. */

export const BATCH_JOB = 'econtracts.batchInitiate';
const BATCH_CHUNK = 10;

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

function contractNo(): string {
  return `HT${chinaToday().replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`;
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

export async function initiate(s: AppServices, c: ServiceCtx, input: ContractInitiate): Promise<{ contractIds: number[] }> {
  await assertEcontractInitiation(c);
  const plan = await resolvePlan(s, c.tx, c.companyId, input);
  const contractIds = await initiateForEmployee(s, c.tx, c.companyId, plan, input.employeeId, actorOf(c));
  await c.audit({ action: 'econtract.initiate', entity: 'econtract', entityId: contractIds[0]!, after: { employeeId: input.employeeId, contractIds, packageId: plan.packageId } });
  return { contractIds };
}

export type BatchPayload = { input: Omit<ContractBatchInitiate, 'employeeIds'>; employeeIds: number[]; actor: Actor };

export async function batchInitiate(s: AppServices, c: ServiceCtx, input: ContractBatchInitiate): Promise<{ jobId: number; total: number }> {
  const employeeIds = [...new Set(input.employeeIds)];
  const { employeeIds: _ids, ...rest } = input;
  await assertEcontractInitiation(c);
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

/** Starts the signing of one package for an employee (a package chosen elsewhere, such as an outsourcing plan's) under a deal code. */
export async function startPackageSigning(c: ServiceCtx, input: { employeeId: number; packageId: number; dealCode: number }): Promise<{ contractIds: number[] }> {
  const plan = await resolvePlan(c.services, c.tx, c.companyId, { packageId: input.packageId, form: 1, notify: true, dealCode: input.dealCode });
  const contractIds = await initiateForEmployee(c.services, c.tx, c.companyId, plan, input.employeeId, { userId: c.user.userId, name: c.user.nickname, ip: c.ip, userAgent: c.userAgent });
  return { contractIds };
}
