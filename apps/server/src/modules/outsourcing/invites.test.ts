import type { OnboardingResult, OnboardVerified, OsInviteView } from '@wfsaas/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../platform/china-date.ts';
import { departmentIdByName } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';
import { lastMessageWith } from '../../test/outbox.ts';
import { makeIdNumber } from '../employees/employees.seed.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { employeeState, insertClient, insertPlan, insertSiEntity, osCalls, placementState, today } from './placements-test-support.ts';

/** 手机自助入职 for outsourced labour: a link with placement terms, the worker's registration, approval in 邀请入职, 派驻 on the terms. */

const M = '/wfsaas-saas/api/m/onboard';
const MOBILE = '15987650001';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let admin: string;
let deptId: number;
let os: ReturnType<typeof osCalls>;
const ids: Record<string, number> = {};

const phone = <T>(path: string, body: object) => t.call<T>(`${M}/${path}`, { body });

/** The worker registers on the phone page of the link: SMS code, ID photo, the form. */
async function register(token: string, name: string): Promise<void> {
  await t.database.db.execute(sql`delete from sms_codes`);
  expect((await phone('sms', { token, mobile: MOBILE })).body.code).toBe(200);
  const code = /验证码为(\d{6})/.exec((await lastMessageWith(t, '入职登记'))!.body)![1]!;
  const verified = (await phone<OnboardVerified>('verify', { token, mobile: MOBILE, code })).body.data;
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const up = await t.app.inject({ method: 'POST', url: `${M}/upload?token=${token}&ticket=${encodeURIComponent(verified.ticket)}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
  const fileId = (up.json() as { data: { fileId: string } }).data.fileId;
  const submitted = await phone('submit', { token, ticket: verified.ticket, name, idType: 1, idNumber: makeIdNumber('330106', '1996-05-05', 417, 1), idFrontFileId: fileId });
  expect(submitted.body.code, submitted.body.message).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  deptId = await departmentIdByName(t, '行政部');
  os = osCalls(t, admin);
  ids.entity = await insertSiEntity(t, 1, '嘉兴外包社保户', '嘉兴', ['嘉兴南湖']);
  ids.plan = await insertPlan(t, 1, '派遣自助方案', ids.entity);
  ids.client = await insertClient(t, 1, { name: '南湖电子', kind: 1, planId: ids.plan, headcount: 100, posts: [{ name: '质检员', kind: 'auxiliary' }] });
}, 120_000);
afterAll(async () => t?.close());

describe('the phone self-onboarding link of outsourced labour', () => {
  it('registers on the phone, is approved in 邀请入职, then placed on the link’s terms as 劳务派遣', async () => {
    const terms = { clientId: ids.client, post: '质检员', startDate: today };
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/invite', { placement: { ...terms, post: '研发' }, departmentId: deptId, expiresOn: addDays(today, 7) }), 400, /派驻岗位/);
    const invite = await os.ok<OsInviteView>('/outsource/onboarding/invite', { placement: terms, departmentId: deptId, expiresOn: addDays(today, 7) });
    expect(invite).toMatchObject({ title: '南湖电子 · 质检员', clientName: '南湖电子', post: '质检员', expired: false, registrations: [] });
    const token = invite.link.split('/').pop()!;

    await register(token, '自助甲');
    const [listed] = await os.ok<OsInviteView[]>('/outsource/onboarding/invited', {});
    expect(listed!.registrations).toEqual([expect.objectContaining({ name: '自助甲', status: 0, employeeId: null, placementId: null })]);

    // HR approves it in 邀请入职 as an ordinary hire
    const approved = await t.call<{ employeeId: number }>('/wfsaas-saas/api/selfOnboarding/submission/approve', {
      token: admin,
      companyId: 1,
      body: { submissionId: listed!.registrations[0]!.submissionId, employeeNo: 'ZZ0001', departmentId: deptId, hireDate: today },
    });
    expect(approved.body.code, approved.body.message).toBe(200);
    const employeeId = approved.body.data.employeeId;

    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/invited/place', { inviteId: invite.inviteId, employeeId: employeeId + 999 }), 400, '员工：不是该邀请下已通过审核的入职登记');
    const placed = await os.ok<OnboardingResult>('/outsource/onboarding/invited/place', { inviteId: invite.inviteId, employeeId });
    expect(placed.placement).toMatchObject({ status: 1, clientName: '南湖电子', post: '质检员', startDate: today, kind: 1 });
    expect(await employeeState(t, employeeId)).toMatchObject({ status: 0, employment_type: 4, work_location: '嘉兴南湖' });
    expect(await placementState(t, placed.placement.id)).toMatchObject({ status: 1 });
    const [after] = await os.ok<OsInviteView[]>('/outsource/onboarding/invited', {});
    expect(after!.registrations[0]).toMatchObject({ status: 1, employeeId, placementId: placed.placement.id });
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/invited/place', { inviteId: invite.inviteId, employeeId }), 409, '自助甲已派驻，不能重复派驻');
  });

  it('is not another company’s', async () => {
    const [invite] = await os.ok<OsInviteView[]>('/outsource/onboarding/invited', {});
    const other = await t.call<OsInviteView[]>('/wfsaas-saas/api/outsource/onboarding/invited', { token: admin, companyId: 2, body: {} });
    expect(other.body.data).toEqual([]);
    await expectUnchanged(t.database, () => os.call('/outsource/onboarding/invited/place', { inviteId: invite!.inviteId, employeeId: 1 }, { companyId: 2 }), 404, '入职邀请不存在');
  });
});
