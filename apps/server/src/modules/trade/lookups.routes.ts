import { CUSTODY_PERMISSIONS, SERVICE_REGISTRATION_PATH, STAT_CAPITAL_PATH, zServiceNameIds, zStatCapital } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './lookups.service.ts';

export function registerLookupRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: SERVICE_REGISTRATION_PATH, access: 'member', summary: '服务名称与简介（按服务编码，未知编码不返回）', tags: ['订阅中心'], body: zServiceNameIds, handler: async (c) => svc.serviceNamesAndDescriptions(c.body.ids) });
  defineRoute(app, s, { url: STAT_CAPITAL_PATH, access: CUSTODY_PERMISSIONS.read, summary: '托管账户资金统计：可用余额、冻结、在途、累计充值、累计发放、服务费', tags: ['托管账户'], body: zStatCapital, handler: (c) => svc.statCapital(c, c.body.id) });
}
