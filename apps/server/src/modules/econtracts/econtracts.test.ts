import { lastMessageWith } from '../../test/outbox.ts';
import { generateNameSignature, renderTextPdf, verifyPdf } from '@wfsaas/esign';
import type { BatchProgress, ContractDetail, ContractEvidence, ContractView, PhoneContractOpen, SceneForm } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { enqueueDailyJobs } from '../../platform/jobs/runner.ts';
import { findPlatformRoot } from '../../platform/platform-ca.ts';
import { companySignContracts, employeeSignContract, initiateContract } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { MSG_BAD_LINK, MSG_IDENTITY, MSG_LINK_EXPIRED } from './phone.service.ts';
import { MSG } from './econtract-transitions.ts';
import { linkExpiry, makeLinkToken } from './econtract-support.ts';
import { API, giveIdNumbers, linkTokenFromOutbox, ownerRows, phoneTicket, postPdf, setUpTemplates } from './econtract-test-support.ts';
import { seedSignedExampleContract } from './econtracts.seed.ts';
import { startSceneSigning, withdrawPendingContractsForEmployee } from './index.ts';
import { jobCtx } from '../../platform/http.ts';

/** 电子合同: setup, initiation, signing order, transitions, the phone page, evidence, isolation, batch jobs. */

let t: TestApp;
let admin: string;
let staff: string;
let packageId: number;
let templateId: number;
let sealId: number;
let rootPem: string;
let people: Map<number, { name: string; idNumber: string; mobile: string }>;
let employeeIds: number[];

const call = <T = unknown>(path: string, body?: unknown, opts: { token?: string; companyId?: number } = {}) =>
  t.call<T>(`${API}/${path}`, { token: opts.token ?? admin, companyId: opts.companyId ?? 1, body });
const phone = <T = unknown>(path: string, body: unknown) => t.call<T>(`${API}/m/contract/${path}`, { body });
const signature = () => `data:image/png;base64,${generateNameSignature('测试').toString('base64')}`;

const initiate = (employeeId: number, extra: Record<string, unknown> = {}) => initiateContract(t, { token: admin, employeeId, packageId, extra });
const companySign = (contractId: number, extra: Record<string, unknown> = {}) => companySignContracts(t, { token: admin, contractIds: [contractId], sealId, extra });
const employeeSign = (contractId: number, employeeId: number) => employeeSignContract(t, { contractId, who: people.get(employeeId)! });

const detail = async (contractId: number, companyId = 1) => (await call<ContractDetail>('contract/detail', { contractId }, { companyId })).body;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  people = await giveIdNumbers(t, 1);
  employeeIds = [...people.keys()];
  const setup = await setUpTemplates(t, admin);
  packageId = setup.packageId;
  templateId = setup.template.id;
  sealId = Number((await ownerRows<{ id: number }>(t, sql`select id from seals where company_id = 1 order by id limit 1`))[0]!.id);
  rootPem = (await findPlatformRoot(t.database.db))!.certificatePem;
}, 60_000);
afterAll(async () => t?.close());

describe('demo seed', () => {
  it('seeds a type, template, package, scenes and one contract really signed by both parties', async () => {
    // The small roster of the API tests skips the signed example; the living demo seeds it with the rest.
    const id = await seedSignedExampleContract(t.services);
    const d = await detail(id!);
    expect(d.data.signStatus).toBe(2);
    expect(d.data.signatures.map((s) => s.party)).toEqual(['company', 'employee']);
    const pdf = await postPdf(t, `${API}/contract/download`, { contractId: id }, { token: admin, companyId: 1 });
    expect(pdf.type).toBe('application/pdf');
    const v = verifyPdf(pdf.bytes, { trustedRoots: [rootPem] });
    expect(v.valid).toBe(true);
    expect(v.signatures).toHaveLength(2);
    const form = await call<SceneForm>('signScene/form', { dealCode: 1000 });
    expect(form.body.data.sceneGrouVoList.length).toBeGreaterThan(0);
    expect(form.body.data.signScenarioId).toBe(form.body.data.sceneGrouVoList[0]!.sceneId);
    expect(form.body.data.signPackageId).toBe(form.body.data.sceneGrouVoList[0]!.children[0]!.signPackageId);
  });
});

