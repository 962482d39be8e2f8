import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARD_API, ONBOARD_PHONE_API } from '@wfsaas/contracts';
import { rowsOf } from '../../platform/db.ts';
import { runAllJobs } from '../../test/exports.ts';
import { createRole, downloadStatus, initiateContract } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { joinCompany } from '../../test/members.ts';
import { lastMessageWith } from '../../test/outbox.ts';
import { PDF, PNG, postFile } from '../../test/uploads.ts';
import { buildPayslipWorkbook } from '../payslips/payslip-fixtures.ts';
import { buildFixtureWorkbook, fixtureCells, fixtureRow } from '../employee-import/import-fixtures.ts';

/**
 * The generic download (getTempToken → /wfsaas-file/api/file/download/:fileId) serves a file only
 * under the rule of what it belongs to: every kind × a member with the screen's permission, one
 * without it, one outside the data scope, and another company.
 */

let t: TestApp;
let admin: string;
let staff: string;
let nobody: string;
let scoped: string;
const files: Record<string, string> = {};

async function rows<T>(q: SQL): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(q));
}

const download = (token: string, companyId: number, publicId: string) => downloadStatus(t, { token, companyId, publicId });

const role = (name: string, permissionKeys: string[]) => createRole(t, { adminToken: admin, name, permissionKeys });

async function publicIdWhere(cond: SQL): Promise<string> {
  const [f] = await rows<{ public_id: string }>(sql`select public_id from files where company_id = 1 and ${cond} order by id desc limit 1`);
  if (!f) throw new Error('no such file');
  return f.public_id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  nobody = (await joinCompany(t, { adminToken: admin, companyId: 1, phone: '13700000011', nickname: '前台', roleIds: [await role('前台', ['home'])] })).token;
  // the roster and seals, but limited to a department without the employee below and to no seal
  const scopedRole = await role('分部HR', ['staffRoll', 'sealList', 'signContract', 'signedPackageManage', 'payslipManagement', 'selfOnboardingInvite']);
  scoped = (await joinCompany(t, { adminToken: admin, companyId: 1, phone: '13700000012', nickname: '分部HR', roleIds: [scopedRole] })).token;
  // (the demo employees belong to no department: a member limited to departments does not see them)
  const [emp] = await rows<{ id: number }>(sql`select id from employees where company_id = 1 and department_id is null order by id limit 1`);
  const [dept] = await rows<{ id: number }>(sql`select id from departments where company_id = 1 order by id desc limit 1`);
  await t.call('/wfsaas-system/api/sys/dataPermission/dept/save', { token: admin, companyId: 1, body: { roleId: scopedRole, targetIds: [dept!.id] } });
  await t.call('/wfsaas-system/api/sys/dataPermission/seal/save', { token: admin, companyId: 1, body: { roleId: scopedRole, targetIds: [] } });

  // upload: staff's own, not attached
  files.upload = (await postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/upload', { token: staff, companyId: 1, filename: '草稿.pdf', content: PDF })).body.data.fileId;
  // employee: an attachment of an employee's record
  const photo = (await postFile<{ fileId: string }>(t, '/wfsaas-file/api/file/upload', { token: admin, companyId: 1, filename: '证件照.png', content: PNG })).body.data.fileId;
  expect((await t.call('/wfsaas-saas/api/employeeAttachment/add', { token: admin, companyId: 1, body: { employeeId: emp!.id, fileId: photo, category: 'photo' } })).body.code).toBe(200);
  files.employee = photo;
  // seal and template: from the demo set-up
  files.seal = await publicIdWhere(sql`kind = 'seal'`);
  files.contract_template = await publicIdWhere(sql`kind = 'contract_template'`);
  // contract: initiated through the API with the demo package
  const [pkg] = await rows<{ id: number }>(sql`select id from sign_packages where company_id = 1 order by id limit 1`);
  const contractId = await initiateContract(t, { token: admin, employeeId: emp!.id, packageId: pkg!.id, extra: { notify: false } });
  files.contract = await publicIdWhere(sql`kind = 'contract' and owner_id = ${contractId}`);
  // payslip sheet: uploaded by staff and made into a batch
  const sheet = await buildPayslipWorkbook({ header: [['姓名', '手机号', '实发工资']], rows: [['张伟', '13900000001', 5000]] });
  const header = await postFile<{ fileId: string; identity: unknown; columns: unknown }>(t, '/wfsaas-payslip/api/payslip/header', { token: staff, companyId: 1, filename: '工资表.xlsx', content: sheet });
  expect(header.body.code, header.body.message).toBe(200);
  const add = await t.call('/wfsaas-payslip/api/payslip/add', { token: staff, companyId: 1, body: { fileId: header.body.data.fileId, month: '2026-10', title: '十月', headerRows: 1, identity: header.body.data.identity, columns: header.body.data.columns } });
  expect(add.body.code, add.body.message).toBe(200);
  files.payslip_sheet = header.body.data.fileId;
  // export: the roster exported by the administrator
  expect((await t.call('/wfsaas-saas/api/companyEmployee/export', { token: admin, companyId: 1, body: {} })).body.code).toBe(200);
  await runAllJobs(t);
  files.export = await publicIdWhere(sql`kind = 'export'`);
  // employee import: the administrator's uploaded file
  const wb = await buildFixtureWorkbook([fixtureCells(fixtureRow(1))]);
  const imp = await postFile(t, '/wfsaas-saas/api/dynamicFormTemplate/add', { token: admin, companyId: 1, filename: '花名册.xlsx', content: wb });
  expect(imp.body.code, imp.body.message).toBe(200);
  files.employee_import = await publicIdWhere(sql`kind = 'employee_import'`);
  // onboarding photo: a candidate's, through the phone page
  const inv = await t.call<{ link: string }>(`${ONBOARD_API}/invite/create`, { token: admin, companyId: 1, body: { title: '校招', expiresOn: '2099-01-01' } });
  const token = inv.body.data.link.split('/').pop()!;
  await t.call(`${ONBOARD_PHONE_API}/sms`, { body: { token, mobile: '15900000021' } });
  const code = /验证码为(\d{6})/.exec((await lastMessageWith(t, '入职登记'))!.body)![1]!;
  const v = await t.call<{ ticket: string }>(`${ONBOARD_PHONE_API}/verify`, { body: { token, mobile: '15900000021', code } });
  const up = await postFile<{ fileId: string }>(t, `${ONBOARD_PHONE_API}/upload?token=${token}&ticket=${encodeURIComponent(v.body.data.ticket)}`, { filename: 'id.png', content: PNG });
  expect(up.body.code, up.body.message).toBe(200);
  files.onboarding_photo = up.body.data.fileId;
}, 120_000);
afterAll(async () => t?.close());

