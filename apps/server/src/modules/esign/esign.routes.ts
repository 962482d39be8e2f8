import {
  ESIGN_API,
  MAX_SEAL_IMAGE_BYTES,
  MAX_VERIFY_PDF_BYTES,
  SEAL_EDIT,
  SEAL_READ,
  SEAL_STATUS,
  zSealGenerate,
  zSealId,
  zSealPage,
  zSealUploadQuery,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { deleteStoredFile, readSingleUpload, sendFile } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as seals from './seals.service.ts';
import * as verify from './verify.service.ts';

/**
 * Reads the one uploaded file (multipart field `file`) into memory, refusing more than `limit`
 * bytes with `tooLarge`. Runs in a route's `receive` step, outside the transaction.
 */
/** 认证与印章 (/qszx-vite/sealList): company seals, the platform root certificate, signature verification. */
export function registerEsignRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['认证与印章'];
  const base = `${ESIGN_API}/seal`;

  defineRoute(app, s, {
    method: 'GET',
    url: `${ESIGN_API}/ca/root.pem`,
    access: 'public',
    summary: '平台根证书（PEM，公开）：用于在第三方工具中验证本平台签发的签名',
    tags,
    handler: async (c) => {
      const pem = await verify.rootCertificatePem(c.db);
      return sendFile(c.reply, { name: 'wfsaas-root-ca.pem', type: 'application/x-pem-file', body: pem, cache: 'public, max-age=3600' });
    },
  });

  defineRoute(app, s, { url: `${base}/list`, access: SEAL_READ, summary: '印章列表（分页；非管理员只看到其角色印章数据权限内的印章）', tags, body: zSealPage, handler: (c) => seals.pageSeals(c, c.body) });
  defineRoute(app, s, {
    url: `${base}/generate`,
    access: SEAL_EDIT,
    summary: '生成圆形印章 {name, type, bottomText?}：以企业名称生成标准红色圆章（透明 PNG）',
    tags,
    body: zSealGenerate,
    handler: (c) => seals.generateSeal(s, c, c.body),
  });
  defineRoute(app, s, {
    url: `${base}/upload`,
    access: SEAL_EDIT,
    summary: `上传印章图片（multipart，字段名 file；?name=&type=）：仅 PNG，建议透明背景，不超过 ${MAX_SEAL_IMAGE_BYTES / 1024 / 1024} MB`,
    tags,
    receive: async (req, who) => {
      // The query is checked before the body is read, so a bad request stores nothing.
      let query;
      try {
        query = parseInput(zSealUploadQuery, req.query);
      } catch (err) {
        if (req.isMultipart()) req.raw.resume();
        throw err;
      }
      const file = await readSingleUpload(req, MAX_SEAL_IMAGE_BYTES, { tooLarge: seals.MSG_SEAL_TOO_LARGE, missing: '请选择要上传的印章图片' });
      return seals.storeSealUpload(s, who, file.filename, file.data, query);
    },
    handler: async (c) => {
      const received = c.received as seals.ReceivedSeal;
      try {
        return await seals.createUploadedSeal(c, received);
      } catch (err) {
        await deleteStoredFile(s, received.stored.storageKey).catch((e: unknown) => c.req.log.error({ err: e }, 'could not delete a refused seal upload'));
        throw err;
      }
    },
  });
  defineRoute(app, s, { url: `${base}/enable`, access: SEAL_EDIT, summary: '启用印章 {sealId}', tags, body: zSealId, handler: (c) => seals.setSealStatus(c, c.body.sealId, SEAL_STATUS.enabled) });
  defineRoute(app, s, { url: `${base}/disable`, access: SEAL_EDIT, summary: '停用印章 {sealId}', tags, body: zSealId, handler: (c) => seals.setSealStatus(c, c.body.sealId, SEAL_STATUS.disabled) });
  defineRoute(app, s, { url: `${base}/remove`, access: SEAL_EDIT, summary: '删除印章 {sealId}（归档；已用于合同的印章记录保留）', tags, body: zSealId, handler: (c) => seals.removeSeal(c, c.body.sealId) });
  defineRoute(app, s, {
    url: `${base}/image`,
    access: SEAL_READ,
    summary: '印章图片 {sealId}（PNG，用于预览）',
    tags,
    body: zSealId,
    handler: async (c) => {
      const img = await seals.openSealImage(s, c, c.body.sealId);
      return sendFile(c.reply, { name: img.name, type: 'image/png', body: img.body, size: img.size, disposition: 'inline' });
    },
  });

  defineRoute(app, s, {
    url: `${ESIGN_API}/contract/verify`,
    access: SEAL_READ,
    summary: `验证已签署的 PDF（multipart，字段名 file，不超过 ${MAX_VERIFY_PDF_BYTES / 1024 / 1024} MB）：逐个签名报告签署人、时间、时间戳、证书序列号、是否完整、是否覆盖全文、是否可信`,
    tags,
    receive: async (req) => {
      const file = await readSingleUpload(req, MAX_VERIFY_PDF_BYTES, { tooLarge: verify.MSG_PDF_TOO_LARGE, missing: '请选择要验证的 PDF 文件' });
      verify.checkPdf(file.filename, file.data);
      return { fileName: file.filename, data: file.data } satisfies verify.ReceivedPdf;
    },
    handler: (c) => verify.verifyContractPdf(c.tx, c.received as verify.ReceivedPdf, s.config.tsa?.caPem ? [s.config.tsa.caPem] : []),
  });
}
