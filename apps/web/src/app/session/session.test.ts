import { describe, expect, it } from 'vitest';
import { clearSession, getCompanyId, getLastCompany, getToken, getUserInfo, saveLogin, setCompany, STORAGE_KEYS } from './session.ts';
import { createMemoryStorage } from './storage.ts';

const login = {
  access_token: 'tok',
  expires_in: 3600,
  user_info: { sysUser: { userId: 5, phoneNumber: '13800000000', nickname: '林晓', hasPassword: true }, financeUserId: 'FC-1' },
};

function stores() {
  return { local: createMemoryStorage(), session: createMemoryStorage() };
}

describe('session storage', () => {
  it('keeps token, company and user info in local storage', () => {
    const s = stores();
    saveLogin(login, s);
    setCompany(2, s);
    expect(s.local.dump()).toMatchObject({ token: 'tok', companyId: '2' });
    expect(getToken(s)).toBe('tok');
    expect(getCompanyId(s)).toBe(2);
    expect(getUserInfo(s)?.sysUser.nickname).toBe('林晓');
  });

  it('choosing a company drops the permission cache and remembers the choice per user', () => {
    const s = stores();
    saveLogin(login, s);
    s.session.setItem(STORAGE_KEYS.permissionList, 'cached');
    setCompany(1, s);
    expect(s.session.getItem(STORAGE_KEYS.permissionList)).toBeNull();
    expect(getLastCompany(5, s)).toBe(1);
    expect(getLastCompany(6, s)).toBeNull();
  });

  it('clearing the session removes token, company, user, employee and the tab state, not the last choice', () => {
    const s = stores();
    saveLogin(login, s);
    setCompany(1, s);
    s.local.setItem(STORAGE_KEYS.employeeId, '9');
    s.session.setItem(STORAGE_KEYS.permissionList, 'x');
    s.session.setItem(STORAGE_KEYS.menuType, '7');
    clearSession(s);
    expect(getToken(s)).toBeNull();
    expect(getCompanyId(s)).toBeNull();
    expect(getUserInfo(s)).toBeNull();
    expect(s.local.getItem(STORAGE_KEYS.employeeId)).toBeNull();
    expect(s.session.dump()).toEqual({});
    expect(getLastCompany(5, s)).toBe(1);
  });

  it('ignores malformed stored values', () => {
    const s = stores();
    s.local.setItem(STORAGE_KEYS.companyId, 'abc');
    s.local.setItem(STORAGE_KEYS.userInfo, '{oops');
    expect(getCompanyId(s)).toBeNull();
    expect(getUserInfo(s)).toBeNull();
  });
});
