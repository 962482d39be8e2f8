import { zDeptDataPermissionSave, zPassword, zRoleSave, zSubAccountSave, type DataPermissionDetail } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import {
  subAccountSaveBody,
  validateAccountPassword,
  validateNickname,
  validatePasswordRepeat,
  validateRoleDescription,
  validateRoleName,
} from './account-rules.ts';
import { scopeChanged, scopeOf, scopeSaveBody, scopeSummary, validateScope, withMissingTargets } from './data-scope.ts';
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

  it('sub-account save body: an invitation by phone (never a password), or a change of name and roles', () => {
    expect(subAccountSaveBody({ phone: ' 13900000009 ', nickname: ' 新同事 ', roleIds: [3] }, null)).toEqual({ phone: '13900000009', nickname: '新同事', roleIds: [3] });
    expect(subAccountSaveBody({ phone: '13900000009', nickname: '新同事' }, null)).toEqual({ phone: '13900000009', nickname: '新同事', roleIds: [] });
    expect(subAccountSaveBody({ phone: '139****0009', nickname: '改名', roleIds: [1, 2] }, 8)).toEqual({ userId: 8, nickname: '改名', roleIds: [1, 2] });
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

  it('saves all, none, or the chosen ids (sorted, once each), and the body passes the server schema', () => {
    expect(scopeSaveBody(5, 'all', [3])).toEqual({ roleId: 5, allTargets: true, targetIds: [] });
    expect(scopeSaveBody(5, 'none', [3])).toEqual({ roleId: 5, allTargets: false, targetIds: [] });
    expect(scopeSaveBody(5, 'custom', [4, 3, 4])).toEqual({ roleId: 5, allTargets: false, targetIds: [3, 4] });
    for (const body of [scopeSaveBody(5, 'all', []), scopeSaveBody(5, 'none', []), scopeSaveBody(5, 'custom', [7, 2])]) expect(zDeptDataPermissionSave.safeParse(body).success).toBe(true);
  });

  it('指定部门 needs at least one department', () => {
    expect(validateScope('dept', 'custom', [])).toBe('请选择部门');
    expect(validateScope('dept', 'custom', [1])).toBeNull();
    expect(validateScope('dept', 'all', [])).toBeNull();
    expect(validateScope('dept', 'none', [])).toBeNull();
  });

  it('tells a changed choice from the saved one (ids as a set)', () => {
    const saved = detail({ targetIds: [3, 4] });
    expect(scopeChanged(saved, 'custom', [4, 3])).toBe(false);
    expect(scopeChanged(saved, 'custom', [3])).toBe(true);
    expect(scopeChanged(saved, 'custom', [3, 5])).toBe(true);
    expect(scopeChanged(saved, 'all', [])).toBe(true);
    expect(scopeChanged(detail({ allTargets: true }), 'all', [9])).toBe(false);
    expect(scopeChanged(detail({}), 'none', [])).toBe(false);
    expect(scopeChanged(detail({}), 'custom', [])).toBe(true);
  });

  it('lists chosen departments the tree no longer holds at its end', () => {
    const tree = [{ value: 1, key: 1, title: '总部', children: [{ value: 2, key: 2, title: '研发部' }] }];
    expect(withMissingTargets(tree, [2])).toEqual(tree);
    expect(withMissingTargets(tree, [9, 2, 7, 9])).toEqual([...tree, { value: 7, key: 7, title: '已停用或已删除的部门（ID 7）' }, { value: 9, key: 9, title: '已停用或已删除的部门（ID 9）' }]);
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
