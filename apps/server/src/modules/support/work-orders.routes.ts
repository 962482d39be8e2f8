import {
  WORK_ORDER_API,
  WORK_ORDER_EDIT,
  WORK_ORDER_PATHS as P,
  WORK_ORDER_READ,
  zOpWorkOrderFile,
  zOpWorkOrderList,
  zOpWorkOrderLock,
  zOpWorkOrderRef,
  zOpWorkOrderReply,
  zWorkOrderAdd,
  zWorkOrderEvaluate,
  zWorkOrderFile,
  zWorkOrderId,
  zWorkOrderList,
  zWorkOrderLock,
  zWorkOrderReply,
} from '@wfsaas/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readUploadWithFields, sendFile } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './work-orders.service.ts';

/** 工单管理 (WORK_ORDER_PATHS): the company's tickets and conversation, and the platform operator's side of them. */

const url = (path: string) => `${WORK_ORDER_API}${path}`;
const tags = ['工单管理'];
const opTags = ['平台运营 · 工单'];
const noBody = z.object({}).optional();

/** The operator's upload form: the ticket's companyId and id, then one file (field `file`), read whole up to the limit. */
const readUploadForm = (req: FastifyRequest, limit: number) =>
  readUploadWithFields(req, limit, { notMultipart: '请以文件表单（multipart/form-data）上传附件', missing: '附件：请选择要上传的文件', tooLarge: `附件：文件过大，不能超过 ${Math.round(limit / 1024 / 1024)} MB` });

function registerCompanyRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.list), access: WORK_ORDER_READ, summary: '工单列表（按状态、类型、关键词，新提交的在前）', tags, body: zWorkOrderList, handler: (c) => svc.pageWorkOrders(c, c.body) });
  defineRoute(app, s, { url: url(P.counts), access: WORK_ORDER_READ, summary: '各状态工单数（列表页签与菜单角标：待确认）', tags, body: noBody, handler: (c) => svc.workOrderCounts(c) });
  defineRoute(app, s, { url: url(P.detail), access: WORK_ORDER_READ, summary: '工单详情（含沟通记录与附件）', tags, body: zWorkOrderId, handler: (c) => svc.workOrderDetail(c, c.body.id) });
  defineRoute(app, s, { url: url(P.add), access: WORK_ORDER_EDIT, summary: '新建工单（附件先经文件上传接口上传，传 fileIds）', tags, body: zWorkOrderAdd, handler: (c) => svc.addWorkOrder(c, c.body) });
  defineRoute(app, s, { url: url(P.reply), access: WORK_ORDER_EDIT, summary: '回复工单（待确认的工单回复后回到处理中）', tags, body: zWorkOrderReply, handler: (c) => svc.replyToWorkOrder(c, c.body) });
  defineRoute(app, s, { url: url(P.confirm), access: WORK_ORDER_EDIT, summary: '确认问题已解决（待确认 → 已完结）', tags, body: zWorkOrderId, handler: (c) => svc.confirmWorkOrder(c, c.body.id) });
  defineRoute(app, s, { url: url(P.close), access: WORK_ORDER_EDIT, summary: '关闭工单（未完结的工单）', tags, body: zWorkOrderId, handler: (c) => svc.closeWorkOrder(c, c.body.id) });
  defineRoute(app, s, { url: url(P.evaluate), access: WORK_ORDER_EDIT, summary: '评价工单（已完结，1–5星，仅一次）', tags, body: zWorkOrderEvaluate, handler: (c) => svc.evaluateWorkOrder(c, c.body) });
  defineRoute(app, s, { url: url(P.delete), access: WORK_ORDER_EDIT, summary: '删除工单（仅待受理）', tags, body: zWorkOrderId, handler: (c) => svc.deleteWorkOrder(c, c.body.id) });
  defineRoute(app, s, { url: url(P.lockStatus), access: WORK_ORDER_EDIT, summary: '锁定或解锁工单（锁定后不能修改、回复或评价）', tags, body: zWorkOrderLock, handler: (c) => svc.setWorkOrderLock(c, c.body.id, c.body.locked) });
  defineRoute(app, s, {
    url: url(P.file),
    access: WORK_ORDER_READ,
    summary: '下载工单附件',
    tags,
    body: zWorkOrderFile,
    handler: async (c) => {
      const f = await svc.openAttachment(c, c.body.id, c.body.fileId);
      return sendFile(c.reply, { name: f.file.originalName, type: f.file.mime, body: f.body, size: f.file.size });
    },
  });
}

function registerOperatorRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.opList), access: 'operator', summary: '各企业的工单（默认未完结：待受理在前，其次待平台回复，先到先办）', tags: opTags, body: zOpWorkOrderList, handler: (c) => svc.pageForOperator(c.tx, c.body) });
  defineRoute(app, s, { url: url(P.opCounts), access: 'operator', summary: '各状态工单数与待平台回复数', tags: opTags, body: noBody, handler: (c) => svc.countsForOperator(c.tx) });
  defineRoute(app, s, { url: url(P.opDetail), access: 'operator', summary: '工单详情（平台运营）', tags: opTags, body: zOpWorkOrderRef, handler: (c) => c.inCompany(c.body.companyId, (t) => svc.forOperator(t, svc.workOrderDetail(t, c.body.id))) });
  defineRoute(app, s, { url: url(P.opAccept), access: 'operator', summary: '受理工单（待受理 → 处理中）', tags: opTags, body: zOpWorkOrderRef, handler: (c) => c.inCompany(c.body.companyId, (t) => svc.forOperator(t, svc.acceptWorkOrder(t, c.body.id))) });
  defineRoute(app, s, { url: url(P.opResolve), access: 'operator', summary: '标记为已解决（处理中 → 待确认，等待企业确认）', tags: opTags, body: zOpWorkOrderRef, handler: (c) => c.inCompany(c.body.companyId, (t) => svc.forOperator(t, svc.resolveWorkOrder(t, c.body.id))) });
  defineRoute(app, s, { url: url(P.opClose), access: 'operator', summary: '关闭工单（平台运营）', tags: opTags, body: zOpWorkOrderRef, handler: (c) => c.inCompany(c.body.companyId, (t) => svc.forOperator(t, svc.closeWorkOrder(t, c.body.id))) });
  defineRoute(app, s, { url: url(P.opLockStatus), access: 'operator', summary: '锁定或解锁工单（平台运营）', tags: opTags, body: zOpWorkOrderLock, handler: (c) => c.inCompany(c.body.companyId, (t) => svc.forOperator(t, svc.setWorkOrderLock(t, c.body.id, c.body.locked))) });
  defineRoute(app, s, {
    url: url(P.opReply),
    access: 'operator',
    summary: '平台回复工单（待受理的工单回复即受理）',
    tags: opTags,
    body: zOpWorkOrderReply,
    handler: (c) => c.inCompany(c.body.companyId, (t) => svc.forOperator(t, svc.replyToWorkOrder(t, { workOrderId: c.body.workOrderId, content: c.body.content, fileIds: c.body.fileIds }))),
  });
  defineRoute(app, s, {
    url: url(P.opUpload),
    access: 'operator',
    summary: '上传回复附件（multipart，字段 companyId、id、file），返回 fileId 供回复使用',
    tags: opTags,
    handler: async (c) => {
      const form = await readUploadForm(c.req, s.config.uploadLimitBytes);
      const ref = parseInput(zOpWorkOrderRef, form.fields);
      return c.inCompany(ref.companyId, (t) => svc.storeOperatorUpload(t, ref.id, form.file));
    },
  });
  defineRoute(app, s, {
    url: url(P.opFile),
    access: 'operator',
    summary: '下载工单附件（平台运营）',
    tags: opTags,
    body: zOpWorkOrderFile,
    handler: async (c) => {
      const f = await c.inCompany(c.body.companyId, (t) => svc.openAttachment(t, c.body.id, c.body.fileId));
      return sendFile(c.reply, { name: f.file.originalName, type: f.file.mime, body: f.body, size: f.file.size });
    },
  });
}

export function registerWorkOrderRoutes(app: FastifyInstance, s: AppServices): void {
  registerCompanyRoutes(app, s);
  registerOperatorRoutes(app, s);
}
