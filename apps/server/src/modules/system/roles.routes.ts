import {
  zMemberUserId,
  zRoleId,
  zRolePage,
  zRolePermissionBatchSave,
  zRolePermissionSave,
  zRolePermissionTree,
  zRoleSave,
  zUserPermissionChange,
  zUserRoleSave,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as roles from './roles.service.ts';
import * as userPermissions from './user-permissions.service.ts';

const READ = 'rolePermission';
const WRITE = 'rolePermission.edit';

/** Roles, role permission trees, user roles and per-user permissions. */
export function registerRoleRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['角色与权限'];
  const base = '/wfsaas-system/api/sys';

  defineRoute(app, s, { url: `${base}/role/one`, access: READ, summary: '角色详情（含权限键）', tags, body: zRoleId, handler: (c) => roles.getRole(c, c.body.id) });
  defineRoute(app, s, { url: `${base}/role/page`, access: READ, summary: '角色分页列表', tags, body: zRolePage, handler: (c) => roles.pageRoles(c, c.body) });
  defineRoute(app, s, { url: `${base}/role/save`, access: WRITE, summary: '新增或修改角色（名称在本公司有效角色中唯一）', tags, body: zRoleSave, handler: (c) => roles.saveRole(c, c.body) });
  defineRoute(app, s, { url: `${base}/role/remove`, access: WRITE, summary: '删除角色（归档，持有该角色的成员随即失去它）', tags, body: zRoleId, handler: (c) => roles.removeRole(c, c.body.id) });

  defineRoute(app, s, { url: `${base}/rolePermission/tree`, access: READ, summary: '角色权限树（仅本公司已开通的权限，checked 为已授予）', tags, body: zRolePermissionTree, handler: (c) => roles.rolePermissionTree(c, c.body.roleId) });
  defineRoute(app, s, { url: `${base}/rolePermission/save`, access: WRITE, summary: '保存角色权限（整体替换）', tags, body: zRolePermissionSave, handler: (c) => roles.saveRolePermissions(c, c.body) });
  defineRoute(app, s, { url: `${base}/rolePermission/batchSave`, access: WRITE, summary: '批量为多个角色添加权限', tags, body: zRolePermissionBatchSave, handler: (c) => roles.batchSaveRolePermissions(c, c.body) });

  defineRoute(app, s, { url: `${base}/userRole/select`, access: READ, summary: '成员的角色（全部有效角色，selected 为已分配）', tags, body: zMemberUserId, handler: (c) => roles.selectUserRoles(c, c.body.userId) });
  defineRoute(app, s, { url: `${base}/userRole/save`, access: WRITE, summary: '保存成员的角色（整体替换）', tags, body: zUserRoleSave, handler: (c) => roles.saveUserRoles(c, c.body) });

  defineRoute(app, s, { url: `${base}/permission/save`, access: WRITE, summary: '为成员直接授予权限', tags, body: zUserPermissionChange, handler: (c) => userPermissions.grantUserPermissions(c, c.body) });
  defineRoute(app, s, { url: `${base}/permission/remove`, access: WRITE, summary: '收回成员的直接授权', tags, body: zUserPermissionChange, handler: (c) => userPermissions.revokeUserPermissions(c, c.body) });
  defineRoute(app, s, { url: `${base}/permission/user/tree`, access: READ, summary: '成员的有效权限树（含来源）', tags, body: zMemberUserId, handler: (c) => userPermissions.userPermissionTree(c, c.body.userId) });
  defineRoute(app, s, { url: `${base}/permission/user/list`, access: READ, summary: '成员的有效权限列表（来源：admin/role/direct）', tags, body: zMemberUserId, handler: (c) => userPermissions.listUserPermissions(c, c.body.userId) });
}
