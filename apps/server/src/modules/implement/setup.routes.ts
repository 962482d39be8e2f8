import { SETUP_API, SETUP_EDIT, SETUP_PATHS as P, SETUP_READ, zSetupHandover, zSetupSkip } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './setup.service.ts';

const url = (path: string) => `${SETUP_API}${path}`;
const tags = ['系统初始化'];

/** 系统初始化 (SETUP_PATHS): the checklist, 无需配置 marks and hand-overs. */
export function registerSetupRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.status), access: SETUP_READ, summary: '初始化清单：每一步的完成情况、计数与进度', tags, handler: (c) => svc.setupStatus(c) });
  defineRoute(app, s, { url: url(P.skip), access: SETUP_EDIT, summary: '将一步标记为无需配置', tags, body: zSetupSkip, handler: (c) => svc.skipStep(c, c.body.step) });
  defineRoute(app, s, { url: url(P.unskip), access: SETUP_EDIT, summary: '撤销无需配置标记', tags, body: zSetupSkip, handler: (c) => svc.unskipStep(c, c.body.step) });
  defineRoute(app, s, { url: url(P.handover), access: SETUP_EDIT, summary: '交付：记录交付日期、接收人、说明和当时的进度', tags, body: zSetupHandover, handler: (c) => svc.handover(c, c.body) });
  defineRoute(app, s, { url: url(P.handovers), access: SETUP_READ, summary: '交付记录（新的在前）', tags, handler: (c) => svc.listHandovers(c) });
}
