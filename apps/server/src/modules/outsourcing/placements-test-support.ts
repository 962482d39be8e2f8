import { idCardCheckChar, OS_API, type OnboardingResult } from '@wfsaas/contracts';
import { expect } from 'vitest';
import { chinaToday } from '../../platform/china-date.ts';
import type { TestApp } from '../../test/harness.ts';

/** The API calls the placement tests repeat; their starting rows are in placements-fixtures.queries.ts. */

export { employeeState, insertClient, insertOrder, insertPlan, insertSiEntity, placementState } from './placements-fixtures.queries.ts';

export const today = chinaToday();

let seq = 0;
/** A valid mainland ID number of a man born 1994-03-08, distinct per sequence number below 1000. */
function idNumber(n: number): string {
  const first17 = `32050519940308${String(n).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17)!;
}

/** A new worker's identity and employment, unique per call. */
export function worker(name: string, departmentId: number, extra: object = {}) {
  seq++;
  return {
    name,
    mobile: `139${String(51_000_000 + seq).slice(-8)}`,
    idType: 1,
    idNumber: idNumber(seq),
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

