import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './session.ts';
import { createMemoryStorage } from './storage.ts';
import {
  DEFAULT_TYPE_LIST,
  encodePermissions,
  hasServiceConfig,
  loadPermissions,
  loginUrlWithReferer,
  mayCreateCompany,
  onPermissionFetchFailed,
  PermissionLoadError,
  permittedRoutes,
  readCachedPermissions,
  usableRoutes,
  type PermissionRequest,
} from './permissions.ts';

describe('permission list cache', () => {
  it('is stored as encodeURIComponent(JSON.stringify(map))', async () => {
    const storage = createMemoryStorage();
    await loadPermissions(storage, async () => ({ home: true, staffRoll: true }));
    expect(storage.getItem(STORAGE_KEYS.permissionList)).toBe(encodeURIComponent(JSON.stringify({ home: true, staffRoll: true })));
  });

  it('is reused when its encoded length exceeds 12', async () => {
    const storage = createMemoryStorage();
    const map = { home: true };
    expect(encodePermissions(map).length).toBeGreaterThan(12);
    storage.setItem(STORAGE_KEYS.permissionList, encodePermissions(map));
    let calls = 0;
    const got = await loadPermissions(storage, async () => {
      calls++;
      return { other: true };
    });
    expect(got).toEqual(map);
    expect(calls).toBe(0);
  });

  it('is fetched again when the encoded cache is 12 characters or shorter', async () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.permissionList, '%7B%7D'); // {} → 6 characters
    const requests: PermissionRequest[] = [];
    const got = await loadPermissions(storage, async (req) => {
      requests.push(req);
      return { home: true };
    });
    expect(got).toEqual({ home: true });
    expect(requests).toEqual([{ typeList: [4, 5] }]);
    storage.setItem(STORAGE_KEYS.permissionList, 'x'.repeat(12));
    await loadPermissions(storage, async (req) => {
      requests.push(req);
      return { home: true };
    });
    expect(requests).toHaveLength(2);
    // 13 characters pass the length rule but must still decode to an object.
    expect(readCachedPermissions(createMemoryStorage({ [STORAGE_KEYS.permissionList]: 'x'.repeat(13) }))).toBeNull();
    expect(readCachedPermissions(createMemoryStorage({ [STORAGE_KEYS.permissionList]: encodePermissions({ a: true }) }))).toEqual({ a: true });
  });

  it('a cache written for another company is not reused', async () => {
    const storage = createMemoryStorage();
    await loadPermissions(storage, async () => ({ home: true, staffRoll: true }), { companyId: 1 });
    expect(storage.getItem(STORAGE_KEYS.permissionOwner)).toBe('1');
    let calls = 0;
    const fetchMap = async () => {
      calls++;
      return { home: true };
    };
    expect(await loadPermissions(storage, fetchMap, { companyId: 1 })).toEqual({ home: true, staffRoll: true });
    expect(calls).toBe(0);
    expect(await loadPermissions(storage, fetchMap, { companyId: 2 })).toEqual({ home: true });
    expect(calls).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.permissionOwner)).toBe('2');
  });

  it('asks with typeList [4,5] by default, plus parentCode and appId when given', async () => {
    expect(DEFAULT_TYPE_LIST).toEqual([4, 5]);
    const requests: PermissionRequest[] = [];
    await loadPermissions(createMemoryStorage(), async (req) => (requests.push(req), { home: true }), { parentCode: 'P1', appId: 'A1' });
    await loadPermissions(createMemoryStorage(), async (req) => (requests.push(req), { home: true }), { typeList: [1, 2, 3, 4, 5] });
    expect(requests).toEqual([{ typeList: [4, 5], parentCode: 'P1', appId: 'A1' }, { typeList: [1, 2, 3, 4, 5] }]);
  });

  it('a failed fetch (code ≠ 200 already shown by the client) is a PermissionLoadError and caches nothing', async () => {
    const storage = createMemoryStorage();
    await expect(
      loadPermissions(storage, async () => {
        throw new Error('您不是该公司的成员，无权访问');
      }),
    ).rejects.toBeInstanceOf(PermissionLoadError);
    await expect(loadPermissions(storage, async () => ['home'])).rejects.toBeInstanceOf(PermissionLoadError);
    expect(storage.getItem(STORAGE_KEYS.permissionList)).toBeNull();
  });

  it('keeps only true grants; serviceConfiguration sets serviceConfig', async () => {
    const map = await loadPermissions(createMemoryStorage(), async () => ({ home: true, staffRoll: false, serviceConfiguration: true, x: 'yes' }));
    expect(map).toEqual({ home: true, serviceConfiguration: true });
    expect(hasServiceConfig(map)).toBe(true);
    expect(hasServiceConfig({ home: true })).toBe(false);
  });
});

describe('route filter', () => {
  it('keeps granted routes and hasRole routes, drops the rest and all public routes', () => {
    const names = permittedRoutes({ home: true, staffRoll: true }).map((r) => r.name);
    expect(names).toContain('home');
    expect(names).toContain('staffRoll');
    expect(names).toContain('implement'); // hasRole
    expect(names).toContain('contractDetailWeifen'); // hasRole
    expect(names).not.toContain('organizationalstructure');
    expect(names).not.toContain('login');
  });

  it('usable routes: the filter, less the role-gated screens whose calls need keys the map lacks', () => {
    const staff = { home: true, corporateCenter: true, staffRoll: true, messageCenter: true, downloadCenter: true, gztVite: true, importPayslip: true, payslipManagement: true, payslipDetails: true };
    const names = usableRoutes(staff).map((r) => r.name);
    // the granted screens and the aliases (hidden redirects, followed to their target); nothing role-gated
    expect([...names].sort()).toEqual([...Object.keys(staff), 'root', 'fzsxappHome', 'signedPackageManageRedirect', 'calendarList'].sort());
    // granted what its calls need, a role-gated screen is usable without a grant of its own name
    expect(usableRoutes({ salaryManagement: true }).map((r) => r.name)).toEqual(expect.arrayContaining(['qtSalary', 'calculateService', 'salaryManagement', 'configSalaryGroup']));
    expect(usableRoutes({ salaryManagement: true }).map((r) => r.name)).not.toContain('salaryByBatch');
  });

  it('创建新企业: offered where the user administers the company (every administrator holds rolePermission.edit)', () => {
    expect(mayCreateCompany({ home: true, 'rolePermission.edit': true })).toBe(true);
    expect(mayCreateCompany({ home: true, rolePermission: true, staffRoll: true })).toBe(false);
    expect(mayCreateCompany({})).toBe(false);
  });

  it('a failed permission fetch clears the session and answers login with the referer', () => {
    const stores = { local: createMemoryStorage({ token: 't', companyId: '2', userInfo: '{}' }), session: createMemoryStorage({ [STORAGE_KEYS.permissionList]: 'x' }) };
    expect(onPermissionFetchFailed(stores, '/gzt-vite/payslipManagement')).toBe('/login?referer=%2Fgzt-vite%2FpayslipManagement');
    expect(stores.local.dump()).toEqual({});
    expect(stores.session.dump()).toEqual({});
  });

  it('sends a failed permission fetch to login with a referer', () => {
    expect(loginUrlWithReferer('/staffRoll?x=1')).toBe('/login?referer=%2FstaffRoll%3Fx%3D1');
    expect(loginUrlWithReferer('/')).toBe('/login');
    expect(loginUrlWithReferer('/login?referer=%2Fa')).toBe('/login');
  });
});
