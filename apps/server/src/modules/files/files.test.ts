import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { storeUpload } from '../../platform/files/index.ts';
import { recordReceivedUpload } from './files.service.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { jobCtx } from '../../platform/http.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), randomBytes(256)]);

let t: TestApp;
let admin: string;
let staff: string;
let xlsx: Buffer;
const LIMIT_MB = 1;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_LIMIT_MB: String(LIMIT_MB) } });
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('花名册').addRow(['姓名', '工号']);
  xlsx = Buffer.from(await wb.xlsx.writeBuffer());
});
afterAll(async () => t?.close());

function multipart(parts: Array<{ field: string; filename?: string; content: Buffer | string }>) {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename === undefined ? `form-data; name="${p.field}"` : `form-data; name="${p.field}"; filename="${p.filename}"`;
    const type = p.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'));
    chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

type UploadData = { fileId: string; name: string; size: number; url: string; isImage: boolean; sha256?: string };

async function upload(opts: { token?: string; companyId?: number; filename: string; content: Buffer; url?: string; field?: string }) {
  const m = multipart([{ field: opts.field ?? 'file', filename: opts.filename, content: opts.content }]);
  const headers: Record<string, string> = { 'content-type': m.contentType };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.companyId !== undefined) headers.companyid = String(opts.companyId);
  const res = await t.app.inject({ method: 'POST', url: opts.url ?? '/wfsaas-file/api/file/upload', headers, payload: m.payload });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: UploadData } };
}

