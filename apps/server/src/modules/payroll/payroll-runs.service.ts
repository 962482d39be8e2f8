import {
  RUN_STATUS,
  runStatusLabel,
  type ExplainStep,
  type OverviewView,
  type RunCheckFinding,
  type RunCheckResult,
  type RunExplainView,
  type RunImportResult,
  type RunProgress,
  type RunResultView,
  type RunResultsPage,
  type RunStatus,
  type RunView,
} from '@wfsaas/contracts';
import { compileGroup, PayrollDecimal, taxMonths, withholdSalaryTax } from '@wfsaas/payroll';
import { findJob, enqueueJob } from '../../platform/jobs/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { recallBatch } from '../payslips/index.ts';
import { CALCULATE_JOB, otherGroupMessage, type CalculateJobPayload } from './payroll-calculate.ts';
import { fixedPayOf, importableItems, payTimelines, resultItemColumns } from './payroll-pay.ts';
import { employedWorkingDays, monthBounds } from './payroll-calendar.ts';
import { mapDataSheet, type ParsedDataSheet } from './payroll-import.ts';
import { calendarKinds, checkGroupConfig, otherWageGroups, resolveMembers, workingDaysOfMonth } from './payroll-setup.service.ts';
import * as rq from './payroll-results.queries.ts';
import { listInsuranceOfMonth } from './payroll-insured.queries.ts';
import * as q from './payroll.queries.ts';
import { markInputSources } from './payroll-data.queries.ts';
import { listOpenings } from './payroll-opening.queries.ts';
import { toOpeningBalance } from './payroll-opening.service.ts';
import { assertServiceActive, meterUsage } from '../trade/index.ts';

export const MSG_RUN_LOCKED = '薪资已锁定，不能重新计算，请先解锁';
export const MSG_RUN_SUBMITTED = '工资表已提交，不能再修改';

