import {
  BILL_API, BILL_PATHS as P, zBillPayTransfer, zBillUnlock, zOperatorBill, zOperatorBillPage, zOperatorBillReason, zOperatorPayment, zOperatorPaymentReject, zPlatformBillId, zPlatformBillPage,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as ops from './platform-bills.operator.ts';
import * as bills from './platform-bills.service.ts';

const tags = ['账单管理'];
const opTags = ['平台运营：账单'];
const url = (path: string) => `${BILL_API}${path}`;
const VIEW = 'billManagement';
const PAY = 'billManagement.pay';
const zCountsBody = zPlatformBillPage.pick({ billType: true, month: true, billNo: true });

/** 账单管理 (the platform's bills the company pays) and the operators' side of them (docs/trade.md). */
export function registerPlatformBillRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.page), access: VIEW, summary: '平台账单列表（状态 -1 全部、类型、月份、账单编号筛选，分页）', tags, body: zPlatformBillPage, handler: (c) => bills.pageBills(c, c.body) });
  defineRoute(app, s, { url: url(P.statusCounts), access: VIEW, summary: '各状态的账单数（状态页签）', tags, body: zCountsBody, handler: (c) => bills.billStatusCounts(c, c.body) });
  defineRoute(app, s, { url: url(P.badge), access: VIEW, summary: '待处理账单数（菜单角标：待确认，及未提交转账的待付款、已逾期）', tags, body: z.object({}).optional(), handler: (c) => bills.billBadge(c) });
  defineRoute(app, s, { url: url(P.payee), access: VIEW, summary: '平台收款账户（银行转账付款用；未配置时为空）', tags, body: z.object({}).optional(), handler: async (c) => c.services.config.platformPayee ?? null });
  defineRoute(app, s, { url: url(P.detail), access: VIEW, summary: '账单详情：明细、状态记录、付款记录与可执行的操作', tags, body: zPlatformBillId, handler: (c) => bills.billDetail(c, c.body.billId) });
  defineRoute(app, s, { url: url(P.confirm), access: PAY, summary: '确认账单（待确认 → 待付款）', tags, body: zPlatformBillId, handler: async (c) => bills.toBillRow({ ...(await bills.confirmPlatformBill(c, c.body.billId)), transferPending: false }) });
  defineRoute(app, s, { url: url(P.unlock), access: PAY, summary: '申请解锁（待确认 → 已解锁，随后重新统计账单）', tags, body: zBillUnlock, handler: async (c) => bills.toBillRow({ ...(await bills.unlockPlatformBill(c, c.body.billId, c.body.reason)), transferPending: false }) });
  defineRoute(app, s, { url: url(P.retry), access: PAY, summary: '重试（生成失败、更新失败、解锁更新失败）', tags, body: zPlatformBillId, handler: async (c) => bills.toBillRow({ ...(await bills.retryPlatformBill(c, c.body.billId)), transferPending: false }) });
  defineRoute(app, s, {
    url: url(P.payTransfer),
    access: PAY,
    summary: '银行转账付款：提交转账流水号与付款凭证，等待平台确认到账',
    tags,
    body: zBillPayTransfer,
    handler: async (c) => {
      const p = await bills.submitTransfer(c, c.body);
      return { paymentId: p.id, status: p.status };
    },
  });
  defineRoute(app, s, { url: url(P.payOnline), access: PAY, summary: '在线支付（需已接入支付渠道）', tags, body: zPlatformBillId, handler: async (c) => bills.toBillRow({ ...(await bills.payOnline(c, c.body.billId)), transferPending: false }) });

  defineRoute(app, s, { url: url(P.operatorPage), access: 'operator', summary: '各企业的平台账单（待确认转账的在前）', tags: opTags, body: zOperatorBillPage, handler: (c) => ops.pageOperatorBills(c.tx, c.body) });
  defineRoute(app, s, { url: url(P.operatorDetail), access: 'operator', summary: '一家企业的一张账单的详情', tags: opTags, body: zOperatorBill, handler: (c) => c.inCompany(c.body.companyId, (tc) => bills.billDetail(tc, c.body.billId)) });
  defineRoute(app, s, { url: url(P.operatorProof), access: 'operator', summary: '查看转账付款凭证（图片）', tags: opTags, body: zOperatorPayment, handler: (c) => c.inCompany(c.body.companyId, (tc) => ops.sendProof(tc, c.reply, c.body.paymentId)) });
  defineRoute(app, s, { url: url(P.operatorConfirmTransfer), access: 'operator', summary: '确认转账到账（→ 已付款）', tags: opTags, body: zOperatorPayment, handler: (c) => c.inCompany(c.body.companyId, async (tc) => ops.row(await bills.confirmTransfer(tc, c.body.paymentId))) });
  defineRoute(app, s, { url: url(P.operatorRejectTransfer), access: 'operator', summary: '驳回转账（写明原因，账单仍待付款）', tags: opTags, body: zOperatorPaymentReject, handler: (c) => c.inCompany(c.body.companyId, async (tc) => ops.row(await bills.rejectTransfer(tc, c.body.paymentId, c.body.reason))) });
  defineRoute(app, s, { url: url(P.operatorRelease), access: 'operator', summary: '发布审核中的账单（→ 待确认）', tags: opTags, body: zOperatorBill, handler: (c) => c.inCompany(c.body.companyId, async (tc) => ops.row(await bills.releasePlatformBill(tc, c.body.billId))) });
  defineRoute(app, s, { url: url(P.operatorSuspend), access: 'operator', summary: '暂停账单（待付款、已逾期 → 已暂停）', tags: opTags, body: zOperatorBillReason, handler: (c) => c.inCompany(c.body.companyId, async (tc) => ops.row(await bills.pausePlatformBill(tc, c.body.billId, c.body.reason))) });
  defineRoute(app, s, { url: url(P.operatorResume), access: 'operator', summary: '恢复账单（已暂停 → 待付款）', tags: opTags, body: zOperatorBill, handler: (c) => c.inCompany(c.body.companyId, async (tc) => ops.row(await bills.resumePlatformBill(tc, c.body.billId))) });
  defineRoute(app, s, { url: url(P.operatorRegenerate), access: 'operator', summary: '重新生成月度结算账单（待确认 → 更新中）', tags: opTags, body: zOperatorBill, handler: (c) => c.inCompany(c.body.companyId, async (tc) => ops.row(await bills.regeneratePlatformBill(tc, c.body.billId))) });
  defineRoute(app, s, { url: url(P.operatorRetry), access: 'operator', summary: '重试生成或更新', tags: opTags, body: zOperatorBill, handler: (c) => c.inCompany(c.body.companyId, async (tc) => ops.row(await bills.retryPlatformBill(tc, c.body.billId))) });
}
