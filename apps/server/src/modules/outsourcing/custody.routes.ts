import {
  CUSTODY_API,
  CUSTODY_PATHS as P,
  OS_PERMISSIONS as A,
  zCustodyApprove,
  zCustodyDismissSave,
  zCustodyOrderSave,
  zCustodySave,
  zCustodyScope,
  zCustodyWorkers,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as custody from './custody.service.ts';

/** 共管: the provider's settings per client, and the client company's side (its own workers, orders, dismissals and approvals). */

const url = (path: string) => `${CUSTODY_API}${path}`;
const tags = ['共管'];

export function registerCustodyRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.configList), access: A.custodyRead, summary: '各用工单位的共管设置（按统一社会信用代码匹配平台上的企业）', tags, handler: (c) => custody.listConfigs(c) });
  defineRoute(app, s, { url: url(P.configSave), access: A.custodyEdit, summary: '保存用工单位的共管设置（开启须用工单位已入驻平台）', tags, body: zCustodySave, handler: (c) => custody.saveConfig(c, c.body) });
  defineRoute(app, s, { url: url(P.clientOverview), access: A.custodyRead, summary: '用工单位视角：与本企业共管的外包服务商、派驻人数与待办', tags, handler: (c) => custody.clientOverview(c) });
  defineRoute(app, s, { url: url(P.clientWorkers), access: A.custodyClient, summary: '用工单位视角：派驻到本企业的人员（仅服务商开放的字段）', tags, body: zCustodyWorkers, handler: (c) => custody.clientWorkers(c, c.body) });
  defineRoute(app, s, { url: url(P.clientOrders), access: A.custodyClient, summary: '用工单位视角：本企业的补岗单', tags, body: zCustodyScope, handler: (c) => custody.clientOrders(c, c.body.providerId) });
  defineRoute(app, s, { url: url(P.clientOrderSave), access: A.custodyClient, summary: '用工单位视角：提交补岗单', tags, body: zCustodyOrderSave, handler: (c) => custody.clientOrderSave(c, c.body) });
  defineRoute(app, s, { url: url(P.clientDismissSave), access: A.custodyClient, summary: '用工单位视角：退回本企业在岗的派驻人员（退工单）', tags, body: zCustodyDismissSave, handler: (c) => custody.clientDismissSave(c, c.body) });
  defineRoute(app, s, { url: url(P.clientApprove), access: A.custodyClient, summary: '用工单位视角：审批服务商提交的补岗单或退工单', tags, body: zCustodyApprove, handler: (c) => custody.clientApprove(c, c.body) });
}
