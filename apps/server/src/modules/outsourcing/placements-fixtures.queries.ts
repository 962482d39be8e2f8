import { sql } from 'drizzle-orm';
import type { ClientPost } from '@wfsaas/contracts';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Rows the placement tests start from, written as the database owner (plans, clients and orders have their own screens elsewhere), and what they check. */

const today = chinaToday();
type T = { database: { db: Executor } };
const run = async <R>(t: T, query: ReturnType<typeof sql>) => rowsOf<R>(await t.database.db.execute(query));

export async function insertPlan(t: T, companyId: number, name: string, siEntityId: number | null = null, contractPackageId: number | null = null): Promise<number> {
  const [row] = await run<{ id: number }>(t, sql`
    insert into os_plans (company_id, name, fee_kind, fee_amount, vat_kind, si_entity_id, contract_package_id)
    values (${companyId}, ${name}, 'perHead', '300.00', 'simplified', ${siEntityId}, ${contractPackageId}) returning id`);
  return Number(row!.id);
}

export async function insertSiEntity(t: T, companyId: number, name: string, city: string, locations: string[]): Promise<number> {
  const [row] = await run<{ id: number }>(t, sql`
    insert into si_entities (company_id, name, city, deadline_day, locations) values (${companyId}, ${name}, ${city}, 15, ${JSON.stringify(locations)}::jsonb) returning id`);
  return Number(row!.id);
}

export async function insertClient(
  t: T,
  companyId: number,
  o: { name: string; kind: 1 | 2 | 3; planId: number; headcount?: number; posts: ClientPost[]; agreementStart?: string; agreementEnd?: string },
): Promise<number> {
  const [row] = await run<{ id: number }>(t, sql`
    insert into os_clients (company_id, name, kind, agreement_start, agreement_end, plan_id, headcount, posts)
    values (${companyId}, ${o.name}, ${o.kind}, ${o.agreementStart ?? addDays(today, -60)}, ${o.agreementEnd ?? addDays(today, 365)}, ${o.planId}, ${o.headcount ?? 0}, ${JSON.stringify(o.posts)}::jsonb)
    returning id`);
  return Number(row!.id);
}

export async function insertOrder(t: T, companyId: number, o: { clientId: number; orderNo: string; post: string; headcount: number }): Promise<number> {
  const [row] = await run<{ id: number }>(t, sql`
    insert into os_orders (company_id, order_no, client_id, post, headcount, pay, start_date, status)
    values (${companyId}, ${o.orderNo}, ${o.clientId}, ${o.post}, ${o.headcount}, '6000.00', ${today}, 2) returning id`);
  return Number(row!.id);
}

export async function placementState(t: T, id: number) {
  const [row] = await run<{ status: number; left_date: string | null; leave_source: string | null; client_id: number }>(t, sql`select status, left_date::text, leave_source, client_id from os_placements where id = ${id}`,
  );
  return row!;
}

export async function employeeState(t: T, id: number) {
  const [row] = await run<{ status: number; employment_type: number; work_location: string | null; hire_date: string | null }>(t, sql`select status, employment_type, work_location, hire_date::text from employees where id = ${id}`,
  );
  return row!;
}
