import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContractVerifyResult, SealView } from '@wfsaas/contracts';
import { createInternalTsa, issueCompanyCertificate, issueTsaCertificate, renderTextPdf, signPdf } from '@wfsaas/esign';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createServices } from '../../platform/create-services.ts';
import { openDatabase, rowsOf } from '../../platform/db.ts';
import { findPlatformRoot, loadPlatformRoot } from '../../platform/platform-ca.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';

const API = '/wfsaas-sign/api';
const PNG_1x1_BIG = Buffer.from(
  // a 64×64 transparent PNG
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAAAGklEQVR42u3BAQ0AAADCoPdPbQ43oAAAAAAAAAB4Nw0AAAE3g3aqAAAAAElFTkSuQmCC',
  'base64',
);

let t: TestApp;
let admin: string;
let staff: string;
let hrRoleId: number;
let signedPdf: Buffer;
let unsignedPdf: Uint8Array;

function multipart(filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function postFile<T>(url: string, filename: string, content: Buffer, opts: { token?: string; companyId?: number } = {}) {
  const m = multipart(filename, content);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': m.contentType, authorization: `Bearer ${opts.token ?? admin}`, companyid: String(opts.companyId ?? 1) },
    payload: m.payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: T } };
}

const uploadSeal = (filename: string, content: Buffer, query = `name=${encodeURIComponent('人事章')}&type=3`, opts: { token?: string; companyId?: number } = {}) =>
  postFile<SealView>(`${API}/seal/upload?${query}`, filename, content, opts);
const verifyFile = (filename: string, content: Buffer, opts: { token?: string; companyId?: number } = {}) => postFile<ContractVerifyResult>(`${API}/contract/verify`, filename, content, opts);
const list = (token = admin, companyId = 1, body: object = {}) => t.call<SealView[]>(`${API}/seal/list`, { token, companyId, body });

async function expectUnchanged(call: () => Promise<{ status: number; body: { code: number; message: string } }>, code: number, message: string | RegExp) {
  const before = await snapshotCounts(t.database);
  const r = await call();
  expect(r.body.code).toBe(code);
  if (typeof message === 'string') expect(r.body.message).toBe(message);
  else expect(r.body.message).toMatch(message);
  expect(await snapshotCounts(t.database)).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  hrRoleId = Number((await t.rows<{ id: number }>(sql`select id from roles where company_id = 1 and name = 'HR专员'`))[0]!.id);

  // A PDF signed the way contracts will be: a company certificate and a TSA issued by the platform root.
  const root = await loadPlatformRoot(t.database.db, t.services.config.encryptionKey);
  const [company, tsaCert] = await Promise.all([issueCompanyCertificate(root, { companyName: '杭州云帆科技有限公司', uscc: '91330106MA2H0Q1X72' }), issueTsaCertificate(root)]);
  const tsa = createInternalTsa({ certificatePem: tsaCert.certificatePem, privateKeyPem: tsaCert.privateKeyPem, chainPem: [root.certificatePem] });
  unsignedPdf = await renderTextPdf({ title: '劳动合同书', paragraphs: ['甲方与乙方在平等自愿、协商一致的基础上签订本合同。'] });
  signedPdf = await signPdf(unsignedPdf, { p12: company.p12, reason: '甲方签署', location: '杭州', name: '杭州云帆科技有限公司', timestamp: tsa });
}, 60_000);
afterAll(async () => t?.close());

