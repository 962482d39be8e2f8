import { SUBS_API, SUBS_PATHS, zServiceAgreementId, zServiceAgreementPage, zSubsOrderCancel, zSubsOrderPage, zSubsOrderQuote, zSubsOrderSubmit } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import { sendFile } from '../../platform/files/reply.ts';
import type { AppServices } from '../../platform/services.ts';
import * as agreements from './agreements.service.ts';
import * as subs from './subscriptions.service.ts';

const url = (k: keyof typeof SUBS_PATHS) => `${SUBS_API}${SUBS_PATHS[k]}`;
const tags = ['订阅中心'];

/** The subscription centre (appCenter) and the service agreements (contractList). */
export function registerSubscriptionRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url('productList'), access: 'appCenter', tags, summary: '产品目录与本公司订阅、用量', handler: (c) => subs.listProducts(c) });
  defineRoute(app, s, { url: url('orderQuote'), access: 'appCenter', tags, summary: '订单询价（服务端计算价格）', body: zSubsOrderQuote, handler: (c) => subs.quote(c, c.body) });
  defineRoute(app, s, { url: url('orderSubmit'), access: 'appCenter.edit', tags, summary: '提交订阅价格订单并生成待付款账单', body: zSubsOrderSubmit, handler: (c) => subs.submitOrder(c, c.body) });
  defineRoute(app, s, { url: url('orderCancel'), access: 'appCenter.edit', tags, summary: '取消待付款订单（账单暂停）', body: zSubsOrderCancel, handler: (c) => subs.cancelOrder(c, c.body) });
  defineRoute(app, s, { url: url('orderPage'), access: 'appCenter', tags, summary: '订阅价格订单列表', body: zSubsOrderPage, handler: (c) => subs.pageOrders(c, c.body) });
  defineRoute(app, s, { url: url('agreementPage'), access: 'contractList', tags, summary: '服务协议列表', body: zServiceAgreementPage, handler: (c) => agreements.pageAgreements(c, c.body) });
  defineRoute(app, s, {
    url: url('agreementDownload'),
    access: 'contractList',
    tags,
    summary: '下载服务协议PDF',
    body: zServiceAgreementId,
    handler: async (c) => {
      const f = await agreements.agreementPdf(c, c.body.id);
      return sendFile(c.reply, { name: f.name, type: 'application/pdf', body: f.bytes });
    },
  });
}