describe('the generic download follows the rule of what the file belongs to', () => {
  // 200: served; 404: refused as if the file did not exist
  const matrix: [string, { admin: number; staff: number; nobody: number; scoped: number }][] = [
    ['upload', { admin: 404, staff: 200, nobody: 404, scoped: 404 }],
    ['employee', { admin: 200, staff: 200, nobody: 404, scoped: 404 }],
    ['seal', { admin: 200, staff: 404, nobody: 404, scoped: 404 }],
    ['contract', { admin: 200, staff: 404, nobody: 404, scoped: 200 }],
    ['contract_template', { admin: 200, staff: 404, nobody: 404, scoped: 200 }],
    ['payslip_sheet', { admin: 200, staff: 200, nobody: 404, scoped: 200 }],
    ['export', { admin: 200, staff: 404, nobody: 404, scoped: 404 }],
    ['employee_import', { admin: 200, staff: 404, nobody: 404, scoped: 404 }],
    ['onboarding_photo', { admin: 200, staff: 404, nobody: 404, scoped: 200 }],
  ];

  it.each(matrix)('%s', async (kind, expected) => {
    const id = files[kind]!;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const got = { admin: await download(admin, 1, id), staff: await download(staff, 1, id), nobody: await download(nobody, 1, id), scoped: await download(scoped, 1, id) };
    expect(got).toEqual(expected);
    // another company's token: never, whoever holds it
    expect(await download(admin, 2, id)).toBe(404);
  });

  it('writes each download of personal data to the audit log, with who, what and the address', async () => {
    const before = Number((await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where company_id = 1 and action = 'file.download'`))[0]!.n);
    expect(await download(admin, 1, files.employee!)).toBe(200);
    expect(await download(admin, 1, files.contract!)).toBe(200);
    const after = await rows<{ after: { kind: string } }>(sql`select after from audit_log where company_id = 1 and action = 'file.download' order by id desc limit 2`);
    expect(after.map((a) => a.after.kind).sort()).toEqual(['contract', 'employee']);
    expect(Number((await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where company_id = 1 and action = 'file.download'`))[0]!.n)).toBe(before + 2);
  });

  it('hands out identifiers that cannot be guessed: a file is never found by its row number', async () => {
    const [row] = await rows<{ id: number }>(sql`select id from files where company_id = 1 and kind = 'employee' order by id limit 1`);
    expect(await download(admin, 1, String(row!.id))).toBe(404);
    expect(await download(admin, 1, 'f'.repeat(32))).toBe(404);
  });

  it('a download token stops working when its sign-in ends', async () => {
    const tt = await t.call<string[]>('/wfsaas-auth/getTempToken', { token: staff, companyId: 1, body: 1 });
    const session = await t.login('13800000001');
    const tt2 = await t.call<string[]>('/wfsaas-auth/getTempToken', { token: session, companyId: 1, body: 1 });
    await t.call('/wfsaas-auth/logout', { token: session });
    const ended = await t.app.inject({ method: 'GET', url: `/wfsaas-file/api/file/download/${files.upload}?temptoken=${tt2.body.data[0]}` });
    expect(ended.json()).toMatchObject({ code: 401, message: '下载链接已失效，请重新下载' });
    const ok = await t.app.inject({ method: 'GET', url: `/wfsaas-file/api/file/download/${files.upload}?temptoken=${tt.body.data[0]}` });
    expect(ok.statusCode).toBe(200);
  });
});