describe('signing', () => {
  it('company first: the employee is refused before the company signs; then both sign and the PDF verifies', async () => {
    const emp = employeeIds[1]!;
    const id = await initiate(emp);
    const d0 = await detail(id);
    expect(d0.data.signStatus).toBe(0);
    expect(d0.data.awaiting).toBe('company');
    expect(d0.data.fields.find((f) => f.key === 'name')!.value).toBe(people.get(emp)!.name);
    expect(d0.data.baseSha256).toMatch(/^[0-9a-f]{64}$/);

    // Company first: no SMS is sent yet, and a link made for the employee is refused on signing.
    const token = makeLinkToken(t.services, 1, id, linkExpiry(d0.data.deadline), 1);
    const ticket = await phoneTicket(t, id, token, people.get(emp)!);
    const open = await phone<PhoneContractOpen>('open', { contractId: id, t: token });
    expect(open.body.data.blockedReason).toBe(MSG.waitCompany);
    await expectUnchanged(t.database, () => phone('sign', { contractId: id, t: token, ticket, signature: signature(), intent: true }), 400, MSG.waitCompany);

    const cs = await companySign(id, { crossPage: true });
    expect(cs.body.code, cs.body.message).toBe(200);
    expect(cs.body.data.signed).toEqual([id]);
    expect((await detail(id)).data.signStatus).toBe(1);
    const usage = await ownerRows<{ action: string; contract_id: number }>(t, sql`select action, contract_id from seal_usage_log where company_id = 1 and contract_id = ${id}`);
    expect(usage.map((u) => ({ action: u.action, contractId: Number(u.contract_id) }))).toEqual([{ action: 'sign', contractId: id }]);

    const signed = await employeeSign(id, emp);
    expect(signed.body.code, signed.body.message).toBe(200);
    expect(signed.body.data.signStatus).toBe(2);

    const d = await detail(id);
    expect(d.data.signStatus).toBe(2);
    expect(d.data.complete).toBe(1);
    expect(d.data.signatures.map((s) => s.party)).toEqual(['company', 'employee']);
    // the completed contract is one signature drawn from the company's pack
    const metered = await ownerRows<{ qty: number; covered_by: string }>(t, sql`select qty, covered_by from usage_records where company_id = 1 and meter = 'signature' and ref = ${`contract:${id}`}`);
    expect(metered).toEqual([{ qty: 1, covered_by: 'pack' }]);
    const pdf = await postPdf(t, `${API}/contract/download`, { contractId: id }, { token: admin, companyId: 1 });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    const v = verifyPdf(pdf.bytes, { trustedRoots: [rootPem] });
    expect(v.valid).toBe(true);
    expect(v.signatures.map((s) => s.signerName)).toEqual(['杭州云帆科技有限公司', people.get(emp)!.name]);
    expect(v.signatures.every((s) => s.timestamp?.trusted)).toBe(true);

    // The employee downloads the signed contract through the link.
    const mine = await postPdf(t, `${API}/m/contract/download`, { contractId: id, t: token, ticket });
    expect(mine.type).toBe('application/pdf');
    expect(Buffer.compare(mine.bytes, pdf.bytes)).toBe(0);

    // Evidence: the chain is intact and covers the story; a tampered event is detected.
    const ev = await call<ContractEvidence>('contract/evidence', { contractId: id });
    expect(ev.body.data.intact).toBe(true);
    const types = ev.body.data.events.map((e) => e.type);
    for (const k of ['created', 'viewed', 'codeSent', 'identityVerified', 'companySigned', 'filled', 'intentConfirmed', 'employeeSigned', 'completed', 'downloaded']) expect(types).toContain(k);
    const verified = ev.body.data.events.find((e) => e.type === 'identityVerified')!;
    expect(verified.detail.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(ev.body.data.events.find((e) => e.type === 'employeeSigned')!.detail.certificateSerial).toBe(v.signatures[1]!.certificateSerial);

    const report = await postPdf(t, `${API}/contract/evidenceReport`, { contractId: id }, { token: admin, companyId: 1 });
    expect(report.type).toBe('application/pdf');
    expect(verifyPdf(report.bytes, { trustedRoots: [rootPem] }).valid).toBe(true);

    await t.database.db.execute(sql`update econtract_events set ip = '6.6.6.6' where company_id = 1 and contract_id = ${id} and seq = 2`);
    const broken = await call<ContractEvidence>('contract/evidence', { contractId: id });
    expect(broken.body.data.intact).toBe(false);
    expect(broken.body.data.brokenAt).toBe(2);
  }, 60_000);

  it('employee first: the company waits for the employee', async () => {
    const emp = employeeIds[2]!;
    const id = await initiate(emp, { signOrder: 2 });
    await expectUnchanged(t.database, () => companySign(id), 400, MSG.waitEmployee);
    const r = await employeeSign(id, emp);
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.signStatus).toBe(1);
    const cs = await companySign(id);
    expect(cs.body.data.signed).toEqual([id]);
    expect((await detail(id)).data.signStatus).toBe(2);
  }, 60_000);

  it('refuses a wrong identity, and requires the employee-filled fields', async () => {
    const emp = employeeIds[3]!;
    const id = await initiate(emp, { signOrder: 3 });
    const token = await linkTokenFromOutbox(t, id);
    await t.database.db.execute(sql`delete from sms_codes`);
    await phone('sendCode', { contractId: id, t: token });
    const row = await lastMessageWith(t, '验证码为');
    const code = /验证码为(\d{6})/.exec(row!.body)![1]!;
    const wrong = await phone('verify', { contractId: id, t: token, code, name: people.get(emp)!.name, idLast6: '000000' });
    expect(wrong.body).toMatchObject({ code: 400, message: MSG_IDENTITY });
    const ticket = await phoneTicket(t, id, token, people.get(emp)!);
    const sign = await phone('sign', { contractId: id, t: token, ticket, signature: signature(), intent: true });
    expect(sign.body).toMatchObject({ code: 400, message: '请先填写“联系地址（员工填写）”' });
    const noIntent = await phone('sign', { contractId: id, t: token, ticket, signature: signature(), intent: false });
    expect(noIntent.body.code).toBe(400);
    expect(noIntent.body.message).toContain('签署意愿');
  }, 60_000);
});

