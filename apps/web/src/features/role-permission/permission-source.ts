import { ACTION_KEYS, type PermissionSource, type UserPermissionEntry } from '@wfsaas/contracts';

const ACTION_SET: ReadonlySet<string> = new Set(ACTION_KEYS.map((a) => a.key));

const SOURCE_LABEL: Record<PermissionSource, string> = { admin: '管理员', role: '角色', direct: '直接授权' };

export function isActionKey(key: string): boolean {
  return ACTION_SET.has(key);
}

/** Where a member's permission comes from, in words: 管理员 / 角色：HR专员、薪酬专员 / 直接授权. */
export function permissionSourceText(e: Pick<UserPermissionEntry, 'source' | 'roleNames' | 'isDirect'>): string {
  if (e.source === 'admin') return SOURCE_LABEL.admin;
  const parts: string[] = [];
  if (e.roleNames.length > 0) parts.push(`角色：${e.roleNames.join('、')}`);
  if (e.isDirect) parts.push(SOURCE_LABEL.direct);
  return parts.join('；') || SOURCE_LABEL[e.source];
}
