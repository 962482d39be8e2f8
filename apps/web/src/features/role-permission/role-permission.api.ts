import type {
  DataPermissionDetail,
  DataPermissionKind,
  DataPermissionSave,
  RoleListItem,
  RolePermissionNode,
  RoleSave,
  SubAccountInvitation,
  SubAccountItem,
  UserPermissionEntry,
  UserRoleOption,
} from '@wfsaas/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import type { PageQuery } from '../../app/ui/table.ts';

const SYS = '/wfsaas-system/api/sys';
const SUB = '/wfsaas-system/api/subAccount';

/** The calls of the role and permission centre. */
export const RP_API = {
  rolePage: `${SYS}/role/page`,
  roleSave: `${SYS}/role/save`,
  roleRemove: `${SYS}/role/remove`,
  permissionTree: `${SYS}/rolePermission/tree`,
  permissionSave: `${SYS}/rolePermission/save`,
  dataDetail: (kind: DataPermissionKind) => `${SYS}/dataPermission/${kind}/detail`,
  dataSave: (kind: DataPermissionKind) => `${SYS}/dataPermission/${kind}/save`,
  userRoleSelect: `${SYS}/userRole/select`,
  userRoleSave: `${SYS}/userRole/save`,
  userPermissionList: `${SYS}/permission/user/list`,
  subPage: `${SUB}/page`,
  subGet: `${SUB}/get`,
  subSave: `${SUB}/save`,
  subRemove: `${SUB}/remove`,
  subBind: `${SUB}/bindEmployee`,
  subUnbind: `${SUB}/unbindEmployee`,
  subPassword: `${SUB}/updatePassword`,
  invitationPage: `${SUB}/invitation/page`,
  invitationCancel: `${SUB}/invitation/cancel`,
  invitationResend: `${SUB}/invitation/resend`,
} as const;

export type RoleQuery = PageQuery & { name?: string };
export type SubAccountQuery = PageQuery & { keyword?: string };

/** Query keys of the domain, per company; every mutation invalidates `all`. */
export const rpKeys = {
  all: (companyId: number | null) => ['rolePermission', companyId] as const,
  roles: (companyId: number | null, q: RoleQuery) => ['rolePermission', companyId, 'roles', q] as const,
  roleOptions: (companyId: number | null) => ['rolePermission', companyId, 'roleOptions'] as const,
  tree: (companyId: number | null, roleId: number) => ['rolePermission', companyId, 'tree', roleId] as const,
  data: (companyId: number | null, kind: DataPermissionKind, roleId: number) => ['rolePermission', companyId, 'data', kind, roleId] as const,
  subAccounts: (companyId: number | null, q: SubAccountQuery) => ['rolePermission', companyId, 'subAccounts', q] as const,
  invitations: (companyId: number | null, q: PageQuery) => ['rolePermission', companyId, 'invitations', q] as const,
  member: (companyId: number | null, userId: number) => ['rolePermission', companyId, 'member', userId] as const,
  userRoles: (companyId: number | null, userId: number) => ['rolePermission', companyId, 'userRoles', userId] as const,
  userPermissions: (companyId: number | null, userId: number) => ['rolePermission', companyId, 'userPermissions', userId] as const,
};

function compact<T extends Record<string, unknown>>(q: T): T {
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as T;
}

export function useRolesPage(q: RoleQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: rpKeys.roles(companyId, q),
    queryFn: () => api.postList<RoleListItem>(RP_API.rolePage, compact(q)),
    placeholderData: keepPreviousData,
  });
}

/** Every active role, for the role pickers (the page API allows 500 a page). */
export function useRoleOptions(enabled = true) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: rpKeys.roleOptions(companyId),
    queryFn: async () => (await api.postList<RoleListItem>(RP_API.rolePage, { pageNum: 1, pageSize: 500 })).data ?? [],
    enabled,
  });
}

