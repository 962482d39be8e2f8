import { z } from 'zod';
import { zId } from '../auth.ts';

/** 登录共享: members of this company given membership of another company the same administrator runs (docs/enterprise.md). */
export const zLoginShareAdd = z.object({
  targetCompanyId: zId('共享到的公司'),
  userIds: z.array(zId('成员')).min(1, '请至少选择一名成员').max(100).describe('成员'),
  roleId: zId('角色'),
});
export type LoginShareAdd = z.infer<typeof zLoginShareAdd>;
export const zLoginShareRole = z.object({ id: zId('共享记录'), roleId: zId('角色') });
export const zLoginShareId = z.object({ id: zId('共享记录') });
export const zLoginShareRoles = z.object({ targetCompanyId: zId('共享到的公司') });

export type LoginShareRow = {
  id: number;
  targetCompanyId: number;
  targetCompanyName: string;
  userId: number;
  nickname: string;
  /** Masked. */
  phone: string;
  roleId: number;
  roleName: string;
  createdAt: string;
};

/** A company the caller also administers, that members can be shared to. */
export type LoginShareTarget = { companyId: number; companyName: string };
export type LoginShareRoleOption = { roleId: number; roleName: string };
export type LoginShareMemberOption = { userId: number; nickname: string; phone: string };
