import { z } from 'zod';
import { zId, zPhone } from './auth.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';

/**
 * System set-up (management calls): roles, role and per-user permissions, company
 * permissions, data permissions, three-party initial authorisation and sub-accounts.
 */

// ── shared pieces ──

const zPageNum = z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码');
const zPageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数');

/** An id inside a list: as `zId`, a positive integer (or a string of digits). */
const zIdItem = zId;

const zPermissionKey = z.string().trim().min(1).max(100).describe('权限');
const zPermissionKeys = z.array(zPermissionKey).max(1000).describe('权限');

// ── roles ──

export const zRoleId = z.object({ id: zId('角色') });
export type RoleIdInput = z.infer<typeof zRoleId>;

export const zRolePage = z
  .object({
    pageNum: zPageNum,
    pageSize: zPageSize,
    name: z.string().trim().max(30).optional().describe('角色名称'),
  })
  .prefault({});
export type RolePageInput = z.infer<typeof zRolePage>;

export const zRoleSave = z.object({
  id: zId('角色').nullish().describe('角色'),
  name: z.string().trim().min(1).max(30).describe('角色名称'),
  description: z.string().trim().max(200).nullish().describe('角色描述'),
});
export type RoleSave = z.infer<typeof zRoleSave>;

export type RoleListItem = {
  id: number;
  name: string;
  description: string | null;
  status: number;
  userCount: number;
  permissionCount: number;
  createdAt: string;
  updatedAt: string;
};
export type RoleDetail = RoleListItem & { permissionKeys: string[] };

// ── role permissions ──

export const zRolePermissionTree = z.object({ roleId: zId('角色') });
export const zRolePermissionSave = z.object({ roleId: zId('角色'), permissionKeys: zPermissionKeys });
export type RolePermissionSave = z.infer<typeof zRolePermissionSave>;
export const zRolePermissionBatchSave = z.object({
  roleIds: z.array(zIdItem('角色')).min(1).max(200).describe('角色'),
  permissionKeys: zPermissionKeys.min(1).describe('权限'),
});
export type RolePermissionBatchSave = z.infer<typeof zRolePermissionBatchSave>;

/** A node of the permission tree as the role editor shows it. `disabled`: the company has not switched the key on. */
export type RolePermissionNode = {
  key: string;
  title: string;
  type: 'menu' | 'action';
  checked: boolean;
  disabled: boolean;
  children: RolePermissionNode[];
};

// ── user roles and per-user permissions ──

export const zMemberUserId = z.object({ userId: zId('成员') });
export type MemberUserIdInput = z.infer<typeof zMemberUserId>;

export const zUserRoleSave = z.object({
  userId: zId('成员'),
  roleIds: z.array(zIdItem('角色')).max(200).describe('角色'),
});
export type UserRoleSave = z.infer<typeof zUserRoleSave>;

export type UserRoleOption = { id: number; name: string; description: string | null; selected: boolean };

export const zUserPermissionChange = z.object({
  userId: zId('成员'),
  permissionKeys: zPermissionKeys.min(1).describe('权限'),
});
export type UserPermissionChange = z.infer<typeof zUserPermissionChange>;

/** How a member holds a key: as a company administrator, through a role, or granted directly. */
export type PermissionSource = 'admin' | 'role' | 'direct';

export type UserPermissionEntry = {
  key: string;
  title: string;
  /** 'admin' for administrators; otherwise 'role' when any role gives it, else 'direct'. */
  source: PermissionSource;
  /** Names of the member's active roles that give the key. */
  roleNames: string[];
  /** Also granted directly (can be removed with permission/remove). */
  isDirect: boolean;
};

export type UserPermissionNode = {
  key: string;
  title: string;
  type: 'menu' | 'action';
  checked: boolean;
  source: PermissionSource | null;
  isDirect: boolean;
  disabled: boolean;
  children: UserPermissionNode[];
};

// ── company permissions ──

export const zCompanyPermissionUpdate = z.object({
  permissionKeys: zPermissionKeys.min(1).describe('权限'),
  enabled: z.boolean().describe('是否开通'),
});
export type CompanyPermissionUpdate = z.infer<typeof zCompanyPermissionUpdate>;

export type CompanyPermissionNode = {
  key: string;
  title: string;
  type: 'menu' | 'action';
  enabled: boolean;
  children: CompanyPermissionNode[];
};

