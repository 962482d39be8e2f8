import { lastMessageWith } from '../../test/outbox.ts';
import type { EmployeeAttachmentItem, InductionRow, InviteView, OnboardOpenView, OnboardVerified, SubmissionView } from '@wfsaas/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentIdByName, downloadStatus, signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectUnchanged as expectDbUnchanged, type TestApp } from '../../test/harness.ts';
import { makeIdNumber } from '../employees/employees.seed.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { chinaToday, addDays } from '../../platform/china-date.ts';

/** 自助入职: an invitation, the candidate's phone page (SMS, photos, submit), rejection and resubmission, approval into a pending hire. */

const API = '/wfsaas-saas/api/selfOnboarding';
const M = '/wfsaas-saas/api/m/onboard';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MOBILE = '15987654321';
const ID_NUMBER = makeIdNumber('330106', '1998-08-08', 321, 2);

let t: TestApp;
let admin: string;
let staff: string;
/** Members who may review submissions (邀请入职 edit) and who may only look at them. */
const members: Record<'reviewer' | 'reader', { userId: number; token: string }> = {} as never;
let deptId: number;
let invite: InviteView;
let token: string;
const today = chinaToday();

const expectUnchanged = (run: () => Promise<{ body: { code: number; message: string } }>, code: number, message: string | RegExp) => expectDbUnchanged(t.database, run, code, message);
const hr = <T>(path: string, body: object, token_ = admin, companyId = 1) => t.call<T>(`${API}/${path}`, { token: token_, companyId, body });
const phone = <T>(path: string, body: object) => t.call<T>(`${M}/${path}`, { body });

