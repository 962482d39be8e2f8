/**
 * Form rules of the role and sub-account forms: the same limits as the server's schemas
 * (packages/contracts system.ts zRoleSave, zSubAccountSave, zPassword),
 * without shipping zod to the browser. Each returns a Chinese message, or null when the value is fine.
 */

export const ROLE_NAME_MAX = 30;
export const ROLE_DESCRIPTION_MAX = 200;
export const NICKNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export function validateRoleName(value: string | undefined | null): string | null {
  const v = (value ?? '').trim();
  if (!v) return '请输入角色名称';
  if (v.length > ROLE_NAME_MAX) return `角色名称不能超过${ROLE_NAME_MAX}个字`;
  return null;
}

export function validateRoleDescription(value: string | undefined | null): string | null {
  const v = (value ?? '').trim();
  if (v.length > ROLE_DESCRIPTION_MAX) return `角色描述不能超过${ROLE_DESCRIPTION_MAX}个字`;
  return null;
}

export function validateNickname(value: string | undefined | null): string | null {
  const v = (value ?? '').trim();
  if (!v) return '请输入姓名';
  if (v.length > NICKNAME_MAX) return `姓名不能超过${NICKNAME_MAX}个字`;
  return null;
}

/** zPassword: 8–64 characters with at least one letter and one digit. Optional when `required` is false. */
export function validateAccountPassword(value: string | undefined | null, required = true, label = '密码'): string | null {
  const v = value ?? '';
  if (!v) return required ? `请输入${label}` : null;
  if (v.length < PASSWORD_MIN) return `${label}至少${PASSWORD_MIN}位`;
  if (v.length > PASSWORD_MAX) return `${label}不能超过${PASSWORD_MAX}位`;
  if (!/[A-Za-z]/.test(v) || !/\d/.test(v)) return `${label}须同时包含字母和数字`;
  return null;
}

export function validatePasswordRepeat(password: string | undefined, repeat: string | undefined): string | null {
  if (!repeat) return '请再次输入新密码';
  return repeat === password ? null : '两次输入的密码不一致';
}

export type SubAccountFormValues = { phone?: string; nickname: string; roleIds?: number[] };

/** The body of subAccount/save: an invitation (phone) or a change of name and roles. Nobody sets another person's password. */
export function subAccountSaveBody(values: SubAccountFormValues, userId: number | null) {
  const base = { nickname: values.nickname.trim(), roleIds: values.roleIds ?? [] };
  if (userId !== null) return { userId, ...base };
  return { phone: (values.phone ?? '').trim(), ...base };
}
