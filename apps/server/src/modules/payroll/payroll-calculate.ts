import {
  calcErrorMessage,
  calculateEmployee,
  compileGroup,
  contributionCalculator,
  findPolicy,
  insuredContributionCalculator,
  NO_CONTRIBUTIONS,
  PayrollDecimal,
  PayrollInputError,
  type CityPolicy,
  type EmployeeContributions,
  type InsuredContributionCalculator,
  type OpeningBalance,
  type PayFrom,
  type PriorMonth,
  type TaxProfile,
} from '@wfsaas/payroll';
import type { StoredGroupConfig } from '../../db/schema/payroll.ts';
import type { Executor } from '../../platform/db.ts';
import type { JobContext } from '../../platform/jobs/index.ts';
import { employedWorkingDays, monthBounds, monthWorkingDays, type DayKinds } from './payroll-calendar.ts';
import { fixedPayOf, payTimelines } from './payroll-pay.ts';
import { listOpenings } from './payroll-opening.queries.ts';
import { toOpeningBalance } from './payroll-opening.service.ts';
import { listInsuranceOfMonth, type MemberInsurance } from './payroll-insured.queries.ts';
import { calendarKinds, cityPolicies, policyForMonth, resolveMembers } from './payroll-setup.service.ts';
import * as rq from './payroll-results.queries.ts';
import * as q from './payroll.queries.ts';

export const CALCULATE_JOB = 'payroll.calculate';
export type CalculateJobPayload = { runId: number; version: number };

const CHUNK = 2000;
const BIG_CHANGE = new PayrollDecimal('0.3');

/** Everything the calculation of one run reads from the database. */
export type RunData = {
  config: StoredGroupConfig;
  month: string;
  members: q.PayrollEmployee[];
  /** Each member's pay timeline (record and dated pay changes). */
  timelines: Map<number, PayFrom[]>;
  inputs: Map<number, Record<string, string>>;
  profiles: Map<number, TaxProfile>;
  prior: Map<number, PriorMonth[]>;
  /** 期初累计数据 of the year that applies to the run's month (it ends before it). */
  openings: Map<number, OpeningBalance>;
  lastNet: Map<number, string>;
  kinds: DayKinds;
  policyError: string | null;
  policy: Awaited<ReturnType<typeof policyForMonth>> | null;
  /** Members whose wages another wage-taxed run of the month has calculated → that run's group. */
  calculatedElsewhere: Map<number, string>;
  /** Base rule 按参保信息: each member's insurance covering the month, and the company's city policies; null under other rules. */
  insured: { byEmployee: Map<number, MemberInsurance>; policies: CityPolicy[] } | null;
};

export const MSG_NOT_INSURED = '本月无参保信息，未计算社保公积金';

/** Why a member of two wage-taxed groups is flagged, or not calculated. */
export function otherGroupMessage(groups: string[], calculated: boolean): string {
  const where = `薪资组「${groups.join('」「')}」`;
  return calculated
    ? `本月工资已在${where}计算，工资薪金个税每人每月只能在一个薪资组计算，请在其中一个薪资组中排除该员工`
    : `同月也在${where}中，工资薪金个税每人每月只能在一个薪资组计算，先计算的薪资组计入，请在其中一个薪资组中排除该员工`;
}

