import {
  INVOICE_API,
  INVOICE_EDIT,
  INVOICE_PATHS as P,
  INVOICE_READ,
  zInvoiceId,
  zInvoicePage,
  zInvoiceRequest,
  zInvoiceTitleId,
  zInvoiceTitleSave,
  zOpInvoiceIssue,
  zOpInvoicePage,
  zOpInvoiceReject,
  zOpInvoiceRef,
} from '@wfsaas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readUploadWithFields, sendFile } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './invoices.service.ts';

/** 发票管理 (INVOICE_PATHS): the company's titles and requests, and the platform operator's issue/reject. */

const url = (path: string) => `${INVOICE_API}${path}`;
const tags = ['发票管理'];
const opTags = ['平台运营 · 发票'];

/** The issue form: its text fields and one file (field `file`), read whole up to the upload limit. */
const readIssueForm = (req: FastifyRequest, limit: number) =>
  readUploadWithFields(req, limit, { notMultipart: '请以文件表单（multipart/form-data）上传发票文件', missing: '发票文件：请上传开具的电子发票', tooLarge: `发票文件：文件过大，不能超过 ${Math.round(limit / 1024 / 1024)} MB` });

function registerCompanyInvoiceRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.titleList), access: INVOICE_READ, summary: '发票抬头（默认在前）', tags, handler: (c) => svc.listTitlesView(c) });
  defineRoute(app, s, { url: url(P.titleSave), access: INVOICE_EDIT, summary: '新增或修改发票抬头（纳税人识别号15/17/18/20位，18位为统一社会信用代码）', tags, body: zInvoiceTitleSave, handler: (c) => svc.saveTitle(c, c.body) });
  defineRoute(app, s, { url: url(P.titleDefault), access: INVOICE_EDIT, summary: '设为默认发票抬头', tags, body: zInvoiceTitleId, handler: (c) => svc.setDefaultTitle(c, c.body.id) });
  defineRoute(app, s, { url: url(P.titleRemove), access: INVOICE_EDIT, summary: '删除发票抬头（已提交的申请保留所用抬头）', tags, body: zInvoiceTitleId, handler: (c) => svc.removeTitle(c, c.body.id) });
  defineRoute(app, s, { url: url(P.billsOpen), access: INVOICE_READ, summary: '可申请开票的账单（已付款、未申请开票的平台账单）', tags, handler: (c) => svc.listInvoiceableBills(c) });
  defineRoute(app, s, { url: url(P.request), access: INVOICE_EDIT, summary: '申请开票（一张或多张已付款账单，金额为账单合计）', tags, body: zInvoiceRequest, handler: (c) => svc.requestInvoice(c, c.body) });
  defineRoute(app, s, { url: url(P.page), access: INVOICE_READ, summary: '开票申请（按状态，分页）', tags, body: zInvoicePage, handler: (c) => svc.pageRequests(c, c.body) });
  defineRoute(app, s, { url: url(P.detail), access: INVOICE_READ, summary: '开票申请详情', tags, body: zInvoiceId, handler: (c) => svc.requestDetail(c, c.body.id) });
  defineRoute(app, s, { url: url(P.withdraw), access: INVOICE_EDIT, summary: '撤回开票申请（仅待开票）', tags, body: zInvoiceId, handler: (c) => svc.withdrawRequest(c, c.body.id) });
  defineRoute(app, s, {
    url: url(P.download),
    access: INVOICE_READ,
    summary: '下载已开具的电子发票',
    tags,
    body: zInvoiceId,
    handler: async (c) => {
      const f = await svc.openInvoiceFile(c, c.body.id);
      return sendFile(c.reply, { name: f.name, type: f.file.mime, body: f.body, size: f.file.size });
    },
  });
}

function registerOperatorInvoiceRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.opPage), access: 'operator', summary: '各企业的开票申请（默认待开票，先到先办）', tags: opTags, body: zOpInvoicePage, handler: (c) => svc.pageRequestsForOperator(c.tx, c.body) });
  defineRoute(app, s, { url: url(P.opReject), access: 'operator', summary: '驳回开票申请（须填写原因，账单可重新申请）', tags: opTags, body: zOpInvoiceReject, handler: (c) => c.inCompany(c.body.companyId, (t) => svc.rejectRequest(t, c.body.id, c.body.reason)) });
  defineRoute(app, s, {
    url: url(P.opIssue),
    access: 'operator',
    summary: '开票：填写发票号码、开票日期并上传电子发票（multipart，字段 companyId、id、invoiceNo、invoiceDate、file）',
    tags: opTags,
    handler: async (c) => {
      const form = await readIssueForm(c.req, s.config.uploadLimitBytes);
      const input = parseInput(zOpInvoiceIssue, form.fields);
      return c.inCompany(input.companyId, (t) => svc.issueRequest(t, input, form.file));
    },
  });
  defineRoute(app, s, {
    url: url(P.opDownload),
    access: 'operator',
    summary: '下载已开具的电子发票（平台运营）',
    tags: opTags,
    body: zOpInvoiceRef,
    handler: async (c) => {
      const f = await c.inCompany(c.body.companyId, (t) => svc.openInvoiceFile(t, c.body.id));
      return sendFile(c.reply, { name: f.name, type: f.file.mime, body: f.body, size: f.file.size });
    },
  });
}

export function registerInvoiceRoutes(app: FastifyInstance, s: AppServices): void {
  registerCompanyInvoiceRoutes(app, s);
  registerOperatorInvoiceRoutes(app, s);
}
