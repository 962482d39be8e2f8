import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from './org.seed.ts';

/** Every organisation route declares its permission; a member without it and a non-member are refused with nothing changed. */

let t: TestApp;
let staff: string;

const PREFIXES = ['/wfsaas-saas/api/companyDepartment/', '/wfsaas-saas/api/companyDepartmentVersion/', '/wfsaas-saas/api/position/', '/wfsaas-saas/api/rankCategory/', '/wfsaas-saas/api/rank/', '/wfsaas-saas/api/costCenter/'];

const EXPECTED_ACCESS: Record<string, string> = {
  'companyDepartment/tree': 'organizationalIndex',
  'companyDepartment/chart': 'organizationalIndexduo',
  'companyDepartment/options': 'member',
  'companyDepartment/detail': 'organizationalIndex',
  'companyDepartment/leaderOptions': 'organizationalIndex',
  'companyDepartment/add': 'organizationalstructure.edit',
  'companyDepartment/update': 'organizationalstructure.edit',
  'companyDepartment/move': 'organizationalstructure.edit',
  'companyDepartment/merge': 'organizationalstructure.edit',
  'companyDepartment/disable': 'organizationalstructure.edit',
  'companyDepartment/enable': 'organizationalstructure.edit',
  'companyDepartment/delete': 'organizationalstructure.edit',
  'companyDepartment/template/download': 'organizationalIndex',
  'companyDepartment/template/import': 'organizationalstructure.edit',
  'companyDepartmentVersion/save': 'organizationalstructure.edit',
  'companyDepartmentVersion/page': 'organizationalIndex',
  'companyDepartmentVersion/detail': 'organizationalIndex',
  'companyDepartmentVersion/asOf': 'organizationalIndex',
  'position/page': 'positionRank',
  'position/add': 'positionRank.edit',
  'position/update': 'positionRank.edit',
  'position/disable': 'positionRank.edit',
  'position/enable': 'positionRank.edit',
  'position/delete': 'positionRank.edit',
  'rankCategory/list': 'positionRank',
  'rankCategory/add': 'positionRank.edit',
  'rankCategory/update': 'positionRank.edit',
  'rankCategory/delete': 'positionRank.edit',
  'rank/list': 'positionRank',
  'rank/add': 'positionRank.edit',
  'rank/update': 'positionRank.edit',
  'rank/delete': 'positionRank.edit',
  'costCenter/page': 'costCenter',
  'costCenter/ownerOptions': 'costCenter',
  'costCenter/add': 'costCenter.edit',
  'costCenter/update': 'costCenter.edit',
  'costCenter/delete': 'costCenter.edit',
};

/** A well-formed body aimed at company 1's records. */
const BODY = { id: 1, parentId: 2, sourceId: 1, targetId: 2, name: '越权', code: 'HACK', sort: 0, date: '2030-01-01', effectiveDate: '2030-01-01', categoryId: 1, departmentIds: [1], companyId: 1 };

function orgRoutes() {
  return t.app.registeredRoutes.filter((r) => r.method === 'POST' && PREFIXES.some((p) => r.url.startsWith(p)));
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  staff = await t.login('13800000001');
});
afterAll(async () => t?.close());

describe('organisation routes', () => {
  it('declare the expected permission each', () => {
    const declared = Object.fromEntries(orgRoutes().map((r) => [r.url.replace('/wfsaas-saas/api/', ''), r.access]));
    expect(declared).toEqual(EXPECTED_ACCESS);
  });

  it('refuse a member of company 1 without the keys (403), and a non-member of company 2 (403), changing nothing', async () => {
    const before = await snapshotCounts(t.database);
    for (const r of orgRoutes()) {
      const access = r.access!;
      const own = await t.call(r.url, { token: staff, companyId: 1, body: BODY });
      if (access === 'member') {
        expect(own.body.code, r.url).toBe(200);
      } else {
        expect(own.status, r.url).toBe(403);
        expect(own.body, r.url).toEqual({ code: 403, message: `您没有此操作的权限（${access}），请联系管理员`, data: null });
      }
      const other = await t.call(r.url, { token: staff, companyId: 2, body: BODY });
      expect(other.status, r.url).toBe(403);
      expect(other.body, r.url).toEqual({ code: 403, message: '您不是该公司的成员，无权访问', data: null });
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
