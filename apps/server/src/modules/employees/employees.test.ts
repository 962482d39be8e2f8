import { zEmployeeAdd, type CheckUniqueResult, type EmployeeDetail, type RevealSensitiveResult } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { makeIdNumber } from './employees.seed.ts';
import { createEmployees } from './employees.service.ts';

/**
 * The employee record's endpoints: add/v2, update, companyEmployeeInfo/detail, delete, batchMoveOut,
 * count/checkUnique, revealSensitive — success, bad input, another company, missing permission.
 */

const API = '/wfsaas-saas/api';
const ADD = `${API}/companyEmployee/add/v2`;
const UPDATE = `${API}/companyEmployee/update`;
const DETAIL = `${API}/companyEmployeeInfo/detail`;
const DELETE = `${API}/companyEmployee/delete`;
const MOVE = `${API}/companyEmployee/batchMoveOut`;
const UNIQUE = `${API}/companyEmployee/count/checkUnique`;
const REVEAL = `${API}/companyEmployee/revealSensitive`;
const FORM_SAVE = `${API}/customForm/save`;

let t: TestApp;
let admin: string;
let staff: string;
const dept: Record<string, number> = {};
let dept2: number;
let position1: number;
let position2: number;
let rank1: number;
let costCenter1: number;
let employee2: number;

let seq = 0;
/** A fresh valid ID number, mobile and employee number. */
function fresh(gender: 1 | 2 = 1, birth = '1990-05-17') {
  seq++;
  return { idNumber: makeIdNumber('330106', birth, seq, gender), mobile: `137${String(10_000_000 + seq).slice(-8)}`, employeeNo: `T${String(seq).padStart(4, '0')}` };
}

function body(extra: Record<string, unknown> = {}) {
  const f = fresh();
  return { name: '测试员工', mobile: f.mobile, idType: 1, idNumber: f.idNumber, departmentId: dept['前端组'], employeeNo: f.employeeNo, hireDate: '2024-03-01', employmentType: 1, ...extra };
}

async function add(extra: Record<string, unknown> = {}) {
  return t.call<EmployeeDetail>(ADD, { token: admin, companyId: 1, body: body(extra) });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  for (const r of await t.rows<{ id: number; name: string }>(sql`select id, name from departments where company_id = 1`)) dept[r.name] = Number(r.id);
  dept2 = Number((await t.rows<{ id: number }>(sql`select id from departments where company_id = 2 order by id limit 1`))[0]!.id);
  position1 = Number((await t.rows<{ id: number }>(sql`select id from positions where company_id = 1 order by id limit 1`))[0]!.id);
  position2 = Number((await t.rows<{ id: number }>(sql`select id from positions where company_id = 2 order by id limit 1`))[0]!.id);
  rank1 = Number((await t.rows<{ id: number }>(sql`select id from ranks where company_id = 1 order by id limit 1`))[0]!.id);
  costCenter1 = Number((await t.rows<{ id: number }>(sql`select id from cost_centers where company_id = 1 order by id limit 1`))[0]!.id);
  employee2 = Number((await t.rows<{ id: number }>(sql`select id from employees where company_id = 2 order by id limit 1`))[0]!.id);
  const form = await t.call(FORM_SAVE, {
    token: admin,
    companyId: 1,
    body: {
      formConfig: { cols: 2 },
      widgetList: [
        { id: 'w1', type: 'number', label: '工作年限', key: 'years', options: { min: 0, max: 60 } },
        { id: 'w2', type: 'select', label: '工服尺码', key: 'shirt', options: { options: [{ label: '中号', value: 'M' }, { label: '大号', value: 'L' }] } },
        { id: 'w3', type: 'input', label: '毕业院校', key: 'school', options: {} },
      ],
    },
  });
  expect(form.body.code).toBe(200);
});
afterAll(async () => t?.close());