export function runView(r: q.RunRow, groupName: string): RunView {
  return {
    id: r.id,
    groupId: r.groupId,
    groupName,
    month: r.month,
    status: r.status as RunStatus,
    statusLabel: runStatusLabel(r.status),
    workingDays: r.workingDays,
    totals: r.totals,
    errorCount: r.errorCount,
    importedCount: 0,
    jobId: r.jobId,
    calculatedAt: r.calculatedAt?.toISOString() ?? null,
    lockedAt: r.lockedAt?.toISOString() ?? null,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    unlockReason: r.unlockReason,
    payslipBatchId: r.payslipBatchId,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function loadRun(c: ServiceCtx, runId: number): Promise<{ run: q.RunRow; group: q.GroupRow }> {
  const run = await q.findRun(c.tx, c.companyId, runId);
  if (!run) throw notFound('薪资批次');
  const group = await q.findGroup(c.tx, c.companyId, run.groupId);
  if (!group) throw notFound('薪资组');
  return { run, group };
}

/** A refusal for a run that may no longer change. */
function refuseFrozen(status: number): void {
  if (status === RUN_STATUS.locked) throw badRequest(MSG_RUN_LOCKED);
  if (status === RUN_STATUS.submitted) throw badRequest(MSG_RUN_SUBMITTED);
  if (status === RUN_STATUS.calculating) throw badRequest('薪资正在计算中，请稍后再试');
}

export async function createRun(c: ServiceCtx, input: { groupId: number; month: string }): Promise<RunView> {
  const group = await q.findGroup(c.tx, c.companyId, input.groupId);
  if (!group) throw notFound('薪资组');
  if (await q.findRunOfGroupMonth(c.tx, c.companyId, group.id, input.month)) throw badRequest(`薪资组「${group.name}」${input.month}的薪资批次已存在`);
  const hasInputs = group.config.items.some((i) => i.type === 1);
  const run = await q.insertRun(c.tx, {
    companyId: c.companyId,
    groupId: group.id,
    month: input.month,
    status: hasInputs ? RUN_STATUS.awaitingImport : RUN_STATUS.awaitingCalculation,
    workingDays: await workingDaysOfMonth(c.tx, c.companyId, input.month),
    createdBy: c.user.userId,
  });
  await c.audit({ action: 'payroll.run.create', entity: 'payroll_run', entityId: run.id, after: { groupId: group.id, month: input.month } });
  return runView(run, group.name);
}

export async function runDetail(c: ServiceCtx, runId: number): Promise<RunView> {
  const { run, group } = await loadRun(c, runId);
  return { ...runView(run, group.name), importedCount: await q.countInputs(c.tx, c.companyId, run.id) };
}

export async function pageRunsView(c: ServiceCtx, f: { month?: string; groupId?: number; status?: number; statuses?: number[] }, pageNum: number, pageSize: number): Promise<Paged<RunView>> {
  const { rows, total } = await q.pageRuns(c.tx, c.companyId, f, pageNum, pageSize);
  return new Paged(
    rows.map((r) => runView(r.run, r.groupName ?? '')),
    pageNum,
    pageSize,
    total,
  );
}

export async function removeRun(c: ServiceCtx, runId: number): Promise<void> {
  const { run } = await loadRun(c, runId);
  refuseFrozen(run.status);
  await q.updateRun(c.tx, c.companyId, run.id, { archivedAt: new Date() });
  await c.audit({ action: 'payroll.run.remove', entity: 'payroll_run', entityId: run.id, before: { month: run.month, status: run.status } });
}

export async function importRunData(s: AppServices, c: ServiceCtx, runId: number, sheet: ParsedDataSheet): Promise<RunImportResult> {
  const { run, group } = await loadRun(c, runId);
  refuseFrozen(run.status);
  const inputItems = importableItems(group.config);
  const members = await resolveMembers(c.tx, c.companyId, group.config, run.month);
  const { result, values } = mapDataSheet(sheet, inputItems, members, (plain) => s.cipher.lookupHash(plain));
  await q.mergeInputs(c.tx, c.companyId, run.id, values);
  await markInputSources(c.tx, c.companyId, run.id, values, null);
  await q.updateRun(c.tx, c.companyId, run.id, { status: RUN_STATUS.awaitingCalculation });
  await c.audit({ action: 'payroll.run.import', entity: 'payroll_run', entityId: run.id, after: { rows: result.rowCount, matched: result.matched, columns: result.columns, unmatched: result.unmatched.length } });
  return result;
}

export async function saveRunInput(c: ServiceCtx, input: { runId: number; employeeId: number; values: Record<string, string> }): Promise<void> {
  const { run, group } = await loadRun(c, input.runId);
  refuseFrozen(run.status);
  const inputItems = new Set(importableItems(group.config));
  for (const name of Object.keys(input.values)) if (!inputItems.has(name)) throw badRequest(`导入项数值：「${name}」不是本薪资组的导入项`);
  const members = await resolveMembers(c.tx, c.companyId, group.config, run.month);
  if (!members.some((m) => m.id === input.employeeId)) throw notFound('员工');
  await q.mergeInputs(c.tx, c.companyId, run.id, [{ employeeId: input.employeeId, values: input.values }]);
  await markInputSources(c.tx, c.companyId, run.id, [{ employeeId: input.employeeId, values: input.values }], { kind: 'manual' });
  await q.updateRun(c.tx, c.companyId, run.id, { status: RUN_STATUS.awaitingCalculation });
  await c.audit({ action: 'payroll.run.input', entity: 'payroll_run', entityId: run.id, after: { employeeId: input.employeeId, values: input.values } });
}

/** A figure as money when it is a number (imports may hold text). */
const asMoney = (v: string) => (/^-?\d+(\.\d+)?$/.test(v.trim()) ? new PayrollDecimal(v.trim()).toFixed(2) : v);

/** Integrity check: missing input data, mid-month joiners and leavers, no salary, no bank account; after a calculation also negative net pay and big changes. */
export async function checkRun(c: ServiceCtx, runId: number): Promise<RunCheckResult> {
  const { run, group } = await loadRun(c, runId);
  const config = group.config;
  const members = await resolveMembers(c.tx, c.companyId, config, run.month);
  const inputs = await q.listInputs(c.tx, c.companyId, run.id);
  const kinds = await calendarKinds(c.tx, c.companyId, Number(run.month.slice(0, 4)));
  const otherGroups = await otherWageGroups(c.tx, c.companyId, run.groupId, config, run.month, members);
  const inputItems = config.items.filter((i) => i.type === 1).map((i) => i.name);
  const salaryItems = config.items.filter((i) => i.type === 3).map((i) => i.name);
  const usesSalary = salaryItems.length > 0 || config.siBaseRule === 'salary';
  const { first, last } = monthBounds(run.month);
  const timelines = payTimelines(members, await q.listPayChanges(c.tx, c.companyId, last, members.length > 2000 ? undefined : members.map((m) => m.id)));
  const insured = config.siBaseRule === 'insured' ? new Set((await listInsuranceOfMonth(c.tx, c.companyId, run.month, members.length > 2000 ? undefined : members.map((m) => m.id))).map((i) => i.employeeId)) : null;
  const findings: RunCheckFinding[] = [];
  for (const e of members) {
    const add = (kind: RunCheckFinding['kind'], message: string) => findings.push({ employeeId: e.id, name: e.name, employeeNo: e.employeeNo, kind, message });
    const own = inputs.get(e.id) ?? {};
    const missing = inputItems.filter((n) => own[n] === undefined);
    if (missing.length > 0) add('missingInput', `缺少导入数据：${missing.join('、')}（计算时按0处理）`);
    // the same figure the calculation uses, and how it was made
    const pay = salaryItems.length > 0 ? fixedPayOf(run.month, config, kinds, e, timelines.get(e.id) ?? []) : null;
    const imported = salaryItems.filter((n) => own[n] !== undefined && own[n] !== '');
    const joinsOrLeaves = (e.hireDate !== null && e.hireDate > first) || (e.leaveDate !== null && e.leaveDate < last);
    if (imported.length > 0) {
      add('payImported', `${imported.map((n) => `${n}按本月导入值${asMoney(own[n]!)}计算`).join('、')}，不按档案月薪${pay ? `（${asMoney(pay.salary)}）` : ''}折算`);
    } else if (pay?.note) {
      add(pay.segments.length > 1 ? 'payChange' : 'joinLeave', pay.note);
    } else if (joinsOrLeaves) {
      const days = employedWorkingDays(run.month, kinds, e.hireDate, e.leaveDate);
      const what = e.hireDate && e.hireDate > first ? `${e.hireDate}入职` : `${e.leaveDate}离职`;
      add('joinLeave', `${what}，在职工作日${days}/${run.workingDays}天${salaryItems.length > 0 ? '，固定工资按此折算' : '（本薪资组没有固定工资项，导入项不折算）'}`);
    }
    if (usesSalary && e.salary === null) add('noSalary', '员工档案未设置月薪');
    if (!e.bankAccountEnc) add('noBank', '员工档案缺少银行账号，无法生成银行代发文件');
    const elsewhere = otherGroups.get(e.id);
    if (elsewhere) add('otherGroup', otherGroupMessage(elsewhere, false));
    if (insured && !insured.has(e.id)) add('noInsurance', `${run.month}没有参保信息，计算时不缴社保公积金；请在社保托管中办理增员或补录参保`);
  }
  if (run.status >= RUN_STATUS.calculated) {
    for (const r of await rq.listResults(c.tx, c.companyId, run.id)) {
      for (const w of r.warnings) {
        if (w.startsWith('实发工资为负数')) findings.push({ employeeId: r.employeeId, name: r.name, employeeNo: r.employeeNo, kind: 'negativeNet', message: w });
        else if (w.startsWith('实发工资较上月变动')) findings.push({ employeeId: r.employeeId, name: r.name, employeeNo: r.employeeNo, kind: 'bigChange', message: w });
      }
    }
  }
  return { memberCount: members.length, findings };
}

export async function calculate(c: ServiceCtx, runId: number): Promise<RunProgress> {
  const { run, group } = await loadRun(c, runId);
  await q.lockRun(c.tx, c.companyId, run.id);
  refuseFrozen(run.status);
  await assertServiceActive(c, 'payroll');
  checkGroupConfig(group.config);
  const version = run.calcVersion + 1;
  const payload: CalculateJobPayload = { runId: run.id, version };
  const job = await enqueueJob(c.tx, { companyId: c.companyId, type: CALCULATE_JOB, payload, idempotencyKey: `payroll-calc-${run.id}-${version}`, createdBy: c.user.userId, maxAttempts: 3 });
  await q.updateRun(c.tx, c.companyId, run.id, { status: RUN_STATUS.calculating, calcVersion: version, config: group.config, jobId: job.id, workingDays: await workingDaysOfMonth(c.tx, c.companyId, run.month) });
  await c.audit({ action: 'payroll.run.calculate', entity: 'payroll_run', entityId: run.id, after: { version, jobId: job.id } });
  return { runId: run.id, status: RUN_STATUS.calculating, jobId: job.id, jobStatus: 'queued', done: 0, total: 0, error: null };
}

export async function progress(c: ServiceCtx, runId: number): Promise<RunProgress> {
  const { run } = await loadRun(c, runId);
  const job = run.jobId ? await findJob(c.tx, c.companyId, run.jobId) : null;
  return {
    runId: run.id,
    status: run.status as RunStatus,
    jobId: run.jobId,
    jobStatus: job?.status ?? null,
    done: job?.progressDone ?? 0,
    total: job?.progressTotal ?? 0,
    error: job?.error ?? null,
  };
}

function resultView(r: rq.ResultRow, departmentName: string | null, lastNet: string | undefined): RunResultView {
  return {
    employeeId: r.employeeId,
    name: r.name,
    employeeNo: r.employeeNo,
    departmentName,
    values: r.values,
    gross: r.gross,
    net: r.net,
    siEmployee: r.siEmployee,
    siEmployer: r.siEmployer,
    hfEmployee: r.hfEmployee,
    hfEmployer: r.hfEmployer,
    contributions: r.contributions,
    taxableIncome: r.taxableIncome,
    tax: r.tax,
    cumulative: r.taxDetail.cumulative,
    lastNet: lastNet ?? null,
    netDiff: lastNet !== undefined && !r.error ? new PayrollDecimal(r.net).minus(lastNet).toFixed(2) : null,
    warnings: r.warnings,
    error: r.error,
  };
}

export async function results(c: ServiceCtx, input: { runId: number; keyword?: string; onlyErrors?: boolean; pageNum: number; pageSize: number }): Promise<RunResultsPage & { pageMessage?: unknown }> {
  const { run, group } = await loadRun(c, input.runId);
  const config = run.config ?? group.config;
  const previous = await q.findPreviousRun(c.tx, c.companyId, run.groupId, run.month);
  const lastNet = previous ? await rq.listNetOfRun(c.tx, c.companyId, previous.id) : new Map<number, string>();
  const { rows, total } = await rq.pageResults(c.tx, c.companyId, run.id, input, input.pageNum, input.pageSize);
  const page = new Paged(
    rows.map((r) => resultView(r.result, r.departmentName, lastNet.get(r.result.employeeId))),
    input.pageNum,
    input.pageSize,
    total,
  );
  return { items: resultItemColumns(config), list: page.list, pageMessage: page.pageMessage };
}

/** How a fixed pay item got its value: the month's split or proration, an imported override, or the whole month's salary. */
function fixedPayNote(itemName: string, warnings: readonly string[]): string {
  return warnings.find((w) => w.startsWith(`${itemName}按本月导入值`)) ?? warnings.find((w) => w.includes('固定工资')) ?? '员工档案月薪，本月全月在职，按月薪计';
}

export async function explain(c: ServiceCtx, input: { runId: number; employeeId: number }): Promise<RunExplainView> {
  const { run } = await loadRun(c, input.runId);
  const r = await rq.findResult(c.tx, c.companyId, run.id, input.employeeId);
  if (!r || !run.config) throw notFound('员工的计算结果');
  if (r.error) throw badRequest(`该员工计算出错：${r.error}`);
  const config = run.config;
  const group = compileGroup(config);
  const kindOf = { 1: 'input', 2: 'formula', 3: 'salary', 4: 'system' } as const;
  const steps: ExplainStep[] = config.items.map((item) => {
    const value = r.values[item.name] ?? '';
    if (item.type === 2) {
      const compiled = group.full.items.get(item.name)!;
      return { name: item.name, kind: 'formula', formula: item.formula ?? '', inputs: compiled.references.map((n) => ({ name: n, value: r.values[n] ?? '' })), result: value };
    }
    const note =
      item.type === 3
        ? fixedPayNote(item.name, r.warnings)
        : item.type === 1
          ? '导入或录入的数据（未导入按0计算）'
          : item.systemKey === 'tax'
            ? '按计税规则计算，见个税计算过程'
            : '系统计算';
    return { name: item.name, kind: kindOf[item.type], formula: null, inputs: [], result: value, note };
  });
  const taxLines: RunExplainView['taxLines'] = [];
  const withholding: RunExplainView['withholding'] = [];
  const cum = r.taxDetail.cumulative;
  if (cum) {
    taxLines.push(
      { label: cum.openingThroughMonth ? '本系统计算的月份数' : '累计月份数', value: String(cum.months) },
      { label: '累计收入', value: cum.income },
      { label: '累计免税收入', value: cum.taxFreeIncome },
      { label: '累计减除费用', value: cum.basicDeduction },
      { label: '累计专项扣除（社保公积金个人）', value: cum.specialDeduction },
      { label: '累计专项附加扣除', value: cum.additionalDeduction },
      { label: '累计其他扣除', value: cum.otherDeduction },
      { label: '累计预扣预缴应纳税所得额', value: cum.taxableIncome },
      { label: '预扣率', value: `${new PayrollDecimal(cum.rate).times(100).toString()}%` },
      { label: '速算扣除数', value: cum.quickDeduction },
      { label: '累计应预扣预缴税额', value: cum.tax },
      { label: '累计已预扣预缴税额', value: cum.withheldBefore },
      { label: '本期应预扣预缴税额', value: r.tax },
    );
    const year = Number(run.month.slice(0, 4));
    const month = Number(run.month.slice(5, 7));
    const priorRows = await rq.listPriorResults(c.tx, c.companyId, year, run.month, [r.employeeId]);
    const data = { month, prior: priorRows.map((p) => ({ month: Number(p.month.slice(5, 7)), income: p.taxableIncome, taxFreeIncome: new PayrollDecimal(p.taxFreeIncome).toFixed(2), specialDeduction: p.specialDeduction, additionalDeduction: p.additionalDeduction, otherDeduction: p.otherDeduction })) };
    const merged = new Map<number, (typeof data.prior)[number]>();
    for (const p of data.prior) {
      const known = merged.get(p.month);
      if (!known) merged.set(p.month, { ...p });
      else for (const k of ['income', 'taxFreeIncome', 'specialDeduction', 'additionalDeduction', 'otherDeduction'] as const) known[k] = new PayrollDecimal(known[k]).plus(p[k]).toFixed(2);
    }
    // The months after an opening balance (期初累计数据) continue from it, as the calculation did.
    const stored = (await listOpenings(c.tx, c.companyId, year, [r.employeeId]))[0];
    const opening = stored && stored.throughMonth < month && cum.openingThroughMonth === stored.throughMonth ? toOpeningBalance(stored) : undefined;
    const prior = [...merged.values()].filter((p) => !opening || p.month > opening.throughMonth);
    const months = taxMonths({ month, prior }, { month, income: r.taxableIncome, taxFreeIncome: r.taxDetail.taxFreeIncome, specialDeduction: r.specialDeduction, additionalDeduction: r.additionalDeduction, otherDeduction: r.otherDeduction });
    const profile = (await q.listTaxProfiles(c.tx, c.companyId, year, [r.employeeId]))[0]?.profile;
    if (opening) {
      taxLines.splice(1, 0, { label: `期初累计数据（截至${opening.throughMonth}月，来自原薪资系统）`, value: `累计收入 ${opening.income}，累计已预缴税额 ${opening.taxWithheld}` });
    }
    const lines = withholdSalaryTax(months, { firstJobOfYear: profile?.firstJobOfYear ?? false, previousYearLowIncome: profile?.previousYearLowIncome ?? false, ...(opening ? { opening } : {}) });
    lines.forEach((l, i) => withholding.push({ month: l.month, income: months[i]!.income, taxableIncome: l.cumulativeTaxableIncome, rate: l.rate, quickDeduction: l.quickDeduction, cumulativeTax: l.cumulativeTax, tax: l.tax }));
  } else if (config.taxRule === 2) {
    taxLines.push({ label: '劳务报酬按次预扣（每次收入不超过4000元减除800元，超过的减除20%）', value: r.tax });
  }
  return { employeeId: r.employeeId, name: r.name, steps, contributions: r.contributions, taxLines, withholding };
}

export async function lockRunAction(c: ServiceCtx, runId: number): Promise<RunView> {
  const { run, group } = await loadRun(c, runId);
  await q.lockRun(c.tx, c.companyId, run.id);
  if (run.status === RUN_STATUS.locked) throw badRequest('薪资已锁定');
  if (run.status !== RUN_STATUS.calculated) throw badRequest('只有已计算待审核的薪资可以锁定，请先计算');
  if (run.errorCount > 0) throw badRequest(`有${run.errorCount}名员工计算出错，请处理后重新计算再锁定`);
  const updated = await q.updateRun(c.tx, c.companyId, run.id, { status: RUN_STATUS.locked, lockedAt: new Date(), lockedBy: c.user.userId }, [RUN_STATUS.calculated]);
  // employees paid by the run, metered for the subscription centre (a relock measures again)
  await meterUsage(c, 'payrollEmployees', (await rq.countResults(c.tx, c.companyId, run.id)).total, `run:${run.id}`);
  await c.audit({ action: 'payroll.run.lock', entity: 'payroll_run', entityId: run.id, before: { status: run.status }, after: { status: RUN_STATUS.locked } });
  return runView(updated!, group.name);
}

export async function unlockRun(c: ServiceCtx, input: { runId: number; reason: string }): Promise<RunView> {
  const { run, group } = await loadRun(c, input.runId);
  await q.lockRun(c.tx, c.companyId, run.id);
  if (run.status === RUN_STATUS.submitted) throw badRequest('工资表已提交，不能解锁');
  if (run.status !== RUN_STATUS.locked) throw badRequest('薪资未锁定，无需解锁');
  const recall = run.payslipBatchId ? await recallBatch(c, run.payslipBatchId) : null;
  const updated = await q.updateRun(c.tx, c.companyId, run.id, { status: RUN_STATUS.calculated, lockedAt: null, lockedBy: null, unlockReason: input.reason, payslipBatchId: null }, [RUN_STATUS.locked]);
  await c.audit({
    action: 'payroll.run.unlock',
    entity: 'payroll_run',
    entityId: run.id,
    before: { status: run.status, payslipBatchId: run.payslipBatchId },
    after: { status: RUN_STATUS.calculated, reason: input.reason, ...(recall ? { payslips: recall } : {}) },
  });
  return runView(updated!, group.name);
}

export async function submitRun(c: ServiceCtx, runId: number): Promise<RunView> {
  const { run, group } = await loadRun(c, runId);
  await q.lockRun(c.tx, c.companyId, run.id);
  if (run.status === RUN_STATUS.submitted) throw badRequest('工资表已提交');
  if (run.status !== RUN_STATUS.locked) throw badRequest('请先锁定薪资再提交工资表');
  const updated = await q.updateRun(c.tx, c.companyId, run.id, { status: RUN_STATUS.submitted, submittedAt: new Date(), submittedBy: c.user.userId }, [RUN_STATUS.locked]);
  await c.audit({ action: 'payroll.run.submit', entity: 'payroll_run', entityId: run.id, before: { status: run.status }, after: { status: RUN_STATUS.submitted } });
  return runView(updated!, group.name);
}

export async function overview(c: ServiceCtx, month: string): Promise<OverviewView> {
  const groups = await q.listGroups(c.tx, c.companyId);
  const runs = await q.listRunsOfMonth(c.tx, c.companyId, month);
  const out: OverviewView['groups'] = [];
  for (const g of groups) {
    const run = runs.find((r) => r.groupId === g.id);
    const memberCount = (await resolveMembers(c.tx, c.companyId, g.config, month)).length;
    out.push({ groupId: g.id, groupName: g.name, memberCount, run: run ? { id: run.id, status: run.status as RunStatus, statusLabel: runStatusLabel(run.status), totals: run.totals, errorCount: run.errorCount } : null });
  }
  return { month, groups: out };
}

