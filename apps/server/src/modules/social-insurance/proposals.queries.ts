import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db.ts';

/**
 * What proposals are computed from, loaded set-wise for a whole company (a handful of queries,
 * whatever the number of employees): the roster, insurance rows, location moves, waiting
 * resignations, pay changes and the lines other declarations already hold.
 */

export type ProposalEmployee = {
  id: number;
  name: string;
  employeeNo: string | null;
  idNumberMasked: string | null;
  status: number;
  hireDate: string;
  leaveDate: string | null;
  workLocation: string | null;
  salary: string | null;
};

export type InsuredFact = { employeeId: number; entityId: number; status: number; siBase: string; hfBase: string; hfRate: string; startMonth: string; endMonth: string | null };
/** The latest transfer changing the work location (待生效 or 已生效). */
export type LocationMove = { changeId: number; employeeId: number; effectiveDate: string; fromLocation: string | null; toLocation: string | null };
export type PayChange = { changeId: number; employeeId: number; effectiveDate: string; salary: string };
export type DeclaredLine = { entityId: number; declarationId: number; employeeId: number; kind: number; proposalKey: string | null; fromMonth: string };

const num = (v: unknown) => Number(v);

/** Employees on the roster (试用, 正式, 待离职) with a hire date, and those who left since `leftSince` or are still insured. */
export async function listProposalEmployees(exec: Executor, companyId: number, leftSince: string): Promise<ProposalEmployee[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select e.id, e.name, e.employee_no, e.id_number_masked, e.status, e.hire_date::text as hire_date, e.leave_date::text as leave_date, e.work_location, e.salary::text as salary
      from employees e
      where e.company_id = ${companyId} and e.archived_at is null and e.hire_date is not null
        and (e.status in (1, 2, 3) or (e.status = 4 and e.leave_date is not null and (e.leave_date >= ${leftSince}::date
          or exists (select 1 from si_insured i where i.company_id = e.company_id and i.employee_id = e.id and i.status in (1, 2, 3)))))
      order by e.id`),
  );
  return rows.map((r) => ({
    id: num(r.id),
    name: String(r.name),
    employeeNo: (r.employee_no as string | null) ?? null,
    idNumberMasked: (r.id_number_masked as string | null) ?? null,
    status: num(r.status),
    hireDate: String(r.hire_date),
    leaveDate: (r.leave_date as string | null) ?? null,
    workLocation: (r.work_location as string | null) ?? null,
    salary: (r.salary as string | null) ?? null,
  }));
}

export async function listInsuredFacts(exec: Executor, companyId: number): Promise<InsuredFact[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select employee_id, entity_id, status, si_base::text as si_base, hf_base::text as hf_base, hf_rate::text as hf_rate, start_month, end_month
      from si_insured where company_id = ${companyId}`),
  );
  return rows.map((r) => ({
    employeeId: num(r.employee_id),
    entityId: num(r.entity_id),
    status: num(r.status),
    siBase: String(r.si_base),
    hfBase: String(r.hf_base),
    hfRate: String(r.hf_rate),
    startMonth: String(r.start_month),
    endMonth: (r.end_month as string | null) ?? null,
  }));
}

export async function listLocationMoves(exec: Executor, companyId: number): Promise<LocationMove[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select distinct on (employee_id) id, employee_id, effective_date::text as effective_date, before ->> 'workLocation' as from_location, after ->> 'workLocation' as to_location
      from employee_changes
      where company_id = ${companyId} and type = 'transfer' and status in (0, 1) and jsonb_exists(after, 'workLocation')
      order by employee_id, effective_date desc, id desc`),
  );
  return rows.map((r) => ({
    changeId: num(r.id),
    employeeId: num(r.employee_id),
    effectiveDate: String(r.effective_date),
    fromLocation: (r.from_location as string | null) ?? null,
    toLocation: (r.to_location as string | null) ?? null,
  }));
}

/** The last day of each waiting resignation (离职 待生效). */
export async function listWaitingQuits(exec: Executor, companyId: number): Promise<Map<number, string>> {
  const rows = rowsOf<{ employee_id: unknown; effective_date: string }>(
    await exec.execute(sql`
      select distinct on (employee_id) employee_id, effective_date::text as effective_date
      from employee_changes where company_id = ${companyId} and type = 'quit' and status = 0
      order by employee_id, id desc`),
  );
  return new Map(rows.map((r) => [num(r.employee_id), r.effective_date]));
}

/** The latest pay change of each employee taking effect on or before `lastDay`. */
export async function listPayChanges(exec: Executor, companyId: number, lastDay: string): Promise<PayChange[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select distinct on (employee_id) id, employee_id, effective_date::text as effective_date, after ->> 'salary' as salary
      from employee_changes
      where company_id = ${companyId} and status in (0, 1) and after ->> 'salary' is not null and effective_date <= ${lastDay}::date
      order by employee_id, effective_date desc, id desc`),
  );
  return rows.map((r) => ({ changeId: num(r.id), employeeId: num(r.employee_id), effectiveDate: String(r.effective_date), salary: String(r.salary) }));
}

/** Lines of declarations that are not withdrawn, kept (not dropped) and not failed: what is declared already. */
export async function listDeclaredLines(exec: Executor, companyId: number, entityIds: number[]): Promise<DeclaredLine[]> {
  if (entityIds.length === 0) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await exec.execute(sql`
      select d.entity_id, d.id as declaration_id, l.employee_id, l.kind, l.proposal_key, l.from_month
      from si_declaration_lines l
      join si_declarations d on d.company_id = l.company_id and d.id = l.declaration_id
      where l.company_id = ${companyId} and d.status <> 4 and not l.dropped and l.result in (0, 1)
        and d.entity_id in (${sql.join(entityIds.map((id) => sql`${id}`), sql`, `)})`),
  );
  return rows.map((r) => ({
    entityId: num(r.entity_id),
    declarationId: num(r.declaration_id),
    employeeId: num(r.employee_id),
    kind: num(r.kind),
    proposalKey: (r.proposal_key as string | null) ?? null,
    fromMonth: String(r.from_month),
  }));
}
