import { findRoute, ROUTES, type RouteDef } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { usableRoutes } from '../session/permissions.ts';
import { decideGuard, firstPermittedPath, resolveRouteView, safeInternalPath, stripKeyParams, toNameSet } from './route-view.ts';

const route = (name: string): RouteDef => findRoute(name)!;
const ALL = toNameSet(ROUTES);
const BUILT = new Set(['home']);
const STAFF = toNameSet(usableRoutes({ home: true, corporateCenter: true, staffRoll: true, gztVite: true, importPayslip: true, payslipManagement: true, payslipDetails: true, messageCenter: true, downloadCenter: true }));
const usable = (...keys: string[]) => toNameSet(usableRoutes(Object.fromEntries(keys.map((k) => [k, true]))));

describe('route views', () => {
  it('a built screen renders when permitted', () => {
    expect(resolveRouteView(route('home'), ALL, BUILT)).toEqual({ kind: 'page' });
  });

  it('an ungranted route renders the no-permission page', () => {
    expect(resolveRouteView(route('positionRank'), STAFF, BUILT)).toEqual({ kind: 'denied' });
    expect(resolveRouteView(route('home'), new Set(), BUILT)).toEqual({ kind: 'denied' });
  });

  it('a role-gated screen whose calls need keys the user lacks renders the no-permission page, built or not', () => {
    const built = new Set(['home', 'salaryManagement', 'fzsxappIndex', 'rolePermission']);
    expect(resolveRouteView(route('salaryManagement'), STAFF, built)).toEqual({ kind: 'denied' });
    expect(resolveRouteView(route('fzsxappIndex'), STAFF, built)).toEqual({ kind: 'denied' });
    expect(resolveRouteView(route('rolePermission'), STAFF, built)).toEqual({ kind: 'denied' });
    expect(resolveRouteView(route('calculateTaskManagement'), STAFF, built)).toEqual({ kind: 'denied' });
    expect(resolveRouteView(route('salaryManagement'), usable('salaryManagement'), built)).toEqual({ kind: 'page' });
  });

  it('a permitted route without a built screen renders the not-available page', () => {
    expect(resolveRouteView(route('positionRank'), ALL, BUILT)).toEqual({ kind: 'notAvailable' });
    expect(resolveRouteView(route('staffRoll'), STAFF, BUILT)).toEqual({ kind: 'notAvailable' });
    expect(resolveRouteView(route('payslipDetails'), STAFF, BUILT)).toEqual({ kind: 'notAvailable' });
  });

  it('redirects as the table says', () => {
    expect(resolveRouteView(route('root'), new Set(), BUILT)).toEqual({ kind: 'redirect', to: '/home' });
    expect(resolveRouteView(route('transaction'), ALL, BUILT)).toEqual({ kind: 'redirect', to: '/staffManagement/changeAlternation/conversion' });
    expect(resolveRouteView(route('gztVite'), STAFF, BUILT)).toEqual({ kind: 'redirect', to: '/gzt-vite/importPayslip' });
    expect(resolveRouteView(route('signedPackageManageRedirect'), new Set(), BUILT)).toEqual({ kind: 'redirect', to: '/qszx-vite/signedPackageManage' });
  });

  it('a route redirecting to itself, or a menu group, opens its first permitted child', () => {
    expect(resolveRouteView(route('organizationalstructure'), ALL, BUILT)).toEqual({ kind: 'redirect', to: '/organizationalstructure/index' });
    expect(resolveRouteView(route('corporateCenter'), STAFF, BUILT)).toEqual({ kind: 'redirect', to: '/staffRoll' });
    expect(resolveRouteView(route('implement'), ALL, BUILT)).toEqual({ kind: 'redirect', to: '/implement/systemInitialize' });
    // depth first to an entry; the first built one when there is one
    expect(firstPermittedPath('qtSalary', ALL)).toBe('/fzsxapp/calculateTaskManagement');
    expect(firstPermittedPath('qtSalary', ALL, new Set(['fzsxappIndex', 'salaryByBatch']))).toBe('/fzsxapp/index');
    expect(firstPermittedPath('fzsxappHome', ALL)).toBe('/fzsxapp/index');
    expect(resolveRouteView(route('qtSalary'), ALL, new Set(['salaryManagement']))).toEqual({ kind: 'redirect', to: '/fzsxapp/salaryManagement' });
    expect(resolveRouteView(route('qtSalary'), usable('fzsxappIndex'), BUILT)).toEqual({ kind: 'redirect', to: '/fzsxapp/index' });
  });

  it('a redirect whose target the user cannot use opens the first usable entry of the group instead', () => {
    expect(resolveRouteView(route('gztVite'), usable('gztVite', 'payslipManagement'), BUILT)).toEqual({ kind: 'redirect', to: '/gzt-vite/payslipManagement' });
    expect(resolveRouteView(route('calculateService'), usable('salaryByBatch', 'salaryManagement'), BUILT)).toEqual({ kind: 'redirect', to: '/fzsxapp/salaryManagement' });
  });

  it('a group with nothing usable under it renders the no-permission page', () => {
    expect(resolveRouteView(route('organizationalstructure'), usable('organizationalstructure'), BUILT)).toEqual({ kind: 'denied' });
    expect(resolveRouteView(route('implement'), STAFF, BUILT)).toEqual({ kind: 'denied' });
    expect(resolveRouteView(route('qtSalary'), STAFF, BUILT)).toEqual({ kind: 'denied' });
  });

  it('an alias is followed whatever the grants (/calendarList leads to the one 日历数据 screen)', () => {
    expect(resolveRouteView(route('calendarList'), new Set(), BUILT)).toEqual({ kind: 'redirect', to: '/fzsxapp/calendarList' });
  });
});

describe('auth guard decision', () => {
  it('a one-time key is exchanged first, even over a stored session', () => {
    expect(decideGuard({ key: 'k', token: 't', companyId: 1 })).toBe('exchangeKey');
  });
  it('no token → login; no company → company choice; else proceed', () => {
    expect(decideGuard({ key: null, token: null, companyId: 1 })).toBe('login');
    expect(decideGuard({ key: null, token: 't', companyId: null })).toBe('chooseCompany');
    expect(decideGuard({ key: null, token: 't', companyId: 1 })).toBe('proceed');
  });
  it('removes the key from the URL, keeping the rest', () => {
    expect(stripKeyParams('/home', '?key=abc&tab=2', '#x')).toBe('/home?tab=2#x');
    expect(stripKeyParams('/home', '?key=abc')).toBe('/home');
  });
  it('accepts only same-origin paths as redirect targets', () => {
    expect(safeInternalPath('/staffRoll?a=1')).toBe('/staffRoll?a=1');
    expect(safeInternalPath('//evil.com')).toBeNull();
    expect(safeInternalPath('https://evil.com')).toBeNull();
    expect(safeInternalPath('/login?referer=x')).toBeNull();
    expect(safeInternalPath(null)).toBeNull();
  });
});