describe('links', () => {
  it('refuses forged and expired links in Chinese', async () => {
    const emp = employeeIds[4]!;
    const id = await initiate(emp, { signOrder: 2 });
    const token = await linkTokenFromOutbox(t, id);
    const forged = token.slice(0, -4) + (token.endsWith('aaaa') ? 'bbbb' : 'aaaa');
    expect((await phone('open', { contractId: id, t: forged })).body).toMatchObject({ code: 404, message: MSG_BAD_LINK });
    expect((await phone('open', { contractId: id + 1, t: token })).body).toMatchObject({ code: 404, message: MSG_BAD_LINK });
    const expired = makeLinkToken(t.services, 1, id, Math.floor(Date.now() / 1000) - 60, 1);
    expect((await phone('open', { contractId: id, t: expired })).body).toMatchObject({ code: 400, message: MSG_LINK_EXPIRED });
    // Another company's signature over this contract id is not valid here.
    const other = makeLinkToken(t.services, 2, id, Math.floor(Date.now() / 1000) + 3600, 1);
    expect((await phone('open', { contractId: id, t: other })).body.code).toBe(404);
    const bad = await phone('detail', { contractId: id, t: token, ticket: `${Date.now() + 60_000}.${'0'.repeat(64)}` });
    expect(bad.body).toMatchObject({ code: 400, message: '身份验证已过期，请重新验证' });
  });
});