/** Keys a company cannot switch off: without them nobody could manage permissions again. */
export const LOCKED_PERMISSION_KEYS = ['rolePermission', 'rolePermission.edit'] as const;

// ── data permissions ──

export const DATA_PERMISSION_KINDS = ['dept', 'seal'] as const;
export type DataPermissionKind = (typeof DATA_PERMISSION_KINDS)[number];

export const zDataPermissionDetail = z.object({ roleId: zId('角色') });

const dataPermissionSave = (targetLabel: string, allLabel: string) =>
  z.object({
    roleId: zId('角色'),
    allTargets: z.boolean().default(false).describe(allLabel),
    targetIds: z.array(zIdItem(targetLabel)).max(5000).default([]).describe(targetLabel),
  });
export const zDeptDataPermissionSave = dataPermissionSave('部门', '全部部门');
export const zSealDataPermissionSave = dataPermissionSave('印章', '全部印章');
export type DataPermissionSave = z.infer<typeof zDeptDataPermissionSave>;

export type DataPermissionDetail = {
  roleId: number;
  kind: DataPermissionKind;
  /** false until the role's data permission has been saved once. */
  configured: boolean;
  allTargets: boolean;
  targetIds: number[];
  updatedAt: string | null;
};

// ── three-party initial authorisation ──

/** The company-information fields a partner may be authorised to use. */
export const COMPANY_INFO_FIELDS = [
  { key: 'companyName', title: '公司名称' },
  { key: 'creditCode', title: '统一社会信用代码' },
  { key: 'contactName', title: '联系人' },
  { key: 'contactPhone', title: '联系电话' },
  { key: 'logoUrl', title: '公司标志' },
  { key: 'address', title: '公司地址' },
] as const;
export type CompanyInfoField = (typeof COMPANY_INFO_FIELDS)[number]['key'];

/** 1 authorised, 2 cancelled, 9 deleted (archived). */
export const THREE_INIT_AUTH_STATUS = { authorised: 1, cancelled: 2, deleted: 9 } as const;
export const THREE_INIT_AUTH_STATUS_NAMES: Record<number, string> = { 1: '已授权', 2: '已取消', 9: '已删除' };

const zAuthId = zId('授权记录');
const zPartyCompanyId = zId('授权对象公司');

export const zThreeInitAuthPage = z
  .object({
    pageNum: zPageNum,
    pageSize: zPageSize,
    status: z.literal([1, 2]).optional().describe('授权状态'),
    partyCompanyId: zPartyCompanyId.optional().describe('授权对象公司'),
  })
  .prefault({});
export type ThreeInitAuthPageInput = z.infer<typeof zThreeInitAuthPage>;

export const zThreeInitAuthId = z.object({ id: zAuthId });

export const zThreeInitAuthDepartment = z.object({
  id: zAuthId.nullish().describe('授权记录'),
  partyCompanyId: zPartyCompanyId,
  departmentIds: z.array(zIdItem('部门')).max(5000).describe('部门'),
});
export type ThreeInitAuthDepartment = z.infer<typeof zThreeInitAuthDepartment>;

export const zThreeInitAuthSeal = z.object({
  id: zAuthId.nullish().describe('授权记录'),
  partyCompanyId: zPartyCompanyId,
  sealIds: z.array(zIdItem('印章')).max(5000).describe('印章'),
});
export type ThreeInitAuthSeal = z.infer<typeof zThreeInitAuthSeal>;

const companyInfoShape = Object.fromEntries(COMPANY_INFO_FIELDS.map((f) => [f.key, z.boolean().optional().describe(f.title)])) as Record<
  CompanyInfoField,
  z.ZodOptional<z.ZodBoolean>
>;

export const zThreeInitAuthCompanyInfo = z.object({
  id: zAuthId.nullish().describe('授权记录'),
  partyCompanyId: zPartyCompanyId,
  config: z.strictObject(companyInfoShape).describe('企业信息授权项'),
});
export type ThreeInitAuthCompanyInfo = z.infer<typeof zThreeInitAuthCompanyInfo>;

