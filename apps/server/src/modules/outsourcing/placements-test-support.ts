import { OS_API, type ClientPost, type OnboardingResult } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { chinaToday, addDays } from '../../platform/china-date.ts';
import type { TestApp } from '../../test/harness.ts';
import { makeIdNumber } from '../employees/employees.seed.ts';

/** Rows the placement tests start from (plans, clients, orders are written directly) and the API calls they repeat. */

export const today = chinaToday();

export async function insertPlan(t: TestApp, companyId: number, name: string, siEntityId: number | null = null): Promise<number> {
  const [row] = await t.rows<{ id: number }>(sql`
    insert into os_plans (company_id, name, fee_kind, fee_amount, vat_kind, si_entity_id)
    values (${companyId}, ${name}, 'perHead', '300.00', 'simplified', ${siEntityId}) returning id`);
  return Number(row!.id);
}

export async function insertSiEntity(t: TestApp, companyId: number, name: string, city: string, locations: string[]): Promise<number> {
  const [row] = await t.rows<{ id: number }>(sql`
    insert into si_entities (company_id, name, city, deadline_day, locations) values (${companyId}, ${name}, ${city}, 15, ${JSON.stringify(locations)}::jsonb) returning id`);
  return Number(row!.id);
}

export async function insertClient(
  t: TestApp,
  companyId: number,
  o: { name: string; kind: 1 | 2 | 3; planId: number; headcount?: number; posts: ClientPost[]; agreementStart?: string; agreementEnd?: string },
): Promise<number> {
  const [row] = await t.rows<{ id: number }>(sql`
    insert into os_clients (company_id, name, kind, agreement_start, agreement_end, plan_id, headcount, posts)
    values (${companyId}, ${o.name}, ${o.kind}, ${o.agreementStart ?? addDays(today, -60)}, ${o.agreementEnd ?? addDays(today, 365)}, ${o.planId}, ${o.headcount ?? 0}, ${JSON.stringify(o.posts)}::jsonb)
    returning id`);
  return Number(row!.id);
}

export async function insertOrder(t: TestApp, companyId: number, o: { clientId: number; orderNo: string; post: string; headcount: number }): Promise<number> {
  const [row] = await t.rows<{ id: number }>(sql`
    insert into os_orders (company_id, order_no, client_id, post, headcount, pay, start_date, status)
    values (${companyId}, ${o.orderNo}, ${o.clientId}, ${o.post}, ${o.headcount}, '6000.00', ${today}, 2) returning id`);
  return Number(row!.id);
}

let seq = 0;
/** A new worker's identity and employment, unique per call. */
export function worker(name: string, departmentId: number, extra: object = {}) {
  seq++;
  return {
    name,
    mobile: `139${String(51_000_000 + seq).slice(-8)}`,
    idType: 1,
    idNumber: makeIdNumber('320505', '1994-03-08', seq, 1),
    employeeNo: `WB${String(seq).padStart(4, '0')}`,
    departmentId,
    hireDate: today,
    salary: '6000.00',
    ...extra,
  };
}

export function osCalls(t: TestApp, token: string, companyId = 1) {
  const call = <T>(path: string, body: unknown, as: { token?: string; companyId?: number } = {}) =>
    t.call<T>(`${OS_API}${path}`, { token: as.token ?? token, companyId: as.companyId ?? companyId, body });
  async function ok<T>(path: string, body: unknown): Promise<T> {
    const r = await call<T>(path, body);
    expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
    return r.body.data;
  }
  /** Onboards a worker and confirms the arrival: an active placement. */
  async function placeActive(name: string, departmentId: number, placement: object): Promise<OnboardingResult> {
    const added = await ok<OnboardingResult>('/outsource/onboarding/add', { worker: worker(name, departmentId), placement, signContract: false });
    await ok('/outsource/onboarding/confirm', { placementId: added.placement.id });
    return added;
  }
  return { call, ok, placeActive };
}

export async function placementState(t: TestApp, id: number) {
  const [row] = await t.rows<{ status: number; left_date: string | null; leave_source: string | null; client_id: number }>(
    sql`select status, left_date::text, leave_source, client_id from os_placements where id = ${id}`,
  );
  return row!;
}

export async function employeeState(t: TestApp, id: number) {
  const [row] = await t.rows<{ status: number; employment_type: number; work_location: string | null; hire_date: string | null }>(
    sql`select status, employment_type, work_location, hire_date::text from employees where id = ${id}`,
  );
  return row!;
}