export async function loadRunData(exec: Executor, companyId: number, run: { id: number; groupId: number; month: string }, config: StoredGroupConfig): Promise<RunData> {
  const year = Number(run.month.slice(0, 4));
  const members = await resolveMembers(exec, companyId, config, run.month);
  const ids = members.map((m) => m.id);
  const byId = members.length > 2000 ? undefined : ids;
  // One after another: the queries share the transaction's connection.
  const inputs = await q.listInputs(exec, companyId, run.id);
  const timelines = payTimelines(members, await q.listPayChanges(exec, companyId, monthBounds(run.month).last, byId));
  const profileRows = await q.listTaxProfiles(exec, companyId, year, byId);
  const priorRows = await rq.listPriorResults(exec, companyId, year, run.month, byId);
  const monthNumber = Number(run.month.slice(5, 7));
  const openings = new Map((await listOpenings(exec, companyId, year, byId)).filter((o) => o.throughMonth < monthNumber).map((o) => [Number(o.employeeId), toOpeningBalance(o)]));
  const previous = await q.findPreviousRun(exec, companyId, run.groupId, run.month);
  const kinds = await calendarKinds(exec, companyId, year);
  const calculatedElsewhere = config.taxRule === 1 ? await q.listWagesCalculatedElsewhere(exec, companyId, run.month, run.id) : new Map<number, string>();
  const profiles = new Map(profileRows.map((r) => [r.profile.employeeId, { firstJobOfYear: r.profile.firstJobOfYear, previousYearLowIncome: r.profile.previousYearLowIncome, deductions: r.profile.deductions }]));
  const prior = new Map<number, PriorMonth[]>();
  for (const r of priorRows) {
    const month = Number(r.month.slice(5, 7));
    const list = prior.get(r.employeeId) ?? [];
    const last = list[list.length - 1];
    if (last && last.month === month) {
      // Several groups in one month: one month of wages at this employer.
      const add = (a: string, b: string) => new PayrollDecimal(a).plus(b).toFixed(2);
      last.income = add(last.income, r.taxableIncome);
      last.taxFreeIncome = add(last.taxFreeIncome, r.taxFreeIncome);
      last.specialDeduction = add(last.specialDeduction, r.specialDeduction);
      last.additionalDeduction = add(last.additionalDeduction, r.additionalDeduction);
      last.otherDeduction = add(last.otherDeduction, r.otherDeduction);
    } else {
      list.push({ month, income: r.taxableIncome, taxFreeIncome: new PayrollDecimal(r.taxFreeIncome).toFixed(2), specialDeduction: r.specialDeduction, additionalDeduction: r.additionalDeduction, otherDeduction: r.otherDeduction });
    }
    prior.set(r.employeeId, list);
  }
  let policy: RunData['policy'] = null;
  let policyError: string | null = null;
  if (config.siCity && config.siBaseRule !== 'insured') {
    try {
      policy = await policyForMonth(exec, companyId, config.siCity, run.month);
    } catch (err) {
      policyError = err instanceof Error ? err.message : String(err);
    }
  }
  const lastNet = previous ? await rq.listNetOfRun(exec, companyId, previous.id) : new Map<number, string>();
  const insured =
    config.siBaseRule === 'insured'
      ? { byEmployee: new Map((await listInsuranceOfMonth(exec, companyId, run.month, byId)).map((i) => [i.employeeId, i])), policies: await cityPolicies(exec, companyId) }
      : null;
  return { config, month: run.month, members, timelines, inputs, profiles, prior, openings, lastNet, kinds, policy, policyError, calculatedElsewhere, insured };
}

/**
 * Rule 按参保信息: a member's own contributions — the policy of their entity's city in force in the
 * month, at their entity's rates and their bases; none without insurance covering the month. One
 * calculator per city, housing-fund rate and injury rate; a city without a policy is that member's error.
 */
function insuredContributions(data: RunData): ((employeeId: number) => EmployeeContributions) | null {
  const insured = data.insured;
  if (insured === null) return null;
  const calculators = new Map<string, InsuredContributionCalculator | string>();
  return (employeeId) => {
    const i = insured.byEmployee.get(employeeId);
    if (i === undefined) return NO_CONTRIBUTIONS;
    const key = `${i.city}|${i.hfRate}|${i.injuryRate ?? ''}`;
    let calc = calculators.get(key);
    if (calc === undefined) {
      try {
        calc = insuredContributionCalculator(findPolicy(insured.policies, i.city, `${data.month}-01`), { hfRate: i.hfRate, injuryRate: i.injuryRate });
      } catch (err) {
        if (!(err instanceof PayrollInputError)) throw err;
        calc = err.message;
      }
      calculators.set(key, calc);
    }
    if (typeof calc === 'string') throw new PayrollInputError('city', calc);
    return calc(i.siBase, i.hfBase);
  };
}