export type ThreeInitAuthItem = {
  id: number;
  partyCompanyId: number;
  partyCompanyName: string | null;
  departmentIds: number[];
  sealIds: number[];
  companyInfoConfig: Record<CompanyInfoField, boolean>;
  status: number;
  statusName: string;
  syncedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

// ── sub-accounts ──

export const zPassword = z
  .string()
  .min(8)
  .max(64)
  .regex(/[A-Za-z]/, '须同时包含字母和数字')
  .regex(/\d/, '须同时包含字母和数字')
  .describe('密码');

export const zSubAccountPage = z
  .object({
    pageNum: zPageNum,
    pageSize: zPageSize,
    keyword: z.string().trim().max(30).optional().describe('姓名或手机号'),
  })
  .prefault({});
export type SubAccountPageInput = z.infer<typeof zSubAccountPage>;

export const zSubAccountSave = z.object({
  userId: zId('子账号').nullish().describe('子账号'),
  phone: zPhone.optional().describe('手机号'),
  nickname: z.string().trim().min(1).max(30).describe('姓名'),
  password: zPassword.optional().describe('密码'),
  roleIds: z.array(zIdItem('角色')).max(50).optional().describe('角色'),
});
export type SubAccountSave = z.infer<typeof zSubAccountSave>;

export const zSubAccountUser = z.object({ userId: zId('子账号') });
export type SubAccountUserInput = z.infer<typeof zSubAccountUser>;

export const zSubAccountBindEmployee = z.object({ userId: zId('成员'), employeeId: zId('员工') });
export type SubAccountBindEmployee = z.infer<typeof zSubAccountBindEmployee>;
export const zSubAccountUnbindEmployee = z.object({ userId: zId('成员') });

export const zSubAccountPassword = z.object({
  userId: zId('子账号'),
  password: zPassword.describe('新密码'),
  oldPassword: z.string().min(1).max(128).optional().describe('原密码'),
});
export type SubAccountPassword = z.infer<typeof zSubAccountPassword>;

export type SubAccountItem = {
  userId: number;
  /** Masked: 138****0000. */
  phone: string;
  nickname: string;
  isAdmin: boolean;
  isSubAccount: boolean;
  roles: { id: number; name: string }[];
  employeeId: number | null;
  employeeName: string | null;
  createdAt: string;
};

// ── invitations: a company adds a person by phone; they join by accepting, their phone proven ──

export const INVITATION_STATUS = { pending: 0, accepted: 1, declined: 2, cancelled: 3 } as const;
export const INVITATION_STATUSES = [
  { value: 0, label: '待接受' },
  { value: 1, label: '已加入' },
  { value: 2, label: '已拒绝' },
  { value: 3, label: '已撤销' },
] as const;
/** Days an invitation stays open. */
export const INVITATION_TTL_DAYS = 14;

/** An invitation as the inviting company's administrators see it. */
export type SubAccountInvitation = {
  id: number;
  /** Masked: 138****0000. */
  phone: string;
  nickname: string;
  roles: { id: number; name: string }[];
  status: number;
  statusName: string;
  /** Past its time while still pending. */
  expired: boolean;
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
  respondedAt: string | null;
};

export const zInvitationPage = z
  .object({
    pageNum: zPageNum,
    pageSize: zPageSize,
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional().describe('状态'),
  })
  .prefault({});
export type InvitationPageInput = z.infer<typeof zInvitationPage>;
export const zInvitationId = z.object({ invitationId: zId('邀请') });

/** An invitation as the invited person sees it. */
export type MyInvitation = { companyId: number; invitationId: number; companyName: string; invitedByName: string | null; createdAt: string; expiresAt: string };
export type MyInvitations = {
  /** Whether the account's phone is proven; if not, accepting needs an SMS code. */
  phoneVerified: boolean;
  invitations: MyInvitation[];
};
export const zMyInvitationRef = z.object({ companyId: zId('企业'), invitationId: zId('邀请') });
export const zMyInvitationAccept = zMyInvitationRef.extend({ code: z.string().trim().regex(/^\d{6}$/, '应为6位数字').optional().describe('验证码') });
export type MyInvitationAccept = z.infer<typeof zMyInvitationAccept>;

/** A signed-in user sets or changes their own password (the current one required when there is one). */
export const zOwnPassword = z.object({
  password: zPassword.describe('新密码'),
  oldPassword: z.string().min(1).max(128).optional().describe('原密码'),
});
export type OwnPassword = z.infer<typeof zOwnPassword>;