describe('platform CA', () => {
  it('serves the root certificate publicly as PEM', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/ca/root.pem` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-pem-file');
    const cert = new X509Certificate(res.body);
    expect(cert.subject).toContain('CN=wfsaas 电子签名根证书');
    expect(cert.ca).toBe(true);
    const stored = await findPlatformRoot(t.database.db);
    expect(res.body).toBe(stored!.certificatePem);
  });

  it('keeps the same root across restarts on the same data folder, key encrypted at rest; racing starts make one root', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wfsaas-ca-'));
    const config = loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: randomBytes(32).toString('base64'), TOKEN_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web') });
    try {
      const first = await openDatabase({ dataDir: join(dataDir, 'db') });
      // Two start-ups at once on one database: one root.
      await Promise.all([createServices(config, { database: first }), createServices(config, { database: first })]);
      const a = await findPlatformRoot(first.db);
      expect(Number(rowsOf<{ n: string | number }>(await first.db.execute(sql`select count(*) as n from platform_ca`))[0]!.n)).toBe(1);
      expect(a!.encryptedKeyPem).toContain('BEGIN ENCRYPTED PRIVATE KEY');
      await first.close();
      const again = await openDatabase({ dataDir: join(dataDir, 'db') });
      const s2 = await createServices(config, { database: again });
      const b = await findPlatformRoot(again.db);
      expect(b!.certificatePem).toBe(a!.certificatePem);
      const root = await loadPlatformRoot(again.db, s2.config.encryptionKey);
      expect(root.certificatePem).toBe(a!.certificatePem);
      // Another master key cannot open the stored key.
      await expect(loadPlatformRoot(again.db, randomBytes(32))).rejects.toThrow();
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('seals', () => {
  let generated: SealView;
  let uploaded: SealView;

  it('the demo seed gives every company one 合同专用章', async () => {
    for (const companyId of [1, 2]) {
      const r = await list(admin, companyId);
      expect(r.body).toMatchObject({ code: 200, pageMessage: { total: 1, pageNum: 1, pageSize: 10 } });
      expect(r.body.data[0]).toMatchObject({ type: 2, typeLabel: '合同专用章', source: 'generated', status: 1 });
    }
  });

  it('generates a round seal from the company name, logged and audited', async () => {
    const r = await t.call<SealView>(`${API}/seal/generate`, { token: admin, companyId: 1, body: { name: '杭州云帆公章', type: 1, bottomText: '' } });
    expect(r.body).toMatchObject({ code: 200, data: { name: '杭州云帆公章', type: 1, typeLabel: '公章', source: 'generated', status: 1, width: 400, height: 400, createdBy: expect.any(Number) } });
    generated = r.body.data;
    const img = await t.app.inject({ method: 'POST', url: `${API}/seal/image`, headers: { authorization: `Bearer ${admin}`, companyid: '1' }, payload: { sealId: generated.id } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(await t.rows(sql`select action, user_id is not null as by_user from seal_usage_log where company_id = 1 and seal_id = ${generated.id}`)).toEqual([{ action: 'create', by_user: true }]);
    expect(await t.rows(sql`select action from audit_log where company_id = 1 and entity = 'seal' and entity_id = ${String(generated.id)}`)).toEqual([{ action: 'seal.generate' }]);
  });

  it('uploads a PNG seal', async () => {
    const r = await uploadSeal('人事章.png', PNG_1x1_BIG);
    expect(r.body).toMatchObject({ code: 200, data: { name: '人事章', type: 3, typeLabel: '人事专用章', source: 'uploaded', status: 1, width: 64, height: 64 } });
    uploaded = r.body.data;
    const l = await list();
    expect(l.body.data.map((s) => s.id)).toEqual(expect.arrayContaining([generated.id, uploaded.id]));
    expect(l.body.pageMessage).toMatchObject({ total: 3 });
    const img = await t.app.inject({ method: 'POST', url: `${API}/seal/image`, headers: { authorization: `Bearer ${admin}`, companyid: '1' }, payload: { sealId: uploaded.id } });
    expect(img.rawPayload.equals(PNG_1x1_BIG)).toBe(true);
  });

  it('disables, enables and removes, each logged and audited', async () => {
    const d = await t.call<SealView>(`${API}/seal/disable`, { token: admin, companyId: 1, body: { sealId: uploaded.id } });
    expect(d.body).toMatchObject({ code: 200, data: { id: uploaded.id, status: 0 } });
    expect((await list(admin, 1, { status: 0 })).body.data.map((s) => s.id)).toEqual([uploaded.id]);
    const e = await t.call<SealView>(`${API}/seal/enable`, { token: admin, companyId: 1, body: { sealId: String(uploaded.id) } });
    expect(e.body).toMatchObject({ code: 200, data: { status: 1 } });
    const rm = await t.call(`${API}/seal/remove`, { token: admin, companyId: 1, body: { sealId: uploaded.id } });
    expect(rm.body).toMatchObject({ code: 200, data: null });
    expect((await list()).body.data.map((s) => s.id)).not.toContain(uploaded.id);
    expect(await t.rows(sql`select action from seal_usage_log where company_id = 1 and seal_id = ${uploaded.id} order by id`)).toEqual([
      { action: 'create' },
      { action: 'disable' },
      { action: 'enable' },
      { action: 'remove' },
    ]);
    expect((await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity = 'seal' and entity_id = ${String(uploaded.id)} order by id`)).map((r) => r.action)).toEqual([
      'seal.upload',
      'seal.disable',
      'seal.enable',
      'seal.remove',
    ]);
    // A removed seal is gone for every action.
    await expectUnchanged(() => t.call(`${API}/seal/enable`, { token: admin, companyId: 1, body: { sealId: uploaded.id } }), 404, '印章不存在');
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    await expectUnchanged(() => uploadSeal('空.png', Buffer.alloc(0)), 400, '印章图片内容为空，请重新选择文件');
    await expectUnchanged(() => uploadSeal('假图片.png', Buffer.from('这不是图片，只是一段文字')), 400, '文件内容不是有效的 PNG 图片，请上传 PNG 格式的印章图片');
    await expectUnchanged(() => uploadSeal('印章.jpg', PNG_1x1_BIG), 400, /仅支持 PNG/);
    await expectUnchanged(() => uploadSeal('印章.png', PNG_1x1_BIG, 'name=&type=1'), 400, /印章名称/);
    await expectUnchanged(() => uploadSeal('印章.png', PNG_1x1_BIG, 'name=a&type=9'), 400, /印章类型/);
    await expectUnchanged(() => t.call(`${API}/seal/generate`, { token: admin, companyId: 1, body: { name: '章', type: 'x' } }), 400, /印章类型/);
    await expectUnchanged(() => t.call(`${API}/seal/generate`, { token: admin, companyId: 1, body: { name: '章', type: 1, bottomText: '一二三四五六七八九十一二三' } }), 400, /印章下方文字/);
    await expectUnchanged(() => t.call(`${API}/seal/generate`, { token: admin, companyId: 1, body: { type: 1 } }), 400, /印章名称/);
    await expectUnchanged(() => t.call(`${API}/seal/disable`, { token: admin, companyId: 1, body: { sealId: 999999 } }), 404, '印章不存在');
    await expectUnchanged(() => t.call(`${API}/seal/disable`, { token: admin, companyId: 1, body: { sealId: 'abc' } }), 400, /印章/);
    await expectUnchanged(() => t.call(`${API}/seal/image`, { token: admin, companyId: 1, body: { sealId: 999999 } }), 404, '印章不存在');
  });

  it("answers another company's seal as not found and changes nothing", async () => {
    const other = (await list(admin, 2)).body.data[0]!;
    for (const action of ['enable', 'disable', 'remove', 'image']) {
      await expectUnchanged(() => t.call(`${API}/seal/${action}`, { token: admin, companyId: 1, body: { sealId: other.id } }), 404, '印章不存在');
    }
    expect((await list(admin, 1)).body.data.map((s) => s.id)).not.toContain(other.id);
  });

  it('refuses a member without the permission (403)', async () => {
    await expectUnchanged(() => list(staff), 403, /sealList/);
    await expectUnchanged(() => t.call(`${API}/seal/generate`, { token: staff, companyId: 1, body: { name: '章', type: 1 } }), 403, /sealList\.edit/);
    await expectUnchanged(() => uploadSeal('人事章.png', PNG_1x1_BIG, undefined, { token: staff }), 403, /sealList\.edit/);
    await expectUnchanged(() => verifyFile('合同.pdf', signedPdf, { token: staff }), 403, /sealList/);
    await expectUnchanged(() => t.call(`${API}/seal/list`, { companyId: 2, token: staff }), 403, /不是/);
  });

  it("shows a member only the seals their roles' seal data permission allows", async () => {
    await t.database.db.execute(sql`insert into role_permissions (company_id, role_id, permission_key) values (1, ${hrRoleId}, 'sealList')`);
    // No seal data permission saved: no seals.
    let r = await list(staff);
    expect(r.body).toMatchObject({ code: 200, data: [], pageMessage: { total: 0 } });
    const demo = (await list()).body.data.find((s) => s.type === 2)!;
    const save = await t.call(`/wfsaas-system/api/sys/dataPermission/seal/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, allTargets: false, targetIds: [generated.id] } });
    expect(save.body.code).toBe(200);
    r = await list(staff);
    expect(r.body.data.map((s) => s.id)).toEqual([generated.id]);
    const img = await t.call(`${API}/seal/image`, { token: staff, companyId: 1, body: { sealId: demo.id } });
    expect(img.body).toMatchObject({ code: 404, message: '印章不存在' });
    await t.call(`/wfsaas-system/api/sys/dataPermission/seal/save`, { token: admin, companyId: 1, body: { roleId: hrRoleId, allTargets: true } });
    r = await list(staff);
    expect(r.body.data.map((s) => s.id).sort()).toEqual([demo.id, generated.id].sort());
  });
});

describe('contract verification', () => {
  it('reports a PDF signed with a platform certificate as intact, covering the file and trusted', async () => {
    const r = await verifyFile('合同.pdf', signedPdf);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ fileName: '合同.pdf', valid: true, summary: expect.stringContaining('全部有效') });
    expect(r.body.data.signatures).toHaveLength(1);
    expect(r.body.data.signatures[0]).toMatchObject({
      index: 1,
      signerName: '杭州云帆科技有限公司',
      certificateSerial: expect.stringMatching(/^[0-9a-f]+$/),
      intact: true,
      coversWholeDocument: true,
      trusted: true,
      timestampTrusted: true,
      timestampTime: expect.any(String),
      signingTime: expect.any(String),
      problems: [],
    });
  });

  it('reports a byte flipped inside the signed range as not intact', async () => {
    const tampered = Buffer.from(signedPdf);
    const at = signedPdf.indexOf('劳动') > 0 ? signedPdf.indexOf('/Type') : 200;
    tampered[at] = tampered[at]! ^ 0x01;
    const r = await verifyFile('合同.pdf', tampered);
    expect(r.body.code).toBe(200);
    expect(r.body.data.valid).toBe(false);
    expect(r.body.data.signatures[0]).toMatchObject({ intact: false });
    expect(r.body.data.signatures[0]!.problems.join()).toContain('摘要不符');
  });

  it('reports bytes appended after signing as not covering the whole document', async () => {
    const r = await verifyFile('合同.pdf', Buffer.concat([signedPdf, Buffer.from('\n% appended\n')]));
    expect(r.body.data).toMatchObject({ valid: false });
    expect(r.body.data.signatures[0]).toMatchObject({ intact: true, coversWholeDocument: false });
  });

  it('refuses an unsigned PDF, a non-PDF and an empty file with a Chinese message', async () => {
    await expectUnchanged(() => verifyFile('合同.pdf', Buffer.from(unsignedPdf)), 400, '未找到数字签名：该 PDF 未经签署，无法验证');
    await expectUnchanged(() => verifyFile('合同.pdf', Buffer.from('hello, not a pdf')), 400, '请上传 PDF 格式的合同文件');
    await expectUnchanged(() => verifyFile('合同.pdf', Buffer.alloc(0)), 400, '文件内容为空，请选择已签署的 PDF 文件');
    const garbage = await verifyFile('合同.pdf', Buffer.from('%PDF-1.7\n garbage /ByteRange [0 1 2 3] /Contents <zz>'));
    expect(garbage.body.code === 400 || garbage.body.data.valid === false).toBe(true);
    const noFile = await t.app.inject({ method: 'POST', url: `${API}/contract/verify`, headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': 'application/json' }, payload: {} });
    expect(noFile.json()).toMatchObject({ code: 400 });
  });
});