/** The code of the last SMS sent to the number; earlier codes are forgotten so the next send is not rate-limited. */
async function smsCode(): Promise<string> {
  const o = await lastMessageWith(t, '入职登记');
  return /验证码为(\d{6})/.exec(o!.body)![1]!;
}
async function verify(): Promise<OnboardVerified> {
  await t.database.db.execute(sql`delete from sms_codes`);
  expect((await phone('sms', { token, mobile: MOBILE })).body.code).toBe(200);
  const r = await phone<OnboardVerified>('verify', { token, mobile: MOBILE, code: await smsCode() });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

async function upload(ticket: string, content: Buffer, filename = 'id.png') {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await t.app.inject({ method: 'POST', url: `${M}/upload?token=${token}&ticket=${encodeURIComponent(ticket)}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  return res.json() as { code: number; message: string; data: { fileId: string } };
}

const form = (ticket: string, fileId: string, over: object = {}) => ({ token, ticket, name: '林小雨', idType: 1, idNumber: ID_NUMBER, email: 'lin@example.com', education: 6, bankAccount: '6222020200112233445', emergencyName: '林父', emergencyPhone: '13912345678', idFrontFileId: fileId, ...over });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  deptId = await departmentIdByName(t, '产品部');
  members.reviewer = await signInAsRole(t, { adminToken: admin, phone: '13700000021', role: '招聘主管', permissionKeys: ['selfOnboardingInvite', 'selfOnboardingInvite.edit'] });
  members.reader = await signInAsRole(t, { adminToken: admin, phone: '13700000022', role: '招聘助理', permissionKeys: ['selfOnboardingInvite'] });
}, 60_000);

/** The in-app notices of a member in company 1, oldest first. */
const noticesOf = async (userId: number) => t.rows<{ title: string; content: string; link: string; type: number }>(sql`select title, content, link, type from messages where company_id = 1 and user_id = ${userId} and title like '%入职登记%' order by id`);
const userIdOf = async (phone: string) => Number((await t.rows<{ id: number }>(sql`select id from users where phone_hash = ${t.services.cipher.lookupHash(phone)}`))[0]!.id);

/** The generic download of a stored file by its public id, as a member: the HTTP status of a file, or the refusal's code. */
const download = (token: string, publicId: string) => downloadStatus(t, { token, publicId });
afterAll(async () => t?.close());

describe('invitations', () => {
  it('makes a link HR can share, refusing a past expiry and a member without the permission', async () => {
    await expectUnchanged(() => hr('invite/create', { title: '校招', expiresOn: addDays(today, -1) }), 400, '有效期至：不能早于今天');
    await expectUnchanged(() => hr('invite/create', { title: '校招', expiresOn: addDays(today, 7) }, staff), 403, /selfOnboardingInvite\.edit/);
    const r = await hr<InviteView>('invite/create', { title: '2026届校招入职', expiresOn: addDays(today, 7), departmentId: deptId, hireDate: addDays(today, 14) });
    expect(r.body.code, r.body.message).toBe(200);
    invite = r.body.data;
    expect(invite).toMatchObject({ title: '2026届校招入职', status: 1, expired: false, departmentName: '产品部', counts: { submitted: 0, approved: 0, rejected: 0 } });
    expect(invite.link).toMatch(/^\/m\/onboard\/[\w-]{20,}$/);
    token = invite.link.split('/').pop()!;
    const opened = await phone<OnboardOpenView>('open', { token });
    expect(opened.body.data).toMatchObject({ companyName: '杭州云帆科技有限公司', title: '2026届校招入职', open: true, reason: null });
    expect((await phone('open', { token: 'x'.repeat(32) })).body).toMatchObject({ code: 404, message: '入职邀请链接无效，请向HR索取新的链接' });
  });
});

describe("the candidate's phone page", () => {
  let ticket: string;
  let fileId: string;

  it('verifies the mobile, takes an ID photo and the form, once', async () => {
    expect((await phone('verify', { token, mobile: MOBILE, code: '000000' })).body.code).toBe(400);
    const v = await verify();
    expect(v.submission).toBeNull();
    ticket = v.ticket;
    expect((await upload(ticket, Buffer.from('not an image at all'), 'id.txt')).code).toBe(400);
    expect((await upload('1.2.3'.padEnd(40, '0'), PNG)).message).toBe('登记凭证无效，请重新验证手机号');
    const up = await upload(ticket, PNG);
    expect(up.code, up.message).toBe(200);
    fileId = up.data.fileId;
    await expectUnchanged(() => phone('submit', form(ticket, fileId, { idNumber: '330106199808081234' })), 400, /身份证/);
    await expectUnchanged(() => phone('submit', form(ticket, 'f'.repeat(32))), 400, '证件正面照片：请重新上传');
    const s = await phone<{ status: number; statusLabel: string }>('submit', form(ticket, fileId));
    expect(s.body.data).toEqual({ status: 0, statusLabel: '待审核' });
    await expectUnchanged(() => phone('submit', form(ticket, fileId)), 400, '您已提交入职登记，请等待HR审核');
  });

  it('shows HR the submission masked, with the photo; a rejection comes back to the candidate, who submits again', async () => {
    const list = await hr<SubmissionView[]>('submission/page', { status: 0 });
    expect(list.body.data).toHaveLength(1);
    const sub = list.body.data[0]!;
    expect(sub).toMatchObject({ name: '林小雨', mobile: '159****4321', idNumber: `${ID_NUMBER.slice(0, 6)}********${ID_NUMBER.slice(-4)}`, gender: 2, birthDate: '1998-08-08', bankAccount: expect.stringMatching(/^6222\*+3445$/), emergencyPhone: '139****5678', inviteTitle: '2026届校招入职' });
    const photo = await t.app.inject({ method: 'POST', url: `${API}/submission/photo`, headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': 'application/json' }, payload: { submissionId: sub.id, side: 'front' } });
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    expect((await hr('submission/page', {}, admin, 2)).body).toMatchObject({ data: [] });

    const rejected = await hr<SubmissionView>('submission/reject', { submissionId: sub.id, reason: '证件照片不清晰，请重新拍摄' });
    expect(rejected.body.data).toMatchObject({ status: 2, statusLabel: '已驳回', rejectReason: '证件照片不清晰，请重新拍摄' });
    await expectUnchanged(() => hr('submission/reject', { submissionId: sub.id, reason: 'x' }), 400, '只有待审核的入职登记可以驳回，该登记已驳回');

    const again = await verify();
    expect(again.submission).toMatchObject({ status: 2, rejectReason: '证件照片不清晰，请重新拍摄' });
    // a page reopened with a kept ticket reads the submission as it is now
    expect((await phone('status', { token, ticket: again.ticket })).body.data).toMatchObject({ status: 2, rejectReason: '证件照片不清晰，请重新拍摄' });
    const forged = again.ticket.replace(/.$/, (x) => (x === '0' ? '1' : '0'));
    expect((await phone('status', { token, ticket: forged })).body).toMatchObject({ code: 400, message: '登记凭证无效，请重新验证手机号' });
    const resubmitted = await phone<{ status: number }>('submit', form(again.ticket, fileId, { name: '林 小雨' }));
    expect(resubmitted.body.data.status).toBe(0);
    expect((await phone('status', { token, ticket: again.ticket })).body.data).toMatchObject({ status: 0, rejectReason: null });
    expect((await hr<SubmissionView[]>('submission/page', { status: 0 })).body.data.map((x) => x.id)).toEqual([sub.id]);
  });

  it('tells everyone who may review, in the message centre, of each submission and resubmission — and nobody else', async () => {
    const expected = [
      { title: '新的入职登记待审核', content: '林小雨提交了「2026届校招入职」的入职登记，请及时审核。', link: '/selfOnboarding/invite?tab=submissions', type: 2 },
      { title: '入职登记已重新提交', content: '林小雨修改后重新提交了「2026届校招入职」的入职登记，请及时审核。', link: '/selfOnboarding/invite?tab=submissions', type: 2 },
    ];
    expect(await noticesOf(await userIdOf('13800000000'))).toEqual(expected);
    expect(await noticesOf(members.reviewer.userId)).toEqual(expected);
    expect(await noticesOf(members.reader.userId)).toEqual([]);
    expect(await noticesOf(await userIdOf('13800000001'))).toEqual([]);
    const inbox = await t.call<{ title: string }[]>('/wfsaas-system/api/messageNotice/page', { token: admin, companyId: 1, body: { pageSize: 50 } });
    expect(inbox.body.data.map((m) => m.title)).toEqual(expect.arrayContaining(['新的入职登记待审核', '入职登记已重新提交']));
  });

  it('another candidate cannot use this candidate’s photo, even knowing its id', async () => {
    await t.database.db.execute(sql`delete from sms_codes`);
    expect((await phone('sms', { token, mobile: '15900002222' })).body.code).toBe(200);
    const other = await phone<OnboardVerified>('verify', { token, mobile: '15900002222', code: await smsCode() });
    expect(other.body.code).toBe(200);
    await expectUnchanged(() => phone('submit', form(other.body.data.ticket, fileId, { name: '冒用者', idNumber: '11010519491231002X' })), 400, '证件正面照片：请重新上传');
  });

  it('approves into a pending hire with the candidate’s data; approved once only', async () => {
    const sub = (await hr<SubmissionView[]>('submission/page', { status: 0 })).body.data[0]!;
    await expectUnchanged(() => hr('submission/approve', { submissionId: sub.id, employeeNo: 'XZ 01', departmentId: deptId, hireDate: addDays(today, 14) }), 400, /工号/);
    // without the numbering rule (工号规则) the number is HR's to give
    await expectUnchanged(() => hr('submission/approve', { submissionId: sub.id, employeeNo: '', departmentId: deptId, hireDate: addDays(today, 14) }), 400, '请填写工号');
    await expectUnchanged(() => hr('submission/approve', { submissionId: sub.id, employeeNo: 'XZ001', departmentId: deptId, hireDate: addDays(today, 14) }, staff), 403, /selfOnboardingInvite\.edit/);
    const r = await hr<SubmissionView>('submission/approve', { submissionId: sub.id, employeeNo: 'XZ001', departmentId: deptId, hireDate: addDays(today, 14), probationEndDate: addDays(today, 104) });
    expect(r.body.code, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ status: 1, statusLabel: '已通过', employeeId: expect.any(Number) });
    const [e] = await t.rows<{ status: number; name: string; mobile_hash: string; hire_date: string; email: string; bank_account_enc: string | null }>(
      sql`select status, name, mobile_hash, hire_date::text, email, bank_account_enc from employees where id = ${r.body.data.employeeId}`,
    );
    expect(e).toMatchObject({ status: 0, name: '林小雨', mobile_hash: t.services.cipher.lookupHash(MOBILE), hire_date: addDays(today, 14), email: 'lin@example.com' });
    expect(e!.bank_account_enc).not.toBeNull();
    const pending = await t.call<InductionRow[]>('/wfsaas-saas/api/companyEmployeeInduction/pageList', { token: admin, companyId: 1, body: { tab: 'pending', keyword: '林小雨' } });
    expect(pending.body.data.map((x) => x.name)).toEqual(['林小雨']);
    await expectUnchanged(() => hr('submission/approve', { submissionId: sub.id, employeeNo: 'XZ002', departmentId: deptId, hireDate: addDays(today, 14) }), 400, '只有待审核的入职登记可以通过，该登记已通过');
    expect((await verify()).submission).toMatchObject({ status: 1, statusLabel: '已通过' });
    const counts = (await hr<InviteView[]>('invite/page', {})).body.data[0]!.counts;
    expect(counts).toEqual({ submitted: 0, approved: 1, rejected: 0 });
  });

  it('puts the candidate’s ID photo on the pending hire’s record, downloadable as the roster’s files are', async () => {
    const sub = (await hr<SubmissionView[]>('submission/page', { status: 1 })).body.data[0]!;
    const list = await t.call<EmployeeAttachmentItem[]>('/wfsaas-saas/api/employeeAttachment/list', { token: admin, companyId: 1, body: { employeeId: sub.employeeId } });
    expect(list.body.code, list.body.message).toBe(200);
    expect(list.body.data.map((a) => ({ category: a.category, categoryName: a.categoryName, isImage: a.isImage }))).toEqual([{ category: 'idFront', categoryName: '证件正面', isImage: true }]);
    const [file] = await t.rows<{ kind: string; owner_id: number; public_id: string }>(sql`select kind, owner_id::int as owner_id, public_id from files where company_id = 1 and public_id = ${list.body.data[0]!.fileId}`);
    expect(file).toMatchObject({ kind: 'employee', owner_id: sub.employeeId });
    // the HR staff member holds the roster (花名册) but not 邀请入职: the photo is theirs to see now as the record's file
    expect(await download(staff, file!.public_id)).toBe(200);
    expect(await download(members.reader.token, file!.public_id)).toBe(404);
    // the submission still shows it to its reviewers
    const photo = await t.app.inject({ method: 'POST', url: `${API}/submission/photo`, headers: { authorization: `Bearer ${admin}`, companyid: '1', 'content-type': 'application/json' }, payload: { submissionId: sub.id, side: 'front' } });
    expect(photo.rawPayload.equals(PNG)).toBe(true);
  });

  it('takes nothing on a closed invitation', async () => {
    expect((await hr<InviteView>('invite/close', { inviteId: invite.id })).body.data.status).toBe(0);
    expect((await phone<OnboardOpenView>('open', { token })).body.data).toMatchObject({ open: false, reason: '该入职邀请已关闭，请联系HR' });
    await t.database.db.execute(sql`delete from sms_codes`);
    await expectUnchanged(() => phone('sms', { token, mobile: '15900001111' }), 400, '该入职邀请已关闭，请联系HR');
    await expectUnchanged(() => hr('invite/close', { inviteId: invite.id }), 400, '该入职邀请已关闭');
    await expectUnchanged(() => hr('invite/close', { inviteId: invite.id }, admin, 2), 404, '入职邀请不存在');
  });
});
