import { PAY_CONFIG_API, PAY_CONFIG_EDIT, PAY_CONFIG_PATHS as P, PAY_CONFIG_READ, zPayAccountEnable, zPayAccountId, zPayAccountSave } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './pay-config.service.ts';

const url = (path: string) => `${PAY_CONFIG_API}${path}`;
const tags = ['支付配置'];

/** 支付配置 (PAY_CONFIG_PATHS): the paying bank accounts and the bank file layout of each. */
export function registerPayConfigRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.accountList), access: PAY_CONFIG_READ, summary: '付款账户（默认在前，账号脱敏）', tags, handler: (c) => svc.listAccountsView(c) });
  defineRoute(app, s, { url: url(P.accountSave), access: PAY_CONFIG_EDIT, summary: '新增或修改付款账户（修改时账号留空则不变）', tags, body: zPayAccountSave, handler: (c) => svc.saveAccount(c, c.body) });
  defineRoute(app, s, { url: url(P.accountDefault), access: PAY_CONFIG_EDIT, summary: '设为默认付款账户', tags, body: zPayAccountId, handler: (c) => svc.setDefaultAccount(c, c.body.id) });
  defineRoute(app, s, { url: url(P.accountEnable), access: PAY_CONFIG_EDIT, summary: '启用或停用付款账户', tags, body: zPayAccountEnable, handler: (c) => svc.enableAccount(c, c.body.id, c.body.enabled) });
  defineRoute(app, s, { url: url(P.accountRemove), access: PAY_CONFIG_EDIT, summary: '删除付款账户', tags, body: zPayAccountId, handler: (c) => svc.removeAccount(c, c.body.id) });
}
