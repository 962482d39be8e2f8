import { zCompanyPermissionUpdate } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './company-permission.service.ts';

/** Company permission (init, tree, update, all init): company administrators only. */
export function registerCompanyPermissionRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['企业权限'];
  const base = '/wfsaas-system/api/sys/companyPermission';
  const access = 'rolePermission.edit';
  defineRoute(app, s, { url: `${base}/init`, access, summary: '初始化本公司权限（补齐未开通的权限键，返回新增数）', tags, handler: (c) => svc.initPermissions(c) });
  defineRoute(app, s, { url: `${base}/tree`, access, summary: '企业权限树（enabled 为已开通）', tags, handler: (c) => svc.companyPermissionTree(c) });
  defineRoute(app, s, { url: `${base}/update`, access, summary: '开通或关闭权限', tags, body: zCompanyPermissionUpdate, handler: (c) => svc.updatePermissions(c, c.body) });
  defineRoute(app, s, { url: `${base}/allInit`, access, summary: '初始化我担任管理员的全部公司的权限', tags, handler: (c) => svc.initAllPermissions(c) });
}