export function usePermissionTree(roleId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: rpKeys.tree(companyId, roleId ?? 0),
    queryFn: () => api.post<RolePermissionNode[]>(RP_API.permissionTree, { roleId }),
    enabled: roleId !== null,
    staleTime: 0,
  });
}

export function useDataPermission(kind: DataPermissionKind, roleId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: rpKeys.data(companyId, kind, roleId ?? 0),
    queryFn: () => api.post<DataPermissionDetail>(RP_API.dataDetail(kind), { roleId }),
    enabled: roleId !== null,
    staleTime: 0,
  });
}

export function useSubAccountsPage(q: SubAccountQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: rpKeys.subAccounts(companyId, q),
    queryFn: () => api.postList<SubAccountItem>(RP_API.subPage, compact(q)),
    placeholderData: keepPreviousData,
  });
}

/** The company's invitations to join, open ones first. */
export function useInvitationsPage(q: PageQuery) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: rpKeys.invitations(companyId, q),
    queryFn: () => api.postList<SubAccountInvitation>(RP_API.invitationPage, q),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in member as subAccount/get sees them: whether they administer the company. */
export function useSelfMember(enabled: boolean) {
  const { companyId, userInfo } = useSession();
  const userId = userInfo?.sysUser.userId ?? 0;
  return useQuery({
    queryKey: rpKeys.member(companyId, userId),
    queryFn: () => api.post<SubAccountItem>(RP_API.subGet, { userId }),
    enabled: enabled && userId > 0,
    staleTime: 5 * 60_000,
  });
}

export function useUserRoles(userId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: rpKeys.userRoles(companyId, userId ?? 0),
    queryFn: () => api.post<UserRoleOption[]>(RP_API.userRoleSelect, { userId }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useUserPermissions(userId: number | null) {
  const { companyId } = useSession();
  return useQuery({
    queryKey: rpKeys.userPermissions(companyId, userId ?? 0),
    queryFn: () => api.post<UserPermissionEntry[]>(RP_API.userPermissionList, { userId }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** Refetches every role-and-permission query of the company (after any write of the centre). */
export function useInvalidateRp() {
  const { companyId } = useSession();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rpKeys.all(companyId) });
}

export const rpCalls = {
  saveRole: (input: RoleSave) => api.post<RoleListItem>(RP_API.roleSave, input),
  removeRole: (id: number) => api.post<{ id: number; removedUserCount: number }>(RP_API.roleRemove, { id }),
  savePermissions: (input: { roleId: number; permissionKeys: string[] }) => api.post<{ roleId: number; permissionKeys: string[] }>(RP_API.permissionSave, input),
  saveData: (input: { kind: DataPermissionKind; body: DataPermissionSave }) => api.post<DataPermissionDetail>(RP_API.dataSave(input.kind), input.body),
  saveSubAccount: (input: Record<string, unknown>) => api.post<SubAccountItem | SubAccountInvitation>(RP_API.subSave, input),
  cancelInvitation: (invitationId: number) => api.post<SubAccountInvitation>(RP_API.invitationCancel, { invitationId }),
  resendInvitation: (invitationId: number) => api.post<SubAccountInvitation>(RP_API.invitationResend, { invitationId }),
  removeSubAccount: (userId: number) => api.post<unknown>(RP_API.subRemove, { userId }),
  resetPassword: (input: { userId: number; password: string }) => api.post<{ userId: number; revokedSessions: number }>(RP_API.subPassword, input),
  bindEmployee: (input: { userId: number; employeeId: number }) => api.post<{ userId: number; employeeId: number; employeeName: string }>(RP_API.subBind, input),
  unbindEmployee: (userId: number) => api.post<unknown>(RP_API.subUnbind, { userId }),
  saveUserRoles: (input: { userId: number; roleIds: number[] }) => api.post<{ userId: number; roleIds: number[] }>(RP_API.userRoleSave, input),
};