function countBlobs(): number {
  try {
    return readdirSync(join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

async function tempToken(token: string, companyId: number): Promise<string> {
  const r = await t.call<string[]>('/wfsaas-auth/getTempToken', { token, companyId, body: 1 });
  expect(r.body.code).toBe(200);
  return r.body.data[0]!;
}

async function download(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

async function fileRow(publicId: string) {
  return rowsOf<{ id: string | number; company_id: string | number; original_name: string; mime: string; size: string | number; sha256: string; is_image: boolean; kind: string; uploaded_by: string | number }>(
    await t.database.db.execute(sql`select * from files where public_id = ${publicId}`),
  )[0];
}

describe('upload', () => {
  it('stores a png, answers the documented shape, records the row and the audit entry', async () => {
    const blobs = countBlobs();
    const r = await upload({ token: staff, companyId: 1, filename: '员工照片.png', content: PNG });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    const d = r.body.data;
    expect(Object.keys(d).sort()).toEqual(['fileId', 'isImage', 'name', 'size', 'url']);
    expect(d).toMatchObject({ name: '员工照片.png', size: PNG.length, isImage: true, url: `/wfsaas-file/api/file/download/${d.fileId}` });
    // clients are given 128 random bits, never the row's sequential id
    expect(d.fileId).toMatch(/^[0-9a-f]{32}$/);
    expect(await fileRow(d.fileId)).toMatchObject({ original_name: '员工照片.png', mime: 'image/png', is_image: true, kind: 'upload' });
    expect(Number((await fileRow(d.fileId))!.company_id)).toBe(1);
    expect(countBlobs()).toBe(blobs + 1);
    const rowId = String((await fileRow(d.fileId))!.id);
    const audit = rowsOf<{ action: string }>(await t.database.db.execute(sql`select action from audit_log where company_id = 1 and entity = 'file' and entity_id = ${rowId}`));
    expect(audit.map((a) => a.action)).toEqual(['file.upload']);
  });

  it('stores an xlsx (not an image); upload2 also answers the SHA-256', async () => {
    const r = await upload({ token: admin, companyId: 1, filename: '花名册.xlsx', content: xlsx, url: '/wfsaas-file/api/file/upload2' });
    expect(r.body.code).toBe(200);
    const { createHash } = await import('node:crypto');
    expect(r.body.data).toMatchObject({ name: '花名册.xlsx', size: xlsx.length, isImage: false, sha256: createHash('sha256').update(xlsx).digest('hex') });
    expect(await fileRow(r.body.data.fileId)).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', is_image: false });
  });

  it('refuses content that does not match the extension, executables and unknown binaries — nothing stored', async () => {
    const before = await snapshotCounts(t.database);
    const blobs = countBlobs();
    const cases: Array<[string, Buffer, string]> = [
      ['合同.png', PDF, '文件内容与扩展名不符'],
      ['报表.xlsx', PNG, '文件内容与扩展名不符'],
      ['名单.csv', PNG, '文件内容与扩展名不符'],
      ['setup.exe', EXE, '不支持的文件类型'],
      ['readme.txt', EXE, '不支持的文件类型'],
      ['photo.png', Buffer.concat([Buffer.from([0x00, 0x01, 0x02]), randomBytes(64)]), '不支持的文件类型'],
      ['script.sh', Buffer.from('#!/bin/sh\nrm -rf /\n'), '不支持的文件类型'],
      ['空文件.txt', Buffer.alloc(0), '文件内容为空，请重新选择文件'],
    ];
    for (const [filename, content, message] of cases) {
      const r = await upload({ token: admin, companyId: 1, filename, content });
      expect({ filename, ...r.body }).toEqual({ filename, code: 400, message, data: null });
    }
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect(countBlobs()).toBe(blobs);
  });

  it('accepts text, csv in GBK and an svg under their own extensions', async () => {
    const gbk = Buffer.from([0xd0, 0xd5, 0xc3, 0xfb, 0x2c, 0xb9, 0xa4, 0xba, 0xc5, 0x0a]); // 姓名,工号 in GBK
    expect((await upload({ token: admin, companyId: 1, filename: '名单.csv', content: gbk })).body.data.isImage).toBe(false);
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');
    expect((await upload({ token: admin, companyId: 1, filename: 'logo.svg', content: svg })).body.data.isImage).toBe(true);
    const r = await upload({ token: admin, companyId: 1, filename: 'logo.svg', content: Buffer.from('just text') });
    expect(r.body).toMatchObject({ code: 400, message: '文件内容与扩展名不符' });
  });

  it('refuses a file over the size limit with 413 and stores nothing', async () => {
    const before = await snapshotCounts(t.database);
    const blobs = countBlobs();
    const big = Buffer.concat([PNG, Buffer.alloc(LIMIT_MB * 1024 * 1024 + 1000, 7)]);
    const r = await upload({ token: admin, companyId: 1, filename: 'big.png', content: big });
    expect(r.body).toEqual({ code: 413, message: `文件过大，单个文件不能超过 ${LIMIT_MB} MB`, data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect(countBlobs()).toBe(blobs);
  });

  it('refuses bad requests: no file, another field name, not multipart', async () => {
    const before = await snapshotCounts(t.database);
    const headers = (ct: string) => ({ 'content-type': ct, authorization: `Bearer ${admin}`, companyid: '1' });
    const onlyField = multipart([{ field: 'remark', content: 'x' }]);
    let res = await t.app.inject({ method: 'POST', url: '/wfsaas-file/api/file/upload', headers: headers(onlyField.contentType), payload: onlyField.payload });
    expect(res.json()).toMatchObject({ code: 400, message: '请选择要上传的文件' });
    const r = await upload({ token: admin, companyId: 1, filename: 'a.png', content: PNG, field: 'picture' });
    expect(r.body).toMatchObject({ code: 400, message: '请使用字段名 file 上传文件' });
    res = await t.app.inject({ method: 'POST', url: '/wfsaas-file/api/file/upload', headers: headers('application/json'), payload: '{"a":1}' });
    expect(res.json()).toMatchObject({ code: 400, message: '请以文件表单（multipart/form-data）上传文件' });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('refuses a company the user is not a member of (403) and a missing session (401), changing nothing', async () => {
    const before = await snapshotCounts(t.database);
    const blobs = countBlobs();
    const r = await upload({ token: staff, companyId: 2, filename: 'a.png', content: PNG });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 403, message: '您不是该公司的成员，无权访问' });
    const anon = await upload({ companyId: 1, filename: 'a.png', content: PNG });
    expect(anon.status).toBe(401);
    expect(await snapshotCounts(t.database)).toEqual(before);
    expect(countBlobs()).toBe(blobs);
  });

  it('holds no database transaction while the file streams in', async () => {
    const m = multipart([{ field: 'file', filename: 'slow.pdf', content: PDF }]);
    const half = Math.floor(m.payload.length / 2);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const body = Readable.from(
      (async function* () {
        yield m.payload.subarray(0, half);
        await released;
        yield m.payload.subarray(half);
      })(),
    );
    const uploading = t.app.inject({
      method: 'POST',
      url: '/wfsaas-file/api/file/upload',
      headers: { 'content-type': m.contentType, authorization: `Bearer ${admin}`, companyid: '1' },
      payload: body,
    });
    await new Promise((r) => setTimeout(r, 100));
    // While the upload waits for the rest of its body, other requests still reach the database.
    const other = await t.call('/wfsaas-saas/api/company/list', { token: staff });
    expect(other.body.code).toBe(200);
    release();
    const res = await uploading;
    expect(res.json().code).toBe(200);
  });

  it('removes the stored contents when the row cannot be written', async () => {
    const blobs = countBlobs();
    // company 2's row inside company 1's transaction: row-level security refuses the insert
    const stored = await storeUpload(t.services, { companyId: 2, userId: 1, filename: 'a.png', body: Readable.from([PNG]), kind: 'upload', isTruncated: () => false });
    expect(countBlobs()).toBe(blobs + 1);
    await expect(
      t.database.inTenant(1, (tx) =>
        recordReceivedUpload(t.services, jobCtx(t.services, tx, 2, { userId: 1, nickname: 'x', sessionId: 1 }), stored, false),
      ),
    ).rejects.toThrow();
    expect(countBlobs()).toBe(blobs);
  });
});

describe('download', () => {
  it('with a fresh temp token works once, with the type and the UTF-8 file name; a second use is refused', async () => {
    const up = await upload({ token: staff, companyId: 1, filename: '入职 材料(1).png', content: PNG });
    const token = await tempToken(staff, 1);
    const url = `${up.body.data.url}?temptoken=${token}`;
    const res = await download(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="__ __(1).png"; filename*=UTF-8''%E5%85%A5%E8%81%8C%20%E6%9D%90%E6%96%99%281%29.png`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
    const again = await download(url);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 401, message: '下载链接已失效，请重新下载', data: null });
  });

  it('refuses a missing, unknown or expired token', async () => {
    const up = await upload({ token: admin, companyId: 1, filename: 'a.pdf', content: PDF });
    for (const q of ['', '?temptoken=', '?temptoken=not-a-token']) {
      const res = await download(`${up.body.data.url}${q}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('下载链接已失效，请重新下载');
    }
    const token = await tempToken(admin, 1);
    await t.database.db.execute(sql`update temp_tokens set expires_at = now() - interval '1 second' where used_at is null`);
    expect((await download(`${up.body.data.url}?temptoken=${token}`)).statusCode).toBe(401);
  });

  it('refuses a company-2 file with a company-1 token (the token is used up)', async () => {
    const up = await upload({ token: admin, companyId: 2, filename: '二公司.pdf', content: PDF });
    expect(up.body.code).toBe(200);
    const token = await tempToken(admin, 1);
    const res = await download(`${up.body.data.url}?temptoken=${token}`);
    expect(res.json()).toEqual({ code: 404, message: '文件不存在', data: null });
    expect((await download(`${up.body.data.url}?temptoken=${token}`)).statusCode).toBe(401);
    const ok = await download(`${up.body.data.url}?temptoken=${await tempToken(admin, 2)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
  });
});

describe('uploadStatic', () => {
  it('stores a company image at a stable public url; other files are not served there', async () => {
    const up = await upload({ token: admin, companyId: 1, filename: 'logo.png', content: PNG, url: '/wfsaas-file/api/file/uploadStatic' });
    expect(up.body.code).toBe(200);
    expect(up.body.data).toMatchObject({ url: `/wfsaas-file/api/file/static/${up.body.data.fileId}`, isImage: true });
    for (let i = 0; i < 2; i++) {
      const res = await download(up.body.data.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toMatch(/^inline; /);
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
    }
    const pdf = await upload({ token: admin, companyId: 1, filename: 'brochure.pdf', content: PDF, url: '/wfsaas-file/api/file/uploadStatic' });
    expect(pdf.body).toMatchObject({ code: 400 });
    expect(pdf.body.message).toMatch(/^静态资源仅支持图片文件/);
    const privateFile = await upload({ token: admin, companyId: 1, filename: 'private.png', content: PNG });
    expect((await download(`/wfsaas-file/api/file/static/${privateFile.body.data.fileId}`)).json()).toEqual({ code: 404, message: '文件不存在', data: null });
    expect((await download('/wfsaas-file/api/file/static/abc')).json()).toMatchObject({ code: 404 });
  });
});