describe('transitions through the API', () => {
  it('withdraw before completion, refused after; suspend, resume, end; urge once an hour', async () => {
    const emp = employeeIds[5]!;
    const a = await initiate(emp, { signOrder: 3 });
    const w = await call<ContractView>('contract/withdraw', { contractId: a, reason: '信息有误' });
    expect(w.body.data.signStatus).toBe(3);
    await expectUnchanged(t.database, () => call('contract/withdraw', { contractId: a, reason: '再次撤回' }), 400, MSG.withdrawn);
    await expectUnchanged(t.database, () => companySign(a), 400, MSG.withdrawn);

    const b = await initiate(emp, { signOrder: 3 });
    expect((await call<ContractView>('contract/suspend', { contractId: b, reason: '待确认岗位' })).body.data.signStatus).toBe(5);
    await expectUnchanged(t.database, () => companySign(b), 400, MSG.suspended);
    await expectUnchanged(t.database, () => call('contract/urge', { contractId: b }), 400, MSG.suspended);
    await expectUnchanged(t.database, () => call('contract/end', { contractId: 999999, reason: 'x' }), 404, '合同不存在');
    expect((await call<ContractView>('contract/resume', { contractId: b })).body.data.signStatus).toBe(0);
    await expectUnchanged(t.database, () => call('contract/resume', { contractId: b }), 400, MSG.notSuspended);
    await expectUnchanged(t.database, () => call('contract/end', { contractId: b, reason: '解除' }), 400, MSG.notCompleted);

    expect((await call('contract/urge', { contractId: b })).body.code).toBe(200);
    await expectUnchanged(t.database, () => call('contract/urge', { contractId: b }), 400, MSG.urgeTooSoon);

    expect((await companySign(b)).body.data.signed).toEqual([b]);
    expect((await employeeSign(b, emp)).body.data.signStatus).toBe(2);
    await expectUnchanged(t.database, () => call('contract/withdraw', { contractId: b, reason: '撤回' }), 400, '合同已完成签署，不能撤回');
    await expectUnchanged(t.database, () => call('contract/suspend', { contractId: b, reason: '中止' }), 400, '合同已完成签署，不能中止');
    expect((await call<ContractView>('contract/end', { contractId: b, reason: '合同解除' })).body.data.signStatus).toBe(6);
    await expectUnchanged(t.database, () => call('contract/end', { contractId: b, reason: '再次终止' }), 400, MSG.ended);
  }, 90_000);

  it('paper contracts are marked signed with an uploaded scan; electronic ones cannot be', async () => {
    const emp = employeeIds[6]!;
    const paper = await initiate(emp, { form: 2 });
    const electronic = await initiate(emp, { signOrder: 3 });
    const upload = async (contractId: number, name: string, content: Buffer) => {
      const boundary = '----wfsaasPaperScan';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/contract/paperSigned?contractId=${contractId}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}`, companyid: '1' },
        payload,
      });
      return { body: res.json() as { code: number; message: string; data: ContractView } };
    };
    const scan = generateNameSignature('扫描件');
    await expectUnchanged(t.database, () => upload(electronic, 'scan.png', scan), 400, MSG.paperOnly);
    await expectUnchanged(t.database, () => upload(paper, 'scan.txt', Buffer.from('hello')), 400, '扫描件仅支持 PDF、PNG 或 JPG 格式');
    const ok = await upload(paper, 'scan.png', scan);
    expect(ok.body.code, ok.body.message).toBe(200);
    expect(ok.body.data.signStatus).toBe(2);
    expect(ok.body.data.form).toBe(2);
    await expectUnchanged(t.database, () => companySign(paper), 400, MSG.completed);
  });
});

describe('isolation and permissions', () => {
  it("another company's contract is not found; a member without permission is refused", async () => {
    const id = await initiate(employeeIds[7]!, { signOrder: 3 });
    expect((await detail(id, 2)).code).toBe(404);
    await expectUnchanged(t.database, () => call('contract/withdraw', { contractId: id, reason: '越权' }, { companyId: 2 }), 404, '合同不存在');
    const dl = await postPdf(t, `${API}/contract/download`, { contractId: id }, { token: admin, companyId: 2 });
    expect(dl.json().code).toBe(404);
    const list2 = await call<ContractView[]>('contract/page', { pageSize: 100 }, { companyId: 2 });
    expect(list2.body.data.some((c) => c.id === id)).toBe(false);
    expect((await call('contract/page', {}, { token: staff })).body.code).toBe(403);
    expect((await call('contract/initiate', { employeeId: employeeIds[7], packageId }, { token: staff })).body.code).toBe(403);
    // A seal of another company cannot be used.
    const otherSeal = Number((await ownerRows<{ id: number }>(t, sql`select id from seals where company_id = 2 order by id limit 1`))[0]!.id);
    await expectUnchanged(t.database, () => call('contract/companySign', { contractIds: [id], sealId: otherSeal }), 404, '印章不存在');
  });

  it('lists by status (pending, signed, awaiting the company) and by employee', async () => {
    const pending = await call<ContractView[]>('contract/page', { signStatus: 0, pageSize: 100 });
    expect(pending.body.code).toBe(200);
    expect(pending.body.data.every((c) => c.signStatus === 0)).toBe(true);
    const all = await call<ContractView[]>('contract/page', { signStatus: '', pageSize: 100 });
    expect(all.body.data.length).toBeGreaterThan(pending.body.data.length);
    const awaitingCompany = await call<ContractView[]>('contract/page', { awaitingCompany: true, pageSize: 100 });
    expect(awaitingCompany.body.data.every((c) => c.awaiting === 'company' || c.awaiting === 'both')).toBe(true);
    const mine = await call<ContractView[]>('contract/ofEmployee', { employeeId: employeeIds[5] });
    expect(mine.body.data.length).toBeGreaterThanOrEqual(2);
    // About to expire (4) is derived: a signed contract whose term ends within 30 days.
    const signed = await call<ContractView[]>('contract/page', { signStatus: 2, pageSize: 100 });
    const soon = signed.body.data[0]!;
    await t.database.db.execute(sql`update econtracts set contract_end = (now() at time zone 'Asia/Shanghai')::date + 10 where company_id = 1 and id = ${soon.id}`);
    const expiring = await call<ContractView[]>('contract/page', { signStatus: 4, pageSize: 100 });
    expect(expiring.body.data.map((c) => c.id)).toEqual([soon.id]);
    expect(expiring.body.data[0]!.signStatusLabel).toBe('即将到期');
    expect((await call<ContractView[]>('contract/page', { signStatus: 2, pageSize: 100 })).body.data.some((c) => c.id === soon.id)).toBe(false);
    // Signed yes/no (1 and 0): the completed ones, about to expire included, and the rest
    const yes = (await call<ContractView[]>('contract/page', { signed: 1, pageSize: 100 })).body.data;
    const no = (await call<ContractView[]>('contract/page', { signed: 0, pageSize: 100 })).body.data;
    expect(yes.map((c) => c.id)).toContain(soon.id);
    expect(yes.every((c) => c.completedAt !== null)).toBe(true);
    expect(no.every((c) => c.completedAt === null)).toBe(true);
    expect(yes.length + no.length).toBe(all.body.data.length);
    expect((await call('contract/page', { signed: 2 })).body.message).toContain('是否已签署');
    const bad = await call('contract/page', { signStatus: 9 });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('签署状态');
  });
});

describe('batch initiation', () => {
  it('runs as a job with progress; refusals are listed per employee', async () => {
    await t.database.db.execute(sql`update employees set mobile_enc = null where company_id = 1 and id = ${employeeIds[9]!}`);
    const r = await call<{ jobId: number; total: number }>('contract/batchInitiate', { employeeIds: [employeeIds[8], employeeIds[9], employeeIds[8]], packageId });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data.total).toBe(2);
    const before = await call<BatchProgress>('contract/progress', { jobId: r.body.data.jobId });
    expect(before.body.data.state).toBe('queued');
    await runDueJobsOnce(t.services);
    const p = await call<BatchProgress>('contract/progress', { jobId: r.body.data.jobId });
    const [job] = await ownerRows<{ error: string | null }>(t, sql`select error from jobs where id = ${r.body.data.jobId}`);
    expect(job!.error).toBeNull();
    expect(p.body.data).toMatchObject({ state: 'done', total: 2, done: 2, succeeded: 1, failed: 1 });
    expect(p.body.data.errors[0]!.reason).toContain('未登记手机号');
    await expectUnchanged(t.database, () => call('contract/batchInitiate', { employeeIds: [], packageId }), 400, /员工/);
  }, 60_000);
});

describe('setup, previews and lifecycle hooks', () => {
  it('previews a template with the watermark, renders rich text form-encoded, refuses bad fields', async () => {
    const pv = await postPdf(t, `${API}/contractTemplate/preview`, { templateId }, { token: admin, companyId: 1 });
    expect(pv.type).toBe('application/pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wfsaas-file/api/htmlToPdf/preview',
      headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `title=${encodeURIComponent('保密协议')}&html=${encodeURIComponent('<h2>第一条</h2><p>乙方应保守甲方商业秘密。</p>')}`,
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    const typeId = (await call<{ id: number }[]>('contractType/list')).body.data[0]!.id;
    const badField = { key: 'x', kind: 'record', label: '姓名', page: 3, x: 10, y: 10, width: 50, height: 20, source: 'name' };
    await expectUnchanged(
      t.database,
      () => call('contractTemplate/save', { name: '坏模板', contractTypeId: typeId, kind: 'richText', title: '坏', paragraphs: [{ text: '正文' }], fields: [badField] }),
      400,
      '第 1 个字段（姓名）的页码超出模板范围（共 1 页，从 0 起算）',
    );
    await expectUnchanged(t.database, () => call('contractTemplate/save', { name: '', contractTypeId: typeId, kind: 'richText' }), 400, /模板名称/);
  });

  it('uploads a PDF template, places a field, initiates from it; the unsigned download carries the watermark', async () => {
    const pdf = await renderTextPdf({ title: '保密协议', paragraphs: ['乙方应对甲方的商业秘密承担保密义务。'] });
    const boundary = '----wfsaasTemplate';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="保密协议.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      Buffer.from(pdf),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `${API}/contractTemplate/upload`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${admin}`, companyid: '1' },
      payload,
    });
    const uploaded = up.json() as { code: number; message: string; data: { fileId: number; pageCount: number; pages: { width: number; height: number }[] } };
    expect(uploaded.code, uploaded.message).toBe(200);
    expect(uploaded.data.pageCount).toBe(1);
    expect(Math.round(uploaded.data.pages[0]!.width)).toBe(595);
    const typeId = (await call<{ id: number }[]>('contractType/list')).body.data[0]!.id;
    const fields = [
      { key: 'name', kind: 'record', source: 'name', label: '姓名', page: 0, x: 100, y: 600, width: 150, height: 16 },
      { key: 'sign', kind: 'employeeSign', label: '员工签名', page: 0, x: 100, y: 200, width: 140, height: 56 },
    ];
    const saved = await call<{ id: number }>('contractTemplate/save', { name: '保密协议', contractTypeId: typeId, kind: 'pdf', fileId: uploaded.data.fileId, fields });
    expect(saved.body.code, saved.body.message).toBe(200);
    const id = (await call<{ contractIds: number[] }>('contract/initiate', { employeeId: employeeIds[8], templateId: saved.body.data.id, signOrder: 2 })).body.data.contractIds[0]!;
    const dl = await postPdf(t, `${API}/contract/download`, { contractId: id }, { token: admin, companyId: 1 });
    expect(dl.type).toBe('application/pdf');
    expect(verifyPdf(dl.bytes, { trustedRoots: [rootPem] }).signatures).toHaveLength(0);
    const base = await ownerRows<{ size: number }>(t, sql`select f.size from files f join econtracts c on c.base_file_id = f.id where c.id = ${id}`);
    expect(dl.bytes.length).toBeGreaterThan(Number(base[0]!.size));
    await expectUnchanged(
      t.database,
      () => call('contract/initiate', { employeeId: employeeIds[8], templateId: saved.body.data.id }),
      400,
      '请选择签署顺序',
    );
  });

  it('startSceneSigning starts the configured scene; withdrawPendingContractsForEmployee withdraws unfinished ones', async () => {
    const emp = employeeIds[0]!;
    const scene = await call('signScene/save', { dealCode: 1002, name: '调岗', packageIds: [packageId] });
    expect(scene.body.code, scene.body.message).toBe(200);
    const user = { userId: 1, nickname: '管理员', sessionId: 0 };
    const started = await t.services.database.inTenant(1, (tx) => startSceneSigning(jobCtx(t.services, tx, 1, user, ''), { employeeId: emp, dealCode: 1002 }));
    expect(started!.contractIds).toHaveLength(1);
    const none = await t.services.database.inTenant(1, (tx) => startSceneSigning(jobCtx(t.services, tx, 1, user, ''), { employeeId: emp, dealCode: 1004 }));
    expect(none).toBeNull();
    expect((await call('signScene/save', { dealCode: 1005, name: '离职', packageIds: [packageId] })).body.code).toBe(200);
    const leaving = await t.services.database.inTenant(1, (tx) => startSceneSigning(jobCtx(t.services, tx, 1, user, ''), { employeeId: emp, dealCode: 1005 }));
    const n = await t.services.database.inTenant(1, (tx) =>
      withdrawPendingContractsForEmployee({ tx, companyId: 1, user: null, services: t.services, ip: '', userAgent: 'daily-job', isAdmin: false, audit: async () => undefined }, emp, '员工离职', { keepDealCode: 1005 }),
    );
    expect(n).toBeGreaterThanOrEqual(1);
    expect((await detail(started!.contractIds[0]!)).data.signStatus).toBe(3);
    expect((await detail(leaving!.contractIds[0]!)).data.signStatus).toBe(0);
  });
});

