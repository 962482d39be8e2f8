import { zAuditLogExport, zExportId, zExportPage, zTempTokenQuery } from '@wfsaas/contracts';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import { deleteStoredFile, type FileRow, type StoredUpload, sendFile } from '../../platform/files/index.ts';
import { defineRoute, parseInput, type TenantCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as exportsSvc from './exports.service.ts';
import * as svc from './files.service.ts';

/** Served files never run as a page of this site (an SVG's script, an HTML-looking text). */
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function sendStoredFile(reply: FastifyReply, file: FileRow, body: Readable, disposition: 'attachment' | 'inline', cache: string) {
  return sendFile(reply, { name: file.originalName, type: file.mime, body, size: file.size, disposition, cache, headers: { 'content-security-policy': SANDBOX } });
}

export function registerFilesRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['文件'];

  const receive = (kind: 'upload' | 'static') => async (req: FastifyRequest, who: { companyId: number; userId: number }) => {
    const part = await req.file();
    if (!part) throw badRequest('请选择要上传的文件');
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest('请使用字段名 file 上传文件');
    }
    const stored = await svc.receiveUpload(s, who, { filename: part.filename, body: part.file, isTruncated: () => part.file.truncated }, kind);
    return stored;
  };
  const record = (withHash: boolean) => async (c: TenantCtx<undefined>) => {
    const stored = c.received as StoredUpload;
    c.reply.raw.once('finish', () => {
      if (c.reply.statusCode >= 500) deleteStoredFile(s, stored.storageKey).catch((err: unknown) => c.req.log.error({ err, storageKey: stored.storageKey }, 'could not delete an orphaned upload'));
    });
    return svc.recordReceivedUpload(s, c, stored, withHash);
  };

  defineRoute(app, s, {
    url: '/wfsaas-file/api/file/upload',
    access: 'member',
    summary: '上传文件（multipart，字段名 file）：返回 fileId、name、size、url、isImage',
    tags,
    receive: receive('upload'),
    handler: record(false),
  });
  defineRoute(app, s, {
    url: '/wfsaas-file/api/file/upload2',
    access: 'member',
    summary: '上传文件（同 upload，另返回 SHA-256）',
    tags,
    receive: receive('upload'),
    handler: record(true),
  });
  defineRoute(app, s, {
    url: '/wfsaas-file/api/file/uploadStatic',
    access: 'member',
    summary: '上传公司公开图片（如 Logo），返回固定的公开地址',
    tags,
    receive: receive('static'),
    handler: record(false),
  });
  defineRoute(app, s, {
    method: 'GET',
    url: '/wfsaas-file/api/file/download/:fileId',
    access: 'public',
    summary: '下载文件（凭一次性临时令牌 temptoken）',
    tags,
    querystring: zTempTokenQuery,
    handler: async (c) => {
      const query = parseInput(zTempTokenQuery, c.req.query);
      const { fileId } = c.req.params as { fileId?: string };
      const { file, body } = await svc.openDownload(s, c.db, fileId, query.temptoken, c);
      return sendStoredFile(c.reply, file, body, 'attachment', 'private, no-store');
    },
  });
  defineRoute(app, s, {
    method: 'GET',
    url: '/wfsaas-file/api/file/static/:fileId',
    access: 'public',
    summary: '公司公开图片（uploadStatic 上传的文件）',
    tags,
    handler: async (c) => {
      const { fileId } = c.req.params as { fileId?: string };
      const { file, body } = await svc.openStatic(s, c.db, fileId);
      return sendStoredFile(c.reply, file, body, 'inline', 'public, max-age=31536000, immutable');
    },
  });

  const centre = ['下载中心'];
  defineRoute(app, s, {
    url: '/wfsaas-file/api/fileInfo/page',
    access: 'downloadCenter',
    summary: '我的导出文件（分页）',
    tags: centre,
    body: zExportPage,
    handler: (c) => exportsSvc.pageMyExports(c, c.body),
  });
  defineRoute(app, s, {
    url: '/wfsaas-file/api/fileInfo/detail',
    access: 'downloadCenter',
    summary: '导出文件详情',
    tags: centre,
    body: zExportId,
    handler: (c) => exportsSvc.myExportDetail(c, c.body.id),
  });
  defineRoute(app, s, {
    url: '/wfsaas-file/api/fileInfo/remove',
    access: 'downloadCenter',
    summary: '从下载中心移除（文件到期后清理）',
    tags: centre,
    body: zExportId,
    handler: (c) => exportsSvc.removeMyExport(c, c.body.id),
  });
  defineRoute(app, s, {
    url: '/wfsaas-file/api/fileInfo/downloadToken',
    access: 'downloadCenter',
    summary: '获取导出文件的下载地址（一次性，10分钟内有效）',
    tags: centre,
    body: zExportId,
    handler: (c) => exportsSvc.myExportDownloadLink(s, c, c.body.id),
  });
  defineRoute(app, s, {
    url: '/wfsaas-file/api/fileInfo/stat',
    access: 'downloadCenter',
    summary: '我的导出文件按状态计数',
    tags: centre,
    handler: (c) => exportsSvc.myExportStats(c),
  });
  defineRoute(app, s, {
    url: '/wfsaas-file/api/fileInfo/exportAuditLog',
    access: 'systemConfig',
    summary: '导出操作日志（xlsx，生成后在下载中心下载）',
    tags: centre,
    body: zAuditLogExport,
    handler: (c) => exportsSvc.requestAuditLogExport(s, c, c.body),
  });
}
