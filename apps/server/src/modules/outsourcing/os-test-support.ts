import { CUSTODY_API, CUSTODY_PATHS, OS_API, OS_PATHS, usccCheckChar, type ClientSave, type ClientView, type PlanSave, type PlanView } from '@wfsaas/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { signInBySms } from '../../test/members.ts';
import { insertPlacementRow, listOnJobEmployees, type FixturePlacement } from './os-fixtures.queries.ts';

/** The outsourcing and joint-custody API as one member of a company, with the steps the tests repeat. */

type Caller = { t: TestApp; token: string; companyId: number };
type As = { token?: string; companyId?: number };
type OsPath = keyof typeof OS_PATHS;
type CustodyPath = keyof typeof CUSTODY_PATHS;

/** A valid unified social credit code, different for each `n`. */
export function testUscc(n: number): string {
  const first17 = `91330100${String(n).padStart(4, '0')}MA0T0`.slice(0, 17);
  return first17 + usccCheckChar(first17)!;
}

export function osCalls(caller: () => Caller) {
  function post<T>(url: string, body: unknown, as?: As) {
    const { t, token, companyId } = caller();
    return t.call<T>(url, { token: as?.token ?? token, companyId: as?.companyId ?? companyId, body: body ?? {} });
  }
  const call = <T>(path: OsPath, body?: unknown, as?: As) => post<T>(`${OS_API}${OS_PATHS[path]}`, body, as);
  const custody = <T>(path: CustodyPath, body?: unknown, as?: As) => post<T>(`${CUSTODY_API}${CUSTODY_PATHS[path]}`, body, as);
  async function ok<T>(path: OsPath, body?: unknown, as?: As): Promise<T> {
    const r = await call<T>(path, body, as);
    expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
    return r.body.data;
  }
  async function custodyOk<T>(path: CustodyPath, body?: unknown, as?: As): Promise<T> {
    const r = await custody<T>(path, body, as);
    expect(r.body.code, `${path}: ${r.body.message}`).toBe(200);
    return r.body.data;
  }
  /** A per-head plan with nothing attached unless asked. */
  function plan(name: string, extra: Partial<PlanSave> = {}, as?: As): Promise<PlanView> {
    return ok<PlanView>('planSave', { name, feeKind: 'perHead', feeAmount: '200', vatKind: 'general', ...extra }, as);
  }
  /** An outsourcing (kind 2) client on a year's agreement with one auxiliary post 保洁. */
  function client(name: string, planId: number, extra: Partial<ClientSave> = {}, as?: As): Promise<ClientView> {
    return ok<ClientView>(
      'clientSave',
      { name, kind: 2, agreementStart: '2026-01-01', agreementEnd: '2027-12-31', planId, headcount: 100, posts: [{ name: '保洁', kind: 'auxiliary' }], ...extra },
      as,
    );
  }
  return { call, custody, ok, custodyOk, plan, client };
}

/**
 * A company on the platform with its own administrator: the phone is invited to the demo company
 * (so it may sign in), signs in by SMS code and creates the company.
 */
export async function createPlatformCompany(t: TestApp, o: { adminToken: string; phone: string; nickname: string; name: string; creditCode: string }): Promise<{ token: string; companyId: number }> {
  const invited = await t.call('/wfsaas-system/api/subAccount/save', { token: o.adminToken, companyId: 1, body: { phone: o.phone, nickname: o.nickname, roleIds: [] } });
  expect(invited.body.code, invited.body.message).toBe(200);
  const token = await signInBySms(t, o.phone);
  const created = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', { token, body: { companyName: o.name, creditCode: o.creditCode, contactName: o.nickname, contactPhone: o.phone } });
  expect(created.body.code, created.body.message).toBe(200);
  return { token, companyId: created.body.data.companyId };
}

/** Live employees of a company on the job (the demo roster), oldest first. */
export async function onJobEmployees(t: TestApp, companyId: number, n: number): Promise<{ id: number; name: string; employeeNo: string | null }[]> {
  const rows = await listOnJobEmployees(t.database.db, companyId, n);
  expect(rows.length).toBe(n);
  return rows;
}

/** A placement row written directly (the onboarding flow is tested on its own). */
export async function insertPlacement(t: TestApp, p: FixturePlacement & { companyId: number }): Promise<number> {
  return insertPlacementRow(t.database.db, p.companyId, p);
}
