import { zPassword, zRoleSave, zSubAccountBindEmployee, zSubAccountSave, type DataPermissionDetail } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import {
  parseEmployeeId,
  subAccountSaveBody,
  validateAccountPassword,
  validateEmployeeId,
  validateNickname,
  validatePasswordRepeat,
  validateRoleDescription,
  validateRoleName,
} from './account-rules.ts';
import { scopeOf, scopeSaveBody, scopeSummary } from './data-scope.ts';
import { isActionKey, permissionSourceText } from './permission-source.ts';

describe('form rules agree with the server schemas', () => {
  it('password (zPassword): 8–64, letters and digits', () => {
    const cases = ['', 'abc123', 'abcd1234', 'ABCDEFGH', '12345678', 'Abc12345x', 'a1'.repeat(32), 'a1'.repeat(32) + 'x', '中文密码ab12'];
    for (const v of cases) {
      const server = zPassword.safeParse(v).success;
      expect({ v, ok: validateAccountPassword(v) === null }).toEqual({ v, ok: server });
    }
    expect(validateAccountPassword('')).toBe('请输入密码');
    expect(validateAccountPassword('', false)).toBeNull();
    expect(validateAccountPassword('abc123')).toBe('密码至少8位');
    expect(validateAccountPassword('a1'.repeat(33))).toBe('密码不能超过64位');
    expect(validateAccountPassword('abcdefgh', true, '新密码')).toBe('新密码须同时包含字母和数字');
    expect(validatePasswordRepeat('Abc12345', 'Abc12345')).toBeNull();
    expect(validatePasswordRepeat('Abc12345', 'Abc12346')).toBe('两次输入的密码不一致');
    expect(validatePasswordRepeat('Abc12345', '')).toBe('请再次输入新密码');
  });

  it('role name and description (zRoleSave)', () => {
    for (const name of ['', '  ', 'HR专员', '角'.repeat(30), '角'.repeat(31)]) {
      expect({ name, ok: validateRoleName(name) === null }).toEqual({ name, ok: zRoleSave.safeParse({ name }).success });
    }
    expect(validateRoleName(' ')).toBe('请输入角色名称');
    expect(validateRoleName('角'.repeat(31))).toBe('角色名称不能超过30个字');
    expect(validateRoleDescription('说'.repeat(200))).toBeNull();
    expect(zRoleSave.safeParse({ name: 'x', description: '说'.repeat(201) }).success).toBe(false);
    expect(validateRoleDescription('说'.repeat(201))).toBe('角色描述不能超过200个字');
  });

  it('nickname (zSubAccountSave)', () => {
    for (const nickname of ['', '周敏', '名'.repeat(30), '名'.repeat(31)]) {
      expect({ nickname, ok: validateNickname(nickname) === null }).toEqual({ nickname, ok: zSubAccountSave.safeParse({ nickname }).success });
    }
    expect(validateNickname('')).toBe('请输入姓名');
  });

  it('employee id (zSubAccountBindEmployee)', () => {
    for (const v of ['1', '42', '0', '-3', '1.5', 'abc', '12345678901234567', ' 7 ']) {
      const ours = parseEmployeeId(v);
      expect({ v, ok: ours !== null }).toEqual({ v, ok: zSubAccountBindEmployee.safeParse({ userId: 1, employeeId: v.trim() }).success });
    }
    expect(parseEmployeeId(' 7 ')).toBe(7);
    expect(validateEmployeeId('')).toBe('请输入员工ID');
    expect(validateEmployeeId('abc')).toBe('员工ID应为正整数');
    expect(validateEmployeeId(12)).toBeNull();
  });

  it('sub-account save body: a new account by phone, or a change of name and roles', () => {
    expect(subAccountSaveBody({ phone: ' 13900000009 ', nickname: ' 新同事 ', password: 'Abc12345', roleIds: [3] }, null)).toEqual({ phone: '13900000009', nickname: '新同事', password: 'Abc12345', roleIds: [3] });
    expect(subAccountSaveBody({ phone: '13900000009', nickname: '新同事' }, null)).toEqual({ phone: '13900000009', nickname: '新同事', roleIds: [] });
    expect(subAccountSaveBody({ phone: '139****0009', nickname: '改名', password: 'x', roleIds: [1, 2] }, 8)).toEqual({ userId: 8, nickname: '改名', roleIds: [1, 2] });
    expect(zSubAccountSave.safeParse(subAccountSaveBody({ phone: '13900000009', nickname: '新同事', roleIds: [1] }, null)).success).toBe(true);
  });
});

describe('data permission scope', () => {
  const detail = (over: Partial<DataPermissionDetail>): DataPermissionDetail => ({ roleId: 5, kind: 'dept', configured: true, allTargets: false, targetIds: [], updatedAt: null, ...over });

  it('reads all / none / custom', () => {
    expect(scopeOf(undefined)).toBe('none');
    expect(scopeOf(detail({ allTargets: true }))).toBe('all');
    expect(scopeOf(detail({ targetIds: [3, 4] }))).toBe('custom');
    expect(scopeOf(detail({}))).toBe('none');
  });

  it('saves all, none, or keeps the ids saved earlier', () => {
    expect(scopeSaveBody(5, 'all', detail({ targetIds: [3] }))).toEqual({ roleId: 5, allTargets: true, targetIds: [] });
    expect(scopeSaveBody(5, 'none', detail({ targetIds: [3] }))).toEqual({ roleId: 5, allTargets: false, targetIds: [] });
    expect(scopeSaveBody(5, 'custom', detail({ targetIds: [3, 4] }))).toEqual({ roleId: 5, allTargets: false, targetIds: [3, 4] });
  });

  it('summarises the current setting', () => {
    expect(scopeSummary('dept', undefined)).toBe('尚未设置');
    expect(scopeSummary('dept', detail({ configured: false }))).toBe('尚未设置');
    expect(scopeSummary('dept', detail({ allTargets: true }))).toBe('全部部门');
    expect(scopeSummary('seal', detail({ kind: 'seal' }))).toBe('不可查看任何印章');
    expect(scopeSummary('dept', detail({ targetIds: [1, 2, 3] }))).toBe('已指定 3 个部门');
  });
});

describe('permission source', () => {
  it('says where a member holds a key from', () => {
    expect(permissionSourceText({ source: 'admin', roleNames: [], isDirect: false })).toBe('管理员');
    expect(permissionSourceText({ source: 'role', roleNames: ['HR专员', '薪酬专员'], isDirect: false })).toBe('角色：HR专员、薪酬专员');
    expect(permissionSourceText({ source: 'role', roleNames: ['HR专员'], isDirect: true })).toBe('角色：HR专员；直接授权');
    expect(permissionSourceText({ source: 'direct', roleNames: [], isDirect: true })).toBe('直接授权');
    expect(isActionKey('rolePermission.edit')).toBe(true);
    expect(isActionKey('rolePermission')).toBe(false);
  });
});
