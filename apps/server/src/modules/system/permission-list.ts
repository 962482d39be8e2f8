import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import { listGrantedKeys } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';

export const zPermissionListRequest = z
  .object({
    typeList: z.array(z.number().int().min(1).max(9)).max(10).optional().describe('权限类型'),
    parentCode: z.string().max(100).optional().describe('上级编码'),
    appId: z.string().max(100).optional().describe('应用'),
  })
  .optional();

/**
 * The map of route names (and action keys) the member holds → true. The web filters
 * its routes with it. `serviceConfiguration` (the flag that sets serviceConfig) is always
 * present, true when the member holds that route and false otherwise. typeList/parentCode/appId are
 * validated and accepted for compatibility; the map always holds every granted key (the web filters
 * by its own route table, whatever the menu type).
 */
export function registerPermissionListRoute(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, {
    url: '/wfsaas-system/api/sys/permission/in/user/list',
    access: 'member',
    summary: '当前用户在当前公司的权限表（路由名 → true）',
    tags: ['权限'],
    body: zPermissionListRequest,
    handler: async (c) => {
      const keys = await listGrantedKeys(c.tx, c.companyId, c.user.userId, c.isAdmin);
      const map: Record<string, boolean> = {};
      for (const k of keys) map[k] = true;
      map.serviceConfiguration = map.serviceConfiguration === true;
      return map;
    },
  });
}
