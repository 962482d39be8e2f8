import { zImportBatchId, zImportBatchPage, zImportCheck, zImportRematch, zImportRowPage, zImportRowUpdate, zImportTemplateQuery } from '@wfsaas/contracts';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import { checkUploadContent, readSingleUpload, storeUpload, XLSX_MIME, sendFile } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './employee-import.service.ts';
import * as check from './import-check.service.ts';
import { MSG_EMPTY_FILE, MSG_NOT_XLSX, readImportWorkbook } from './import-xlsx.ts';

const WRITE = 'staffRoll.edit';
const READ = 'staffRoll';
const MAX_IMPORT_BYTES = 30 * 1024 * 1024;

function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer) {
  return sendFile(reply, { name: fileName, type: XLSX_MIME, body });
}

/** Takes in the uploaded workbook (field `file`), checks and reads it, and stores it — before the transaction opens. */
async function receiveImportFile(s: AppServices, req: FastifyRequest, who: { companyId: number; userId: number }): Promise<svc.ReceivedImport> {
  const limit = Math.min(MAX_IMPORT_BYTES, s.config.uploadLimitBytes);
  const { filename, data } = await readSingleUpload(req, limit, {
    notMultipart: '请以文件表单（multipart/form-data）上传导入文件',
    missing: '请选择要导入的文件',
    tooLarge: `文件过大，导入文件不能超过 ${Math.floor(limit / 1024 / 1024)} MB`,
  });
  if (!/\.xlsx$/i.test(filename)) throw badRequest('请上传 .xlsx 格式的文件（可先下载导入模板）');
  const size = data.length;
  if (size === 0) throw badRequest(MSG_EMPTY_FILE);
  const check = checkUploadContent(filename, data.subarray(0, 64 * 1024), data.subarray(Math.max(0, size - 64 * 1024)));
  if (!check.ok || check.ext !== 'xlsx') throw badRequest(MSG_NOT_XLSX);
  const sheet = await readImportWorkbook(data);
  const stored = await storeUpload(s, { companyId: who.companyId, userId: who.userId, filename, body: Readable.from([data]), kind: 'upload', isTruncated: () => false });
  return { stored, sheet };
}

/** DynamicFormTemplate: the roster import (template, batches, mapping, check, confirm, errors). */
export function registerEmployeeImportRoutes(app: FastifyInstance, s: AppServices) {
  const base = '/wfsaas-saas/api/dynamicFormTemplate';
  const tags = ['员工导入'];

  for (const method of ['GET', 'POST'] as const) {
    defineRoute(app, s, {
      method,
      url: `${base}/template`,
      access: READ,
      summary: '下载导入模板（xlsx：标准字段与自定义字段，必填列带 *，下拉选项，填写说明）',
      tags,
      ...(method === 'GET' ? { querystring: zImportTemplateQuery } : {}),
      handler: async (c) => {
        const input = parseInput(zImportTemplateQuery, method === 'GET' ? c.req.query : c.req.body);
        const file = await svc.importTemplate(c, input.name);
        return sendXlsx(c.reply, file.fileName, file.body);
      },
    });
  }
  defineRoute(app, s, {
    url: `${base}/add`,
    access: WRITE,
    summary: '上传导入文件（multipart，字段名 file；可带查询参数 name，默认 employee）：生成导入批次并按表头自动匹配字段',
    tags,
    bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024,
    receive: (req, who) => receiveImportFile(s, req, who),
    handler: (c) => {
      const { name } = parseInput(zImportTemplateQuery, c.req.query);
      return svc.createImportBatch(s, c, name, c.received as svc.ReceivedImport);
    },
  });
  defineRoute(app, s, { url: `${base}/list`, access: READ, summary: '导入批次列表（分页）', tags, body: zImportBatchPage, handler: (c) => svc.pageImportBatches(c, c.body.name, c.body.pageNum, c.body.pageSize) });
  defineRoute(app, s, { url: `${base}/detail`, access: READ, summary: '导入批次详情（字段匹配、计数）', tags, body: zImportBatchId, handler: (c) => svc.importBatchDetail(c, c.body.batchId) });
  defineRoute(app, s, { url: `${base}/rematch`, access: WRITE, summary: '手动调整字段匹配 {batchId, mapping: {列序号: 字段|null}}', tags, body: zImportRematch, handler: (c) => svc.rematchImportBatch(c, c.body) });
  defineRoute(app, s, { url: `${base}/update`, access: WRITE, summary: '修改一行数据 {batchId, rowNo, data: {列序号: 内容}}，修改后需重新校验', tags, body: zImportRowUpdate, handler: (c) => svc.updateImportRow(c, c.body) });
  defineRoute(app, s, { url: `${base}/delete`, access: WRITE, summary: '删除导入批次（归档）', tags, body: zImportBatchId, handler: (c) => svc.archiveImportBatch(c, c.body.batchId) });
  defineRoute(app, s, {
    url: `${base}/dataCheck`,
    access: WRITE,
    summary: '数据校验（不写入）：逐行按员工档案规则校验，并检查文件内重复；返回有效/无效数量和错误行（分页）',
    tags,
    body: zImportCheck,
    handler: (c) => check.checkImportBatch(s, c, c.body.batchId, c.body.pageNum, c.body.pageSize),
  });
  defineRoute(app, s, { url: `${base}/rows`, access: READ, summary: '导入批次的行（按状态，分页；默认错误行）', tags, body: zImportRowPage, handler: (c) => svc.pageImportRows(c, c.body) });
  defineRoute(app, s, { url: `${base}/confirmImport`, access: WRITE, summary: '确认导入：后台任务逐行新增或更新（按工号或证件号码匹配现有员工）', tags, body: zImportBatchId, handler: (c) => check.confirmImportBatch(c, c.body.batchId) });
  defineRoute(app, s, { url: `${base}/progress`, access: READ, summary: '导入进度与结果', tags, body: zImportBatchId, handler: (c) => svc.importProgress(c, c.body.batchId) });
  defineRoute(app, s, {
    url: '/wfsaas-saas/api/companyEmployee/rosterList/importAndUpdate',
    access: WRITE,
    summary: '花名册导入并更新（multipart，字段名 file，导入模板表头）：一次完成上传、匹配、校验，并由后台任务导入校验通过的行（按工号或证件号码更新已有员工）；错误行可用 downloadErrorData 下载',
    tags,
    bodyLimit: MAX_IMPORT_BYTES + 1024 * 1024,
    receive: (req, who) => receiveImportFile(s, req, who),
    handler: (c) => check.importAndUpdateRoster(s, c, c.received as svc.ReceivedImport),
  });
  defineRoute(app, s, {
    url: `${base}/downloadErrorData`,
    access: READ,
    summary: '下载错误数据（xlsx：原始列加「错误原因」列，直接返回文件）',
    tags,
    body: zImportBatchId,
    handler: async (c) => {
      const file = await svc.importErrorWorkbook(c, c.body.batchId);
      return sendXlsx(c.reply, file.fileName, file.body);
    },
  });
}
