import { RUN_STATUS } from '@wfsaas/contracts';
import type { ServiceCtx } from '../../platform/http.ts';
import * as rq from './payroll-results.queries.ts';
import * as q from './payroll.queries.ts';

/** What a wage payout reads of payroll (docs/payroll.md): locked runs and each employee's net pay, as calculated. */

const FROZEN = [RUN_STATUS.locked, RUN_STATUS.submitted];

export type LockedRun = { runId: number; month: string; groupName: string; status: number };
export type RunNetPayLine = { employeeId: number; name: string; employeeNo: string | null; bankName: string | null; bankAccountMasked: string | null; net: string };

/** The company's runs that are locked (已锁定) or submitted (已提交), newest month first. */
export async function listLockedRuns(c: ServiceCtx): Promise<LockedRun[]> {
  const { rows } = await q.pageRuns(c.tx, c.companyId, { statuses: [...FROZEN] }, 1, 200);
  return rows.map((r) => ({ runId: r.run.id, month: r.run.month, groupName: r.groupName ?? '', status: r.run.status }));
}

/** A run with its employees' net pay (results without an error), or null when the company has no such run. */
export async function runNetPay(c: ServiceCtx, runId: number): Promise<(LockedRun & { locked: boolean; lines: RunNetPayLine[] }) | null> {
  const run = await q.findRun(c.tx, c.companyId, runId);
  if (!run) return null;
  const group = await q.findGroup(c.tx, c.companyId, run.groupId);
  const results = (await rq.listResults(c.tx, c.companyId, run.id)).filter((r) => !r.error);
  const employees = new Map((await q.listEmployeesEmployedIn(c.tx, c.companyId, '0001-01-01', '9999-12-31', results.map((r) => r.employeeId))).map((e) => [e.id, e]));
  return {
    runId: run.id,
    month: run.month,
    groupName: group?.name ?? '',
    status: run.status,
    locked: (FROZEN as readonly number[]).includes(run.status),
    lines: results.map((r) => {
      const e = employees.get(r.employeeId);
      return { employeeId: r.employeeId, name: r.name, employeeNo: r.employeeNo, bankName: e?.bankName ?? null, bankAccountMasked: e?.bankAccountMasked ?? null, net: r.net };
    }),
  };
}
