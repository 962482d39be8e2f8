import {
  CUSTODY_ACCOUNT_API,
  CUSTODY_ACCOUNT_PATHS as P,
  CUSTODY_PERMISSIONS as A,
  zDepositAdd,
  zDepositPage,
  zLedgerPage,
  zOperatorDepositId,
  zOperatorDepositPage,
  zOperatorDepositReject,
  zPayoutAdd,
  zPayoutCancel,
  zPayoutId,
  zPayoutPage,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { sendFile } from '../../platform/files/index.ts';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as account from './custody-account.service.ts';
import * as payouts from './payouts.service.ts';

/** 托管账户: balance and ledger, deposits, wage payouts and 薪资明细; the operators' deposit confirmation. */

const url = (k: keyof typeof P) => `${CUSTODY_ACCOUNT_API}${P[k]}`;
const tags = ['托管账户'];
const opTags = ['平台运营'];
/** Served proof images never run as a page of this site. */
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function registerCustodyAccountRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url('summary'), access: A.read, summary: '托管账户概况：余额、在途充值、待发工资与平台收款账户', tags, handler: (c) => account.summary(c) });
  defineRoute(app, s, { url: url('ledgerPage'), access: A.read, summary: '托管账户流水（每笔交易的分录与托管资金余额），按类型、日期筛选', tags, body: zLedgerPage, handler: (c) => account.pageLedger(c, c.body) });
  defineRoute(app, s, { url: url('depositAdd'), access: A.edit, summary: '登记充值（金额、流水号、付款账户名、转账日期、转账凭证），待平台确认', tags, body: zDepositAdd, handler: (c) => account.addDeposit(c, c.body) });
  defineRoute(app, s, { url: url('depositPage'), access: A.read, summary: '充值记录', tags, body: zDepositPage, handler: (c) => account.pageDeposits(c, c.body) });
  defineRoute(app, s, { url: url('payoutRuns'), access: A.read, summary: '可发起发放的工资表（已锁定、已提交）', tags, handler: (c) => payouts.payoutRuns(c) });
  defineRoute(app, s, { url: url('payoutAdd'), access: A.edit, summary: '发起发放：按已锁定工资表生成发放单与待确认的代发账单', tags, body: zPayoutAdd, handler: (c) => payouts.addPayout(c, c.body.runId) });
  defineRoute(app, s, { url: url('payoutPage'), access: A.read, summary: '发放单列表', tags, body: zPayoutPage, handler: (c) => payouts.pagePayouts(c, c.body) });
  defineRoute(app, s, { url: url('payoutConfirm'), access: A.edit, summary: '确认发放单的代发账单（待确认 → 待付款）', tags, body: zPayoutId, handler: (c) => payouts.confirmPayout(c, c.body.id) });
  defineRoute(app, s, { url: url('payoutPay'), access: A.edit, summary: '托管账户余额支付代发账单，支付后工资交付代发', tags, body: zPayoutId, handler: (c) => payouts.payPayout(c, c.body.id) });
  defineRoute(app, s, { url: url('payoutCancel'), access: A.edit, summary: '取消未付款的发放单（账单暂停）', tags, body: zPayoutCancel, handler: (c) => payouts.cancelPayout(c, c.body.id, c.body.reason) });
  defineRoute(app, s, { url: url('payoutDetail'), access: A.details, summary: '薪资明细：发放单的每名员工实发工资、合计与服务费', tags, body: zPayoutId, handler: (c) => payouts.payoutDetail(c, c.body.id) });
  defineRoute(app, s, {
    url: url('payoutExport'),
    access: A.details,
    summary: '导出薪资明细（xlsx，直接返回文件）',
    tags,
    body: zPayoutId,
    handler: async (c) => sendFile(c.reply, await payouts.exportPayout(c, c.body.id)),
  });

  defineRoute(app, s, { url: url('operatorDepositPage'), access: 'operator', summary: '平台运营：各企业的充值登记（默认待确认，先到先列）', tags: opTags, body: zOperatorDepositPage, handler: (c) => account.pageAllDeposits(c.tx, c.body) });
  defineRoute(app, s, {
    url: url('operatorDepositProof'),
    access: 'operator',
    summary: '平台运营：查看充值的转账凭证（图片）',
    tags: opTags,
    body: zOperatorDepositId,
    handler: async (c) => {
      const { file, body } = await c.inCompany(c.body.companyId, (tc) => account.depositProof(tc, c.body.id));
      return sendFile(c.reply, { name: file.originalName, type: file.mime, body, size: file.size, disposition: 'inline', headers: { 'content-security-policy': SANDBOX } });
    },
  });
  defineRoute(app, s, { url: url('operatorDepositConfirm'), access: 'operator', summary: '平台运营：核对银行流水后确认充值到账', tags: opTags, body: zOperatorDepositId, handler: (c) => c.inCompany(c.body.companyId, (tc) => account.confirmDeposit(tc, c.body.id)) });
  defineRoute(app, s, { url: url('operatorDepositReject'), access: 'operator', summary: '平台运营：驳回充值（须填写原因）', tags: opTags, body: zOperatorDepositReject, handler: (c) => c.inCompany(c.body.companyId, (tc) => account.rejectDeposit(tc, c.body.id, c.body.reason)) });
}