describe('companyEmployee/add/v2', () => {
  it('creates the record: ID number checked, birth date and gender derived, identifiers encrypted and masked, audited masked', async () => {
    const f = fresh(2, '1992-02-29');
    const r = await t.call<EmployeeDetail>(ADD, {
      token: admin,
      companyId: 1,
      body: {
        name: '李娜',
        mobile: f.mobile,
        idType: '1',
        idNumber: f.idNumber.toLowerCase(),
        departmentId: dept['前端组'],
        employeeNo: f.employeeNo,
        hireDate: '2024-03-01',
        employmentType: 1,
        email: 'lina@example.com',
        ethnicity: '汉族',
        education: 6,
        emergencyContact: { name: '李强', phone: '13912345678', relation: '父亲' },
        bankName: '招商银行',
        bankAccount: '6225 8812 3456 7890',
        positionId: position1,
        rankId: rank1,
        costCenterId: costCenter1,
        probationEndDate: '2024-06-01',
        customFields: { years: '5', shirt: '大号' },
      },
    });
    expect(r.body.code).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      name: '李娜',
      gender: 2,
      genderName: '女',
      birthDate: '1992-02-29',
      idTypeName: '身份证',
      idNumberMasked: `${f.idNumber.slice(0, 6)}********${f.idNumber.slice(-4)}`,
      mobileMasked: `${f.mobile.slice(0, 3)}****${f.mobile.slice(-4)}`,
      departmentName: '前端组',
      departmentPathNames: ['技术中心', '前端组'],
      employmentTypeName: '全职',
      status: 2,
      statusName: '正式',
      nationality: '中国',
      emergencyContact: { name: '李强', phoneMasked: '139****5678', relation: '父亲' },
      bankAccountMasked: '622588******7890',
      customFields: { years: 5, shirt: 'L' },
      canViewSensitive: true,
    });
    const [stored] = await t.rows<Record<string, string>>(sql`select * from employees where company_id = 1 and id = ${d.id}`);
    expect(stored!.id_number_enc).not.toContain(f.idNumber);
    expect(stored!.id_number_hash).toBe(t.services.cipher.lookupHash(f.idNumber));
    expect(t.services.cipher.decrypt(stored!.mobile_enc!)).toBe(f.mobile);
    expect(t.services.cipher.decrypt(stored!.bank_account_enc!)).toBe('6225881234567890');
    const audit = await t.rows<{ action: string; after: unknown }>(sql`select action, after from audit_log where company_id = 1 and entity = 'employee' and entity_id = ${String(d.id)}`);
    expect(audit.map((a) => a.action)).toEqual(['employee.add']);
    const text = JSON.stringify(audit[0]!.after);
    expect(text).not.toContain(f.idNumber);
    expect(text).not.toContain(f.mobile);
    expect(text).not.toContain('6225881234567890');
    expect(text).toContain(d.idNumberMasked);
  });

  it('derives the status from the dates when it is left out', async () => {
    expect((await add({ hireDate: '2099-01-01' })).body.data.statusName).toBe('待入职');
    expect((await add({ hireDate: '2024-01-01', probationEndDate: '2099-01-01' })).body.data.statusName).toBe('试用期');
    expect((await add({ status: 3 })).body.data.statusName).toBe('待离职');
  });

  it('records the pay hired on (月基本工资), and refuses an amount that is not money, naming the field', async () => {
    const r = await add({ salary: '6800.5' });
    expect(r.body.code, r.body.message).toBe(200);
    const [stored] = await t.rows<{ salary: string }>(sql`select salary::text as salary from employees where id = ${r.body.data.id}`);
    expect(stored!.salary).toBe('6800.50');
    const bad = await add({ salary: '-100' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.message).toContain('月基本工资');
  });

  it('takes passports and Hong Kong/Macao/Taiwan passes by format, with gender and birth date as given', async () => {
    const r = await add({ idType: 2, idNumber: 'e12345678', gender: 1, birthDate: '1985-01-02', nationality: '美国' });
    expect(r.body.data).toMatchObject({ idTypeName: '护照', idNumberMasked: 'E12345678', gender: 1, birthDate: '1985-01-02', nationality: '美国' });
    expect((await add({ idType: 3, idNumber: 'H12345678' })).body.data.idTypeName).toBe('港澳台通行证');
  });

  it.each([
    ['an ID number with a wrong check digit', () => ({ idNumber: '110105194912310021' }), '身份证号码校验位不正确'],
    ['an ID number of 17 characters', () => ({ idNumber: '11010519491231002' }), '身份证号码格式不正确，应为18位'],
    ['an ID number born in the future', () => ({ idNumber: makeIdNumber('330106', '2099-01-01', 1, 1) }), '身份证号码中的出生日期不正确'],
    ['a birth date that disagrees with the ID number', () => ({ idNumber: fresh(1, '1990-01-01').idNumber, birthDate: '1990-01-02' }), '出生日期与身份证号码不一致'],
    ['a gender that disagrees with the ID number', () => ({ idNumber: fresh(1).idNumber, gender: 2 }), '性别与身份证号码不一致'],
    ['a bad passport', () => ({ idType: 2, idNumber: 'E-1' }), '护照号码格式不正确，应为5至17位字母或数字'],
    ['a bad pass', () => ({ idType: 3, idNumber: 'K12345678' }), '港澳台通行证号码格式不正确'],
    ['an unknown document type', () => ({ idType: 4 }), '证件类型取值无效'],
    ['a bad mobile', () => ({ mobile: '1371234567' }), '手机号格式不正确，应为11位手机号'],
    ['no name', () => ({ name: '' }), '请填写姓名'],
    ['no department', () => ({ departmentId: undefined }), '请填写部门'],
    ['a bad hire date', () => ({ hireDate: '2024-02-30' }), '入职日期格式不正确，应为YYYY-MM-DD的有效日期'],
    ['an unknown employment type', () => ({ employmentType: 9 }), '用工类型取值无效'],
    ['probation ending before the hire date', () => ({ probationEndDate: '2024-01-01' }), '试用期结束日期不能早于入职日期'],
    ['an unknown department', () => ({ departmentId: 999_999 }), '所选部门不存在'],
    ['another company’s department', () => ({ departmentId: dept2 }), '所选部门不存在'],
    ['another company’s position', () => ({ positionId: position2 }), '所选岗位不存在'],
    ['an unknown rank', () => ({ rankId: 999_999 }), '所选职级不存在'],
    ['an unknown cost centre', () => ({ costCenterId: 999_999 }), '所选成本中心不存在'],
    ['a custom field of the wrong type', () => ({ customFields: { years: '五年' } }), '工作年限应为数字'],
    ['a custom select value that is not an option', () => ({ customFields: { shirt: 'XXL' } }), '工服尺码取值无效，请从选项中选择'],
    ['a bad bank account', () => ({ bankAccount: '12ab' }), '银行卡号格式不正确，应为8至30位数字'],
  ])('refuses %s (400, nothing written)', async (_n, patch, message) => {
    const before = await snapshotCounts(t.database);
    const r = await t.call(ADD, { token: admin, companyId: 1, body: body(patch()) });
    expect(r.body).toEqual({ code: 400, message, data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('refuses a duplicate mobile, ID number or employee number in the company (409 naming the field and the holder)', async () => {
    const first = body({ name: '王芳芳' });
    expect((await t.call(ADD, { token: admin, companyId: 1, body: first })).body.code).toBe(200);
    const before = await snapshotCounts(t.database);
    const dupMobile = await t.call(ADD, { token: admin, companyId: 1, body: body({ mobile: first.mobile }) });
    expect(dupMobile.body).toEqual({ code: 409, message: '手机号已被员工「王芳芳」使用', data: null });
    const dupId = await t.call(ADD, { token: admin, companyId: 1, body: body({ idNumber: first.idNumber.toLowerCase() }) });
    expect(dupId.body).toEqual({ code: 409, message: '证件号码已被员工「王芳芳」使用', data: null });
    const dupNo = await t.call(ADD, { token: admin, companyId: 1, body: body({ employeeNo: first.employeeNo }) });
    expect(dupNo.body).toEqual({ code: 409, message: '工号已被员工「王芳芳」使用', data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
    // the same person may be on the roster of another company
    const other = await t.call(ADD, { token: admin, companyId: 2, body: { ...first, departmentId: dept2 } });
    expect(other.body.code).toBe(200);
  });

  it('refuses a member without staffRoll.edit (403) and a non-member (403), changing nothing', async () => {
    const before = await snapshotCounts(t.database);
    const r = await t.call(ADD, { token: staff, companyId: 1, body: body() });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, message: '您没有此操作的权限（staffRoll.edit），请联系管理员', data: null });
    const r2 = await t.call(ADD, { token: staff, companyId: 2, body: body() });
    expect(r2.body).toEqual({ code: 403, message: '您不是该公司的成员，无权访问', data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('companyEmployee/update', () => {
  it('changes only what is given; null clears; custom fields merge; the audit keeps the changed fields masked', async () => {
    const created = (await add({ name: '赵敏', bankAccount: '6222021234567890123', customFields: { years: 2, school: '浙江大学' } })).body.data;
    const newMobile = fresh().mobile;
    const r = await t.call<EmployeeDetail>(UPDATE, { token: admin, companyId: 1, body: { id: String(created.id), mobile: newMobile, bankAccount: null, customFields: { years: 3 }, departmentId: dept['后端组'] } });
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({ name: '赵敏', mobileMasked: `${newMobile.slice(0, 3)}****${newMobile.slice(-4)}`, bankAccountMasked: '', customFields: { years: 3, school: '浙江大学' }, departmentName: '后端组' });
    const [stored] = await t.rows<{ bank_account_enc: string | null; mobile_hash: string }>(sql`select bank_account_enc, mobile_hash from employees where company_id = 1 and id = ${created.id}`);
    expect(stored).toEqual({ bank_account_enc: null, mobile_hash: t.services.cipher.lookupHash(newMobile) });
    const [audit] = await t.rows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      sql`select before, after from audit_log where company_id = 1 and action = 'employee.update' and entity_id = ${String(created.id)}`,
    );
    expect(Object.keys(audit!.after).sort()).toEqual(['bankAccount', 'customFields', 'departmentId', 'mobile']);
    expect(JSON.stringify(audit)).not.toContain(newMobile);
    expect(audit!.after.mobile).toBe(`${newMobile.slice(0, 3)}****${newMobile.slice(-4)}`);
  });

  it('checks a new ID number and re-derives birth date and gender; its own values do not collide with itself', async () => {
    const b = body();
    const created = (await t.call<EmployeeDetail>(ADD, { token: admin, companyId: 1, body: b })).body.data;
    const same = await t.call<EmployeeDetail>(UPDATE, { token: admin, companyId: 1, body: { id: created.id, mobile: b.mobile, idNumber: b.idNumber, employeeNo: b.employeeNo, name: '改名' } });
    expect(same.body.data).toMatchObject({ name: '改名', mobileMasked: created.mobileMasked, employeeNo: b.employeeNo });
    // the roster finds the record by its new name, no longer by the old one
    const find = async (keyword: string) => ((await t.call<{ id: number }[]>(`${API}/companyEmployee/pageList`, { token: admin, companyId: 1, body: { keyword } })).body.data ?? []).map((e) => e.id);
    expect(await find('改名')).toContain(created.id);
    expect(await find('测试员工')).not.toContain(created.id);
    const female = fresh(2, '1988-08-08').idNumber;
    const r = await t.call<EmployeeDetail>(UPDATE, { token: admin, companyId: 1, body: { id: created.id, idNumber: female } });
    expect(r.body.data).toMatchObject({ gender: 2, birthDate: '1988-08-08' });
    const bad = await t.call(UPDATE, { token: admin, companyId: 1, body: { id: created.id, idNumber: '110105194912310021' } });
    expect(bad.body).toEqual({ code: 400, message: '身份证号码校验位不正确', data: null });
  });

  it('refuses a mobile held by another employee, an unknown department and a wrong custom field; nothing written', async () => {
    const a = body({ name: '甲' });
    await t.call(ADD, { token: admin, companyId: 1, body: a });
    const b = (await add({ name: '乙' })).body.data;
    const before = await snapshotCounts(t.database);
    expect((await t.call(UPDATE, { token: admin, companyId: 1, body: { id: b.id, mobile: a.mobile } })).body).toEqual({ code: 409, message: '手机号已被员工「甲」使用', data: null });
    expect((await t.call(UPDATE, { token: admin, companyId: 1, body: { id: b.id, departmentId: dept2 } })).body).toEqual({ code: 400, message: '所选部门不存在', data: null });
    expect((await t.call(UPDATE, { token: admin, companyId: 1, body: { id: b.id, customFields: { years: -1 } } })).body).toEqual({ code: 400, message: '工作年限不能小于0', data: null });
    expect((await t.call(UPDATE, { token: admin, companyId: 1, body: { id: b.id, name: null } })).body).toEqual({ code: 400, message: '请填写姓名', data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('answers another company’s employee as not found, and refuses staff without staffRoll.edit', async () => {
    const before = await snapshotCounts(t.database);
    expect((await t.call(UPDATE, { token: admin, companyId: 1, body: { id: employee2, name: '越权' } })).body).toEqual({ code: 404, message: '员工不存在', data: null });
    expect((await t.call(UPDATE, { token: staff, companyId: 1, body: { id: 1, name: '越权' } })).status).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('companyEmployeeInfo/detail', () => {
  it('finds by id or comEmpInfoId; staff with staffRoll reads it masked without the sensitive permission', async () => {
    const created = (await add({ name: '周婷' })).body.data;
    const byId = await t.call<EmployeeDetail>(DETAIL, { token: admin, companyId: 1, body: { id: created.id } });
    expect(byId.body.data).toMatchObject({ id: created.id, name: '周婷', canViewSensitive: true });
    const byInfo = await t.call<EmployeeDetail>(DETAIL, { token: staff, companyId: 1, body: { comEmpInfoId: String(created.id), companyId: 1, createId: 1, operPersonType: 2 } });
    expect(byInfo.body.data).toMatchObject({ id: created.id, canViewSensitive: false, idNumberMasked: created.idNumberMasked });
  });

  it.each([
    ['no id', {}],
    ['an unknown id', { id: 999_999 }],
    ['ids that disagree', { id: 1, comEmpInfoId: 2 }],
  ])('answers %s with 404 未查询到人员信息', async (_n, b) => {
    expect((await t.call(DETAIL, { token: admin, companyId: 1, body: b })).body).toEqual({ code: 404, message: '未查询到人员信息', data: null });
  });

  it('answers another company’s employee with 404, and a non-member with 403', async () => {
    expect((await t.call(DETAIL, { token: admin, companyId: 1, body: { id: employee2 } })).body).toEqual({ code: 404, message: '未查询到人员信息', data: null });
    expect((await t.call(DETAIL, { token: staff, companyId: 2, body: { id: employee2 } })).status).toBe(403);
  });
});

describe('companyEmployee/delete', () => {
  it('archives the records (the row stays), audited; they leave the roster and free their mobile', async () => {
    const a = body({ name: '将删除' });
    const created = (await t.call<EmployeeDetail>(ADD, { token: admin, companyId: 1, body: a })).body.data;
    const r = await t.call(DELETE, { token: admin, companyId: 1, body: { ids: [created.id] } });
    expect(r.body).toEqual({ code: 200, message: '操作成功', data: { count: 1 } });
    const [row] = await t.rows<{ archived: boolean }>(sql`select archived_at is not null as archived from employees where company_id = 1 and id = ${created.id}`);
    expect(row!.archived).toBe(true);
    expect((await t.call(DETAIL, { token: admin, companyId: 1, body: { id: created.id } })).body.code).toBe(404);
    expect((await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and entity_id = ${String(created.id)} order by id`)).map((x) => x.action)).toEqual(['employee.add', 'employee.delete']);
    expect((await t.call(ADD, { token: admin, companyId: 1, body: body({ mobile: a.mobile, idNumber: a.idNumber, employeeNo: a.employeeNo }) })).body.code).toBe(200);
    expect((await t.call(DELETE, { token: admin, companyId: 1, body: { ids: [created.id] } })).body).toEqual({ code: 404, message: '员工不存在', data: null });
  });

  it('refuses a list holding another company’s employee (nothing archived), empty lists and staff', async () => {
    const mine = (await add()).body.data;
    const before = await snapshotCounts(t.database);
    expect((await t.call(DELETE, { token: admin, companyId: 1, body: { ids: [mine.id, employee2] } })).body).toEqual({ code: 404, message: '员工不存在', data: null });
    expect((await t.call(DELETE, { token: admin, companyId: 1, body: { ids: [] } })).body).toEqual({ code: 400, message: '员工至少需要1项', data: null });
    expect((await t.call(DELETE, { token: staff, companyId: 1, body: { ids: [mine.id] } })).status).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
    const [row] = await t.rows<{ archived: boolean }>(sql`select archived_at is not null as archived from employees where company_id = 1 and id = ${mine.id}`);
    expect(row!.archived).toBe(false);
  });
});

describe('companyEmployee/batchMoveOut', () => {
  it('moves the employees to the department in one go, each audited', async () => {
    const a = (await add()).body.data;
    const b = (await add()).body.data;
    const r = await t.call(MOVE, { token: admin, companyId: 1, body: { ids: [a.id, b.id], departmentId: dept['测试组'] } });
    expect(r.body).toEqual({ code: 200, message: '操作成功', data: { count: 2 } });
    const moved = await t.rows<{ department_id: number }>(sql`select department_id from employees where company_id = 1 and id in (${a.id}, ${b.id})`);
    expect(moved.map((m) => Number(m.department_id))).toEqual([dept['测试组'], dept['测试组']]);
    const audit = await t.rows<{ before: unknown; after: unknown }>(sql`select before, after from audit_log where company_id = 1 and action = 'employee.move' and entity_id = ${String(a.id)}`);
    expect(audit).toEqual([{ before: { departmentId: dept['前端组'] }, after: { departmentId: dept['测试组'] } }]);
  });

  it('moves nothing when a department or an employee is not the company’s', async () => {
    const a = (await add()).body.data;
    const before = await snapshotCounts(t.database);
    expect((await t.call(MOVE, { token: admin, companyId: 1, body: { ids: [a.id], departmentId: dept2 } })).body).toEqual({ code: 400, message: '所选部门不存在', data: null });
    expect((await t.call(MOVE, { token: admin, companyId: 1, body: { ids: [a.id, employee2], departmentId: dept['产品部'] } })).body).toEqual({ code: 404, message: '员工不存在', data: null });
    expect((await t.call(MOVE, { token: admin, companyId: 1, body: { ids: [a.id] } })).body).toEqual({ code: 400, message: '请填写目标部门', data: null });
    expect((await t.call(MOVE, { token: staff, companyId: 1, body: { ids: [a.id], departmentId: dept['产品部'] } })).status).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
    const [row] = await t.rows<{ department_id: number }>(sql`select department_id from employees where company_id = 1 and id = ${a.id}`);
    expect(Number(row!.department_id)).toBe(dept['前端组']);
  });
});

describe('companyEmployee/count/checkUnique', () => {
  it('answers whether the value is free in the company; the stored id does not collide with itself', async () => {
    const a = body();
    const created = (await t.call<EmployeeDetail>(ADD, { token: admin, companyId: 1, body: a })).body.data;
    const check = async (b: Record<string, unknown>, token = admin, companyId = 1) => (await t.call<CheckUniqueResult>(UNIQUE, { token, companyId, body: b })).body;
    expect(await check({ field: 'mobile', value: a.mobile })).toEqual({ code: 200, message: '操作成功', data: { unique: false, field: 'mobile' } });
    expect((await check({ field: 'mobile', value: a.mobile, id: created.id })).data).toEqual({ unique: true, field: 'mobile' });
    expect((await check({ field: 'idNumber', value: a.idNumber.toLowerCase() })).data.unique).toBe(false);
    expect((await check({ field: 'employeeNo', value: a.employeeNo }, staff)).data.unique).toBe(false);
    expect((await check({ field: 'employeeNo', value: 'NOPE-1' })).data.unique).toBe(true);
    // company 2 does not see company 1's values
    expect((await check({ field: 'mobile', value: a.mobile }, admin, 2)).data.unique).toBe(true);
    expect(await check({ field: 'name', value: 'x' })).toEqual({ code: 400, message: '校验字段取值无效', data: null });
    expect((await t.call(UNIQUE, { token: staff, companyId: 2, body: { field: 'mobile', value: a.mobile } })).status).toBe(403);
  });
});

describe('companyEmployee/revealSensitive', () => {
  it('answers the full value to a holder of sensitive.view and audits each reveal', async () => {
    const a = body({ bankAccount: '6222021234567890123', emergencyContact: { name: '王五', phone: '13911112222' } });
    const created = (await t.call<EmployeeDetail>(ADD, { token: admin, companyId: 1, body: a })).body.data;
    const reveal = async (field: string) => (await t.call<RevealSensitiveResult>(REVEAL, { token: admin, companyId: 1, body: { id: created.id, field } })).body;
    expect((await reveal('idNumber')).data).toEqual({ id: created.id, field: 'idNumber', value: a.idNumber });
    expect((await reveal('mobile')).data.value).toBe(a.mobile);
    expect((await reveal('bankAccount')).data.value).toBe('6222021234567890123');
    expect((await reveal('emergencyPhone')).data.value).toBe('13911112222');
    const audit = await t.rows<{ after: { field: string } }>(sql`select after from audit_log where company_id = 1 and action = 'employee.reveal' and entity_id = ${String(created.id)} order by id`);
    expect(audit.map((x) => x.after.field)).toEqual(['idNumber', 'mobile', 'bankAccount', 'emergencyPhone']);
    expect(JSON.stringify(audit)).not.toContain(a.idNumber);
  });

  it('refuses staff without sensitive.view (403) and answers another company’s employee as not found; nothing written', async () => {
    const created = (await add()).body.data;
    const before = await snapshotCounts(t.database);
    const r = await t.call(REVEAL, { token: staff, companyId: 1, body: { id: created.id, field: 'idNumber' } });
    expect(r.body).toEqual({ code: 403, message: '您没有此操作的权限（sensitive.view），请联系管理员', data: null });
    expect((await t.call(REVEAL, { token: admin, companyId: 1, body: { id: employee2, field: 'idNumber' } })).body).toEqual({ code: 404, message: '员工不存在', data: null });
    expect((await t.call(REVEAL, { token: admin, companyId: 1, body: { id: created.id, field: 'bankAccount' } })).body).toEqual({ code: 400, message: '该员工未填写银行卡号', data: null });
    expect((await t.call(REVEAL, { token: admin, companyId: 1, body: { id: created.id, field: 'salary' } })).body).toEqual({ code: 400, message: '敏感字段取值无效', data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('createEmployees (several new employees written together, as the import does)', () => {
  const inputs = (n: number, extra: (i: number) => Record<string, unknown> = () => ({})) =>
    Array.from({ length: n }, (_, i) => zEmployeeAdd.parse(body({ name: `批量员工${'甲乙丙丁'[i]}`, ...extra(i) })));

  it('writes every record with its name tokens and its audit entry, in the order given', async () => {
    const given = inputs(3);
    const made = await t.database.inTenant(1, (tx) => createEmployees(t.services, tx, 1, { userId: 1 }, given));
    expect(made.map((r) => [r.name, r.employeeNo])).toEqual(given.map((g) => [g.name, g.employeeNo]));
    const ids = made.map((r) => String(r.id));
    const tokens = await t.rows<{ employee_id: string | number; token: string; same: boolean }>(
      sql`select t.employee_id, t.token, (t.department_id = e.department_id and t.employee_created_at = e.created_at) as same
          from employee_name_tokens t join employees e on e.company_id = t.company_id and e.id = t.employee_id
          where t.company_id = 1 and t.employee_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and t.token in ('甲', '乙', '丙')`,
    );
    expect(tokens.map((x) => [String(x.employee_id), x.token, x.same]).sort()).toEqual([
      [ids[0], '甲', true],
      [ids[1], '乙', true],
      [ids[2], '丙', true],
    ]);
    const audits = await t.rows<{ entity_id: string }>(sql`select entity_id from audit_log where company_id = 1 and action = 'employee.add' and entity_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    expect(audits.map((a) => a.entity_id).sort()).toEqual([...ids].sort());
    const found = await t.call<{ id: number }[]>(`${API}/companyEmployee/pageList`, { token: admin, companyId: 1, body: { keyword: '批量员工乙', pageNum: 1, pageSize: 10 } });
    expect(found.body.data.map((r) => r.id)).toEqual([made[1]!.id]);
  });

  it('refuses the whole batch when two of its rows share a mobile, naming the earlier one; nothing is written', async () => {
    const given = inputs(3);
    given[2] = { ...given[2]!, mobile: given[1]!.mobile };
    const before = await snapshotCounts(t.database);
    await expect(t.database.inTenant(1, (tx) => createEmployees(t.services, tx, 1, { userId: 1 }, given))).rejects.toThrow('手机号已被员工「批量员工乙」使用');
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