/** Calculates every member of a run in memory; one employee's error is recorded on that employee. */
export function calculateRun(companyId: number, runId: number, data: RunData): rq.ResultInsert[] {
  const group = compileGroup(data.config);
  const contributions = contributionCalculator(data.policy, data.config.hfRate);
  const ownContributions = insuredContributions(data);
  const requiredDays = monthWorkingDays(data.month, data.kinds);
  const month = Number(data.month.slice(5, 7));
  const { first, last } = monthBounds(data.month);
  const out: rq.ResultInsert[] = [];
  for (const e of data.members) {
    const base = { companyId, runId, employeeId: e.id, name: e.name, employeeNo: e.employeeNo };
    try {
      if (data.policyError) throw new PayrollInputError('city', data.policyError);
      const elsewhere = data.calculatedElsewhere.get(e.id);
      if (elsewhere !== undefined) throw new PayrollInputError('group', otherGroupMessage([elsewhere], true));
      const joinsOrLeaves = (e.hireDate !== null && e.hireDate > first) || (e.leaveDate !== null && e.leaveDate < last);
      const employedDays = joinsOrLeaves ? employedWorkingDays(data.month, data.kinds, e.hireDate, e.leaveDate) : requiredDays;
      const pay = fixedPayOf(data.month, data.config, data.kinds, e, data.timelines.get(e.id) ?? []);
      const r = calculateEmployee(group, contributions, {
        month,
        salary: pay?.salary ?? e.salary,
        fixedPay: pay ? { amount: pay.amount, note: pay.note } : null,
        inputs: data.inputs.get(e.id) ?? {},
        requiredDays,
        employedDays,
        prior: data.prior.get(e.id) ?? [],
        profile: data.profiles.get(e.id) ?? null,
        opening: data.openings.get(e.id) ?? null,
        contributions: ownContributions?.(e.id) ?? null,
      });
      if (ownContributions && !data.insured!.byEmployee.has(e.id)) r.warnings.push(MSG_NOT_INSURED);
      const previous = data.lastNet.get(e.id);
      if (previous !== undefined) {
        const before = new PayrollDecimal(previous);
        if (!before.isZero()) {
          const change = new PayrollDecimal(r.net).minus(before).dividedBy(before.abs());
          if (change.abs().greaterThan(BIG_CHANGE)) r.warnings.push(`实发工资较上月变动${change.isNegative() ? '' : '+'}${change.times(100).toFixed(1)}%（上月${previous}）`);
        }
      }
      out.push({ ...base, ...r, error: null });
    } catch (err) {
      const message = calcErrorMessage(err);
      if (message === null) throw err;
      out.push({
        ...base,
        values: {},
        gross: '0',
        net: '0',
        siEmployee: '0',
        siEmployer: '0',
        hfEmployee: '0',
        hfEmployer: '0',
        contributions: [],
        taxableIncome: '0',
        specialDeduction: '0',
        additionalDeduction: '0',
        otherDeduction: '0',
        tax: '0',
        taxDetail: { taxFreeIncome: '0.00', deductions: {}, cumulative: null },
        warnings: [],
        error: message,
      });
    }
  }
  return out;
}

/** Stores the results of a run and closes it as calculated (status 3) when its version is still current. */
export async function finishRun(exec: Executor, companyId: number, runId: number, version: number, keep: number[]): Promise<boolean> {
  await rq.deleteResultsExcept(exec, companyId, runId, keep);
  const s = await rq.summariseResults(exec, companyId, runId);
  const run = await q.findRun(exec, companyId, runId);
  if (!run || run.status !== 2 || run.calcVersion !== version) return false;
  await q.updateRun(
    exec,
    companyId,
    runId,
    {
      status: 3,
      calculatedAt: new Date(),
      errorCount: s.errors,
      totals: { headcount: s.headcount, gross: s.gross, net: s.net, tax: s.tax, siEmployee: s.siEmployee, siEmployer: s.siEmployer, hfEmployee: s.hfEmployee, hfEmployer: s.hfEmployer },
    },
    [2],
  );
  return true;
}

/** The calculation job: loads, calculates in memory, stores in chunks of multi-row inserts, closes the run. */
export async function runCalculateJob(ctx: JobContext<CalculateJobPayload>): Promise<unknown> {
  const { companyId } = ctx.job;
  const { runId, version } = ctx.job.payload;
  const db = ctx.services.database;
  const started = performance.now();
  const prepared = await db.inTenant(companyId, async (tx) => {
    const run = await q.findRun(tx, companyId, runId);
    if (!run || run.status !== 2 || run.calcVersion !== version || !run.config) return null;
    return { run, data: await loadRunData(tx, companyId, run, run.config) };
  });
  if (!prepared) return { skipped: true };
  const loaded = performance.now();
  const results = calculateRun(companyId, runId, prepared.data);
  const calculated = performance.now();
  const keys = Array.from({ length: Math.ceil(results.length / CHUNK) }, (_, i) => `chunk-${i}`);
  await ctx.eachChunk(keys, 1, async (chunkKeys, tx) => {
    for (const key of chunkKeys) {
      const i = Number(key.slice(6));
      await rq.upsertResults(tx, results.slice(i * CHUNK, (i + 1) * CHUNK));
    }
  });
  const finished = await db.inTenant(companyId, (tx) =>
    finishRun(
      tx,
      companyId,
      runId,
      version,
      results.map((r) => r.employeeId),
    ),
  );
  const ms = (a: number, b: number) => Math.round(b - a);
  return {
    runId,
    employees: results.length,
    errors: results.filter((r) => r.error).length,
    finished,
    timings: { loadMs: ms(started, loaded), calculateMs: ms(loaded, calculated), storeMs: ms(calculated, performance.now()) },
  };
}

/** After the job's last attempt failed, the run goes back to 待计算 so it can be calculated again. */
export async function markCalculateFailed(exec: Executor, companyId: number, runId: number, version: number): Promise<void> {
  const run = await q.findRun(exec, companyId, runId);
  if (run && run.status === 2 && run.calcVersion === version) await q.updateRun(exec, companyId, runId, { status: 1 }, [2]);
}