describe('expiry', () => {
  it('a signed contract whose term ended becomes 已终止 by the daily job, with an evidence event; an open-ended one stays', async () => {
    const signed = (await call<ContractView[]>('contract/page', { signStatus: 2, pageSize: 100 })).body.data;
    const intact: ContractView[] = [];
    for (const c of signed) if ((await call<ContractEvidence>('contract/evidence', { contractId: c.id })).body.data.intact) intact.push(c);
    const [ending, open] = intact;
    await t.database.db.execute(sql`update econtracts set contract_end = (now() at time zone 'Asia/Shanghai')::date - 1 where company_id = 1 and id = ${ending!.id}`);
    await t.database.db.execute(sql`update econtracts set contract_end = null where company_id = 1 and id = ${open!.id}`);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await enqueueDailyJobs(t.services, today);
    await runDueJobsOnce(t.services);
    expect((await detail(ending!.id)).data.signStatus).toBe(6);
    expect((await detail(open!.id)).data.signStatus).toBe(2);
    const ev = (await call<ContractEvidence>('contract/evidence', { contractId: ending!.id })).body.data;
    expect(ev.events.at(-1)).toMatchObject({ type: 'ended' });
    expect(ev.intact).toBe(true);
  });
});

describe('personal data in the contract detail', () => {
  it('shows the ID number and mobile filled from the record in full only to a holder of 查看敏感信息', async () => {
    const emp = employeeIds[5]!;
    const id = await initiate(emp, { notify: false });
    const full = (await detail(id)).data.fields.find((f) => f.key === 'idNumber')!;
    expect(full.value).toBe(people.get(emp)!.idNumber);
    // a contract clerk without the sensitive-data permission
    const { joinCompany } = await import('../../test/members.ts');
    const role = await t.call<{ id: number }>('/wfsaas-system/api/sys/role/save', { token: admin, companyId: 1, body: { name: '合同专员' } });
    await t.call('/wfsaas-system/api/sys/rolePermission/save', { token: admin, companyId: 1, body: { roleId: role.body.data.id, permissionKeys: ['signContract', 'signedContract'] } });
    const clerk = (await joinCompany(t, { adminToken: admin, companyId: 1, phone: '13700000051', nickname: '合同专员', roleIds: [role.body.data.id] })).token;
    const seen = (await call<ContractDetail>('contract/detail', { contractId: id }, { token: clerk })).body.data;
    const idField = seen.fields.find((f) => f.key === 'idNumber')!;
    expect(idField.value).toBe(`${people.get(emp)!.idNumber.slice(0, 6)}********${people.get(emp)!.idNumber.slice(-4)}`);
    expect(JSON.stringify(seen)).not.toContain(people.get(emp)!.idNumber);
    expect(JSON.stringify(seen)).not.toContain(people.get(emp)!.mobile);
  });
});
