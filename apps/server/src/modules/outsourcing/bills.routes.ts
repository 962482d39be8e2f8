import {
  CUSTODY_API, CUSTODY_PATHS as CP, OS_API, OS_PATHS as P, OS_PERMISSIONS as A, zBillGenerate, zBillIdBody, zBillPage, zCustodyBill, zCustodyScope,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as bills from './bills.service.ts';

const tags = ['客户月度账单'];
const url = (path: string) => `${OS_API}${path}`;
const custody = (path: string) => `${CUSTODY_API}${path}`;

/** 客户月度账单: generate a month, page, detail, the itemised export, paid; and the client's side under joint custody. */
export function registerBillRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, {
    url: url(P.billGenerate),
    access: A.billEdit,
    summary: '生成某月客户月度账单（可只生成一个用工单位）：按当月派驻员工的已核算工资、单位社保公积金与方案的服务费、增值税逐人计算；待确认的账单重新生成，已确认、已付款的保留',
    tags,
    body: zBillGenerate,
    handler: (c) => bills.generateBills(c, c.body),
  });
  defineRoute(app, s, { url: url(P.billPage), access: A.boardRead, summary: '客户月度账单列表（按月份、用工单位、状态筛选，分页）', tags, body: zBillPage, handler: (c) => bills.pageBills(c, c.body) });
  defineRoute(app, s, { url: url(P.billDetail), access: A.boardRead, summary: '账单详情：逐人明细、方案与计费口径、无当月工资未计入的员工', tags, body: zBillIdBody, handler: (c) => bills.billDetail(c, c.body.billId) });
  defineRoute(app, s, { url: url(P.billExport), access: A.boardRead, summary: '导出账单明细：加入下载中心，返回导出记录', tags, body: zBillIdBody, handler: (c) => bills.requestBillExport(c, c.body.billId) });
  defineRoute(app, s, { url: url(P.billPaid), access: A.billEdit, summary: '标记账单已付款（待付款 → 已付款）', tags, body: zBillIdBody, handler: (c) => bills.markPaid(c, c.body.billId) });

  const clientTags = ['共管（用工单位）'];
  defineRoute(app, s, { url: custody(CP.clientBills), access: A.custodyRead, summary: '用工单位查看外包服务商开给本企业的账单', tags: clientTags, body: zCustodyScope, handler: (c) => bills.clientBills(c, c.body.providerId) });
  defineRoute(app, s, {
    url: custody(CP.clientBillDetail),
    access: A.custodyRead,
    summary: '用工单位查看本企业的一张账单（服务商未开放薪资时不含逐人工资，合计照常）',
    tags: clientTags,
    body: zCustodyBill,
    handler: (c) => bills.clientBillDetail(c, c.body),
  });
  defineRoute(app, s, { url: custody(CP.clientBillConfirm), access: A.custodyClient, summary: '用工单位确认账单（待确认 → 待付款）', tags: clientTags, body: zCustodyBill, handler: (c) => bills.clientConfirmBill(c, c.body) });
}
