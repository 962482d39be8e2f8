import { SI_API, SI_IMPORT_MAX_BYTES, SI_PATHS as P, SI_PERMISSIONS as A, zReconcileQuery, zRecordExport, zRecordGenerate, zRecordPage, zRecordSummary } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { receiveBill, reconcile, reconcileResult, type Bill } from './reconcile.service.ts';
import * as records from './records.service.ts';

const tags = ['缴费记录'];
const url = (path: string) => `${SI_API}${path}`;

/** 缴费记录 (insuranceRecord): generate a month, page and summary, the export, the reconciliation with the official bill. */
export function registerRecordRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, {
    url: url(P.recordGenerate),
    access: A.recordEdit,
    summary: '生成某月缴费记录（可只生成一个参保主体）：按当月参保信息与所在城市当月有效的政策计算各险种单位、个人缴费，替换该月原有记录',
    tags,
    body: zRecordGenerate,
    handler: (c) => records.generateRecords(c, c.body),
  });
  defineRoute(app, s, { url: url(P.recordPage), access: A.recordRead, summary: '某月缴费记录（每人一行，含各险种与合计，分页）', tags, body: zRecordPage, handler: (c) => records.pageRecords(c, c.body) });
  defineRoute(app, s, { url: url(P.recordSummary), access: A.recordRead, summary: '某月各参保主体的缴费人数、单位与个人合计、对账状态', tags, body: zRecordSummary, handler: (c) => records.recordSummary(c, c.body.month) });
  defineRoute(app, s, { url: url(P.recordExport), access: A.recordRead, summary: '导出某月缴费记录：加入下载中心，返回导出记录', tags, body: zRecordExport, handler: (c) => records.requestRecordExport(c, c.body) });
  defineRoute(app, s, {
    url: url(P.recordReconcile),
    access: A.recordEdit,
    summary: '上传社保月度账单对账（multipart，字段名 file；?entityId=&month=）：按证件号码与险种逐项比对单位、个人缴费，返回差异',
    tags,
    bodyLimit: SI_IMPORT_MAX_BYTES + 1024 * 1024,
    receive: async (req) => {
      let query;
      try {
        query = parseInput(zReconcileQuery, req.query);
      } catch (err) {
        if (req.isMultipart()) req.raw.resume();
        throw err;
      }
      return { query, bill: await receiveBill(s, req) };
    },
    handler: async (c) => {
      const received = c.received as { query: { entityId: number; month: string }; bill: Bill };
      return reconcile(c, received.query, received.bill);
    },
  });
  defineRoute(app, s, { url: url(P.recordReconcileResult), access: A.recordRead, summary: '某参保主体某月最近一次对账结果（未对账时为 null）', tags, body: zReconcileQuery, handler: (c) => reconcileResult(c, c.body) });
}
