import { zDataPermissionDetail, zDeptDataPermissionSave, zSealDataPermissionSave } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './data-permission.service.ts';

/** Data permission detail and save, for departments and seals. */
export function registerDataPermissionRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['数据权限'];
  const base = '/wfsaas-system/api/sys/dataPermission';
  defineRoute(app, s, { url: `${base}/dept/detail`, access: 'rolePermission', summary: '角色的部门数据权限', tags, body: zDataPermissionDetail, handler: (c) => svc.getDataPermission(c, 'dept', c.body.roleId) });
  defineRoute(app, s, { url: `${base}/dept/save`, access: 'rolePermission.edit', summary: '保存角色的部门数据权限', tags, body: zDeptDataPermissionSave, handler: (c) => svc.saveDataPermission(c, 'dept', c.body) });
  defineRoute(app, s, { url: `${base}/seal/detail`, access: 'rolePermission', summary: '角色的印章数据权限', tags, body: zDataPermissionDetail, handler: (c) => svc.getDataPermission(c, 'seal', c.body.roleId) });
  defineRoute(app, s, { url: `${base}/seal/save`, access: 'rolePermission.edit', summary: '保存角色的印章数据权限', tags, body: zSealDataPermissionSave, handler: (c) => svc.saveDataPermission(c, 'seal', c.body) });
}
