import type { CustomFormAnswer, EmployeeAttachmentItem, EmployeeDetail, EmployeeListItem, EmployeeTaskItem, PageMessage } from '@wfsaas/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobsOnce } from '../../platform/jobs/index.ts';
import { createTestApp, snapshotCounts, type TestApp } from '../../test/harness.ts';
import { seedDemoOrg } from '../org/org.seed.ts';
import { makeIdNumber } from './employees.seed.ts';

/**
 * The roster: pageList filters, sorting and paging; the export; the custom form; attachments and
 * tasks — success, bad input, another company, missing permission.
 */

const API = '/wfsaas-saas/api';
const PAGE = `${API}/companyEmployee/pageList`;
const EXPORT = `${API}/companyEmployee/export`;
const ADD = `${API}/companyEmployee/add/v2`;
const DETAIL = `${API}/companyEmployeeInfo/detail`;
const FORM_GET = `${API}/customForm/get`;
const FORM_SAVE = `${API}/customForm/save`;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let t: TestApp;
let admin: string;
let staff: string;
const dept: Record<string, number> = {};
let dept2: number;
let employee2: number;
const E: Record<string, EmployeeDetail> = {};
const plain: Record<string, { idNumber: string; mobile: string }> = {};

const WIDGETS = [
  { id: 'w1', type: 'number', label: '工作年限', key: 'years', options: { min: 0, max: 60 } },
  { id: 'w2', type: 'select', label: '工服尺码', key: 'shirt', options: { options: [{ label: '中号', value: 'M' }, { label: '大号', value: 'L' }] } },
  { id: 'w3', type: 'switch', label: '是否有车', key: 'hasCar', options: {} },
  { id: 'w4', type: 'multiSelect', label: '外语', key: 'langs', options: { options: [{ label: '英语', value: 1 }, { label: '日语', value: 2 }] } },
  { id: 'w5', type: 'date', label: '毕业日期', key: 'grad', options: {} },
  { id: 'w6', type: 'input', label: '毕业院校', key: 'school', options: {} },
];

async function page(b: Record<string, unknown>, token = admin, companyId = 1) {
  const r = await t.call<EmployeeListItem[]>(PAGE, { token, companyId, body: b });
  return r.body as { code: number; message: string; data: EmployeeListItem[]; pageMessage: PageMessage };
}
const names = (list: EmployeeListItem[]) => list.map((e) => e.name).sort();

let seq = 500;
async function addEmployee(key: string, b: Record<string, unknown>) {
  seq++;
  const idNumber = makeIdNumber('310115', '1991-03-04', seq, 1);
  const mobile = `158${String(20_000_000 + seq).slice(-8)}`;
  const r = await t.call<EmployeeDetail>(ADD, { token: admin, companyId: 1, body: { mobile, idType: 1, idNumber, employmentType: 1, ...b } });
  expect(r.body.code, r.body.message).toBe(200);
  E[key] = r.body.data;
  plain[key] = { idNumber, mobile };
}

function multipart(filename: string, content: Buffer) {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`, 'utf8'),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(companyId: number, filename: string, content: Buffer): Promise<string> {
  const m = multipart(filename, content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wfsaas-file/api/file/upload',
    headers: { 'content-type': m.contentType, authorization: `Bearer ${admin}`, companyid: String(companyId) },
    payload: m.payload,
  });
  const b = res.json() as { code: number; data: { fileId: string } };
  expect(b.code).toBe(200);
  return b.data.fileId;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoOrg(t.services);
  admin = await t.login('13800000000');
  staff = await t.login('13800000001');
  for (const r of await t.rows<{ id: number; name: string }>(sql`select id, name from departments where company_id = 1`)) dept[r.name] = Number(r.id);
  dept2 = Number((await t.rows<{ id: number }>(sql`select id from departments where company_id = 2 order by id limit 1`))[0]!.id);
  employee2 = Number((await t.rows<{ id: number }>(sql`select id from employees where company_id = 2 order by id limit 1`))[0]!.id);
  expect((await t.call(FORM_SAVE, { token: admin, companyId: 1, body: { formConfig: { labelWidth: 100 }, widgetList: WIDGETS } })).body.code).toBe(200);
  await addEmployee('e1', {
    name: '欧阳娜娜',
    departmentId: dept['前端组'],
    employeeNo: 'LT001',
    hireDate: '2020-01-10',
    status: 2,
    customFields: { years: 3, shirt: 'M', hasCar: true, langs: [1], grad: '2015-06-30', school: '浙江大学' },
  });
  await addEmployee('e2', {
    name: '欧阳修',
    departmentId: dept['后端组'],
    employeeNo: 'LT002',
    hireDate: '2024-05-01',
    probationEndDate: '2099-01-01',
    employmentType: 2,
    customFields: { years: 10, shirt: 'M', langs: [1, 2], grad: '2010-07-01', school: '复旦大学' },
  });
  await addEmployee('e3', { name: '司马光', departmentId: dept['技术中心'], employeeNo: 'LT010', hireDate: '2022-07-01', status: 3, employmentType: 4, customFields: { years: 7, shirt: 'L', hasCar: false } });
  await addEmployee('e4', { name: '张娜', departmentId: dept['产品部'], employeeNo: 'XX100', hireDate: '2019-03-03', status: 4, bankAccount: '6222021234567890123' });
});
afterAll(async () => t?.close());

describe('companyEmployee/pageList', () => {
  it('defaults to page 1 of 10 with pageMessage, identifiers masked and organisation names joined', async () => {
    const r = await page({});
    expect(r.code).toBe(200);
    expect(r.pageMessage).toMatchObject({ pageNum: 1, pageSize: 10, total: 14, pages: 2, prePage: 0, nextPage: 2 });
    expect(r.data).toHaveLength(10);
    const e1 = (await page({ keyword: '欧阳娜娜' })).data[0]!;
    expect(e1).toMatchObject({
      name: '欧阳娜娜',
      employeeNo: 'LT001',
      idNumberMasked: `${plain.e1!.idNumber.slice(0, 6)}********${plain.e1!.idNumber.slice(-4)}`,
      mobileMasked: `${plain.e1!.mobile.slice(0, 3)}****${plain.e1!.mobile.slice(-4)}`,
      departmentName: '前端组',
      departmentPathNames: ['技术中心', '前端组'],
      statusName: '正式',
      employmentTypeName: '全职',
    });
    const all = JSON.stringify((await page({ pageSize: 500 })).data);
    for (const p of Object.values(plain)) {
      expect(all).not.toContain(p.idNumber);
      expect(all).not.toContain(p.mobile);
    }
  });

  it('keyword: name contains, employee number prefix (any case), mobile exact', async () => {
    expect(names((await page({ keyword: '欧阳' })).data)).toEqual(['欧阳修', '欧阳娜娜']);
    // 李娜 is a record written before name tokens existed: still found
    expect(names((await page({ keyword: '娜' })).data)).toEqual(['张娜', '李娜', '欧阳娜娜']);
    expect(names((await page({ keyword: '娜娜' })).data)).toEqual(['欧阳娜娜']);
    expect(names((await page({ keyword: '阳娜' })).data)).toEqual(['欧阳娜娜']);
    expect(names((await page({ keyword: '娜阳' })).data)).toEqual([]);
    expect(names((await page({ keyword: 'lt0' })).data)).toEqual(['司马光', '欧阳修', '欧阳娜娜']);
    expect(names((await page({ keyword: 'LT01' })).data)).toEqual(['司马光']);
    expect(names((await page({ keyword: 'T00' })).data)).toEqual([]);
    expect(names((await page({ keyword: plain.e4!.mobile })).data)).toEqual(['张娜']);
    expect(names((await page({ keyword: plain.e4!.mobile.slice(0, 7) })).data)).toEqual([]);
    expect(names((await page({ keyword: '%' })).data)).toEqual([]);
  });

  it('department subtree by default, the department alone on request', async () => {
    expect(names((await page({ departmentId: dept['技术中心'] })).data)).toEqual(['司马光', '欧阳修', '欧阳娜娜']);
    expect(names((await page({ departmentId: dept['技术中心'], includeSubDepartments: false })).data)).toEqual(['司马光']);
    expect(names((await page({ departmentId: dept['技术中心'], keyword: '欧阳' })).data)).toEqual(['欧阳修', '欧阳娜娜']);
    expect((await page({ departmentId: dept2 })).data).toEqual([]);
  });

  it('a keyword within a department follows the employee when the department changes (name tokens carry it)', async () => {
    const tokenDepartments = async () =>
      (await t.rows<{ d: string | number | null }>(sql`select distinct department_id as d from employee_name_tokens where company_id = 1 and employee_id = ${E.e3!.id}`)).map((r) => (r.d === null ? null : Number(r.d)));
    expect(await tokenDepartments()).toEqual([dept['技术中心']]);
    const moved = await t.call(`${API}/companyEmployee/update`, { token: admin, companyId: 1, body: { id: E.e3!.id, departmentId: dept['产品部'] } });
    expect(moved.body.code, moved.body.message).toBe(200);
    expect(await tokenDepartments()).toEqual([dept['产品部']]);
    expect(names((await page({ departmentId: dept['技术中心'], keyword: '司马' })).data)).toEqual([]);
    expect(names((await page({ departmentId: dept['产品部'], keyword: '司马' })).data)).toEqual(['司马光']);
    expect(names((await page({ departmentId: dept['产品部'], includeSubDepartments: false, keyword: '光' })).data)).toEqual(['司马光']);
    // a rename writes new tokens, which take the department from the employee
    const renamed = await t.call(`${API}/companyEmployee/update`, { token: admin, companyId: 1, body: { id: E.e3!.id, name: '司马迁', departmentId: dept['技术中心'] } });
    expect(renamed.body.code, renamed.body.message).toBe(200);
    expect(await tokenDepartments()).toEqual([dept['技术中心']]);
    expect(names((await page({ departmentId: dept['技术中心'], keyword: '司马迁' })).data)).toEqual(['司马迁']);
    const back = await t.call(`${API}/companyEmployee/update`, { token: admin, companyId: 1, body: { id: E.e3!.id, name: '司马光' } });
    expect(back.body.code, back.body.message).toBe(200);
  });

  it('a keyword of one or two characters is paged from the name tokens: the same rows, order and totals as when read from the records', async () => {
    // with every status chosen the same search is answered from each candidate's record instead
    const allStatuses = [0, 1, 2, 3, 4];
    // found both by a name token and by the prefix of the employee number: listed once
    await addEmployee('both', { name: 'Lucy林', departmentId: dept['前端组'], employeeNo: 'LU001', hireDate: '2023-02-01' });
    const cases = [
      { keyword: '娜' },
      { keyword: '欧阳' },
      { keyword: '阳' },
      { keyword: 'l' }, // one name holds it, the employee numbers starting with L through the other arm
      { keyword: '娜', departmentId: dept['技术中心'] },
      { keyword: '娜', departmentId: dept['技术中心'], includeSubDepartments: false },
    ];
    for (const c of cases)
      for (const sortOrder of ['desc', 'asc'])
        for (const pageNum of [1, 2]) {
          const body = { ...c, sortOrder, pageSize: 2, pageNum };
          const fast = await page(body);
          const read = await page({ ...body, status: allStatuses });
          expect(fast.code, JSON.stringify(body)).toBe(200);
          expect(fast.data.map((e) => e.id), JSON.stringify(body)).toEqual(read.data.map((e) => e.id));
          expect(fast.pageMessage, JSON.stringify(body)).toEqual(read.pageMessage);
        }
    expect((await page({ keyword: 'l', pageSize: 500 })).data.map((e) => e.employeeNo).sort()).toEqual(['LT001', 'LT002', 'LT010', 'LU001']);
    // the tokens carry the record's created_at, which orders the page
    const copies = await t.rows<{ n: string | number }>(
      sql`select count(*) as n from employee_name_tokens t join employees e on e.company_id = t.company_id and e.id = t.employee_id where t.company_id = 1 and t.employee_created_at is distinct from e.created_at`,
    );
    expect(Number(copies[0]!.n)).toBe(0);
    const removed = await t.call(`${API}/companyEmployee/delete`, { token: admin, companyId: 1, body: { ids: [E.both!.id] } });
    expect(removed.body.code, removed.body.message).toBe(200);
  });

  it('an archived employee leaves the keyword search, its name tokens removed', async () => {
    await addEmployee('gone', { name: '娜塔莎', departmentId: dept['前端组'], employeeNo: 'GONE1', hireDate: '2021-01-01' });
    const tokens = async () => Number((await t.rows<{ n: string | number }>(sql`select count(*) as n from employee_name_tokens where company_id = 1 and employee_id = ${E.gone!.id}`))[0]!.n);
    expect(await tokens()).toBeGreaterThan(0);
    expect(names((await page({ keyword: '娜', pageSize: 500 })).data)).toContain('娜塔莎');
    const removed = await t.call(`${API}/companyEmployee/delete`, { token: admin, companyId: 1, body: { ids: [E.gone!.id] } });
    expect(removed.body.code, removed.body.message).toBe(200);
    expect(await tokens()).toBe(0);
    expect(names((await page({ keyword: '娜', pageSize: 500 })).data)).toEqual(['张娜', '李娜', '欧阳娜娜']);
    expect(names((await page({ keyword: '娜塔' })).data)).toEqual([]);
    expect(names((await page({ keyword: '娜塔莎' })).data)).toEqual([]);
  });

  it('filters by status, employment type, hire dates, position and rank', async () => {
    expect(names((await page({ status: [1, 3] })).data)).toEqual(['司马光', '欧阳修']);
    expect(names((await page({ status: 4, keyword: '娜' })).data)).toEqual(['张娜']);
    expect(names((await page({ employmentType: [2, 4] })).data)).toEqual(['司马光', '欧阳修']);
    expect(names((await page({ hireDateFrom: '2020-01-01', hireDateTo: '2022-12-31' })).data)).toEqual(['司马光', '欧阳娜娜']);
    expect((await page({ hireDateFrom: '2023-01-01', hireDateTo: '2022-01-01' })).message).toBe('入职日期起不能晚于入职日期止');
    expect((await page({ positionId: 999_999 })).data).toEqual([]);
  });

  it('filters by custom fields by widget type', async () => {
    const cf = async (customFieldFilters: unknown[]) => names((await page({ customFieldFilters })).data);
    expect(await cf([{ key: 'years', op: 'gte', value: 5 }])).toEqual(['司马光', '欧阳修']);
    expect(await cf([{ key: 'years', op: 'lte', value: '7' }])).toEqual(['司马光', '欧阳娜娜']);
    expect(await cf([{ key: 'years', op: 'eq', value: 10 }])).toEqual(['欧阳修']);
    expect(await cf([{ key: 'shirt', op: 'eq', value: '大号' }])).toEqual(['司马光']);
    expect(await cf([{ key: 'shirt', op: 'eq', value: 'M' }])).toEqual(['欧阳修', '欧阳娜娜']);
    expect(await cf([{ key: 'hasCar', op: 'eq', value: true }])).toEqual(['欧阳娜娜']);
    expect(await cf([{ key: 'hasCar', op: 'eq', value: '否' }])).toEqual(['司马光']);
    expect(await cf([{ key: 'langs', op: 'eq', value: '日语' }])).toEqual(['欧阳修']);
    expect(await cf([{ key: 'grad', op: 'lte', value: '2012-12-31' }])).toEqual(['欧阳修']);
    expect(await cf([{ key: 'school', op: 'contains', value: '浙江' }])).toEqual(['欧阳娜娜']);
    expect(await cf([{ key: 'school', op: 'contains', value: '大学' }, { key: 'years', op: 'gte', value: 5 }])).toEqual(['欧阳修']);
  });

  it.each([
    [{ customFieldFilters: [{ key: 'nope', op: 'eq', value: 1 }] }, '自定义字段「nope」不存在'],
    [{ customFieldFilters: [{ key: 'shirt', op: 'gte', value: 'M' }] }, '自定义字段「工服尺码」不支持范围筛选'],
    [{ customFieldFilters: [{ key: 'years', op: 'gte', value: 'abc' }] }, '自定义字段「工作年限」的筛选值应为数字'],
    [{ customFieldFilters: [{ key: 'shirt', op: 'eq', value: 'XXL' }] }, '自定义字段「工服尺码」的筛选值不在选项中'],
    [{ pageSize: 501 }, '每页条数不能大于500'],
    [{ status: [9] }, '员工状态第1项取值无效'],
    [{ sortBy: 'salary' }, '排序字段取值无效'],
    [{ departmentId: 'abc' }, '部门格式不正确'],
    [{ hireDateFrom: '2024-13-01' }, '入职日期起格式不正确，应为YYYY-MM-DD的有效日期'],
  ])('refuses bad input %j', async (b, message) => {
    const r = await page(b);
    expect({ code: r.code, message: r.message }).toEqual({ code: 400, message });
  });

  it('sorts and pages', async () => {
    const byHire = await page({ departmentId: dept['技术中心'], sortBy: 'hireDate', sortOrder: 'asc' });
    expect(byHire.data.map((e) => e.name)).toEqual(['欧阳娜娜', '司马光', '欧阳修']);
    const byNo = await page({ keyword: 'LT', sortBy: 'employeeNo', sortOrder: 'desc', pageSize: 2, pageNum: 2 });
    expect(byNo.data.map((e) => e.employeeNo)).toEqual(['LT001']);
    expect(byNo.pageMessage).toEqual({ pageNum: 2, pageSize: 2, total: 3, pages: 2, prePage: 1, nextPage: 0 });
    expect((await page({ keyword: 'LT', pageNum: 9 })).data).toEqual([]);
  });

  it('is open to staff with staffRoll, answers only the company’s rows, and refuses non-members', async () => {
    const r = await page({ keyword: '欧阳' }, staff);
    expect(names(r.data)).toEqual(['欧阳修', '欧阳娜娜']);
    expect((await page({ keyword: '欧阳' }, admin, 2)).data).toEqual([]);
    const other = await t.call(PAGE, { token: staff, companyId: 2, body: {} });
    expect(other.body).toEqual({ code: 403, message: '您不是该公司的成员，无权访问', data: null });
  });
});

type ExportView = { id: number; name: string; status: number; statusName: string; fileName: string };

async function exportRows(token: string, body: Record<string, unknown>): Promise<string[][]> {
  const r = await t.call<ExportView>(EXPORT, { token, companyId: 1, body });
  expect(r.body.code, r.body.message).toBe(200);
  expect(r.body.data).toMatchObject({ status: 0, statusName: '排队中' });
  await runDueJobsOnce(t.services);
  const link = await t.call<{ url: string }>('/wfsaas-file/api/fileInfo/downloadToken', { token, companyId: 1, body: { id: r.body.data.id } });
  expect(link.body.code, link.body.message).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: link.body.data.url });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet('员工花名册')!;
  const out: string[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

describe('companyEmployee/export', () => {
  it('writes every column and the custom fields; full identifiers for a holder of sensitive.view; audited', async () => {
    const [header, ...data] = await exportRows(admin, { departmentId: dept['技术中心'] });
    expect(header!.slice(0, 7)).toEqual(['工号', '姓名', '性别', '出生日期', '证件类型', '证件号码', '手机号']);
    expect(header!.slice(-6)).toEqual(['工作年限', '工服尺码', '是否有车', '外语', '毕业日期', '毕业院校']);
    expect(header).toContain('部门路径');
    expect(data.map((r) => r[1]).sort()).toEqual(['司马光', '欧阳修', '欧阳娜娜']);
    const e2 = data.find((r) => r[1] === '欧阳修')!;
    const col = (name: string) => header!.indexOf(name);
    expect(e2[col('证件号码')]).toBe(plain.e2!.idNumber);
    expect(e2[col('手机号')]).toBe(plain.e2!.mobile);
    expect(e2[col('部门路径')]).toBe('技术中心/后端组');
    expect(e2[col('用工类型')]).toBe('实习');
    expect(e2[col('员工状态')]).toBe('试用期');
    expect(e2[col('外语')]).toBe('英语、日语');
    expect(e2[col('工服尺码')]).toBe('中号');
    const audit = await t.rows<{ after: { sensitive: boolean } }>(sql`select after from audit_log where company_id = 1 and action = 'employee.export' order by id desc limit 1`);
    expect(audit[0]!.after.sensitive).toBe(true);
  });

  it('masks identifiers for staff without sensitive.view', async () => {
    const [header, ...data] = await exportRows(staff, { keyword: '张娜' });
    expect(data).toHaveLength(1);
    expect(data[0]![header!.indexOf('证件号码')]).toBe(E.e4!.idNumberMasked);
    expect(data[0]![header!.indexOf('银行卡号')]).toBe('622202*********0123');
    expect(data[0]![header!.indexOf('员工状态')]).toBe('已离职');
  });

  it('exports chosen rows by id (others’ ids simply match nothing)', async () => {
    const [, ...data] = await exportRows(admin, { ids: [E.e1!.id, employee2] });
    expect(data.map((r) => r[1])).toEqual(['欧阳娜娜']);
  });

  it('refuses a bad filter and a non-member, writing nothing', async () => {
    const before = await snapshotCounts(t.database);
    expect((await t.call(EXPORT, { token: admin, companyId: 1, body: { customFieldFilters: [{ key: 'nope', value: 1 }] } })).body).toEqual({ code: 400, message: '自定义字段「nope」不存在', data: null });
    expect((await t.call(EXPORT, { token: staff, companyId: 2, body: {} })).status).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('customForm/get and customForm/save', () => {
  it('answers the definition (cols default 2), or null when the company has none', async () => {
    const r = await t.call<CustomFormAnswer>(FORM_GET, { token: staff, companyId: 1, body: {} });
    expect(r.body.data).toMatchObject({ scene: 'employee', formConfig: { labelWidth: 100, cols: 2 } });
    expect(r.body.data.widgetList.map((w) => w.key)).toEqual(['years', 'shirt', 'hasCar', 'langs', 'grad', 'school']);
    expect((await t.call(FORM_GET, { token: admin, companyId: 2, body: { scene: 'employee' } })).body).toEqual({ code: 200, message: '操作成功', data: null });
  });

  it.each([
    [{ formConfig: {}, widgetList: [] }, '表单定义需要包含表单配置和至少一个控件'],
    [{ widgetList: WIDGETS }, '表单定义需要包含表单配置和至少一个控件'],
    [{ formConfig: {}, widgetList: [WIDGETS[0], { ...WIDGETS[1], key: 'years' }] }, '字段标识重复：years'],
    [{ formConfig: {}, widgetList: [{ ...WIDGETS[1], options: {} }] }, '选项至少需要一项（工服尺码）'],
    [{ formConfig: {}, widgetList: [{ ...WIDGETS[0], type: 'slider' }] }, '控件类型取值无效'],
    [{ formConfig: {}, widgetList: [{ ...WIDGETS[0], key: '年限' }] }, '字段标识只能以字母开头，由字母、数字和下划线组成'],
    [{ scene: 'contract', formConfig: {}, widgetList: WIDGETS }, '表单场景取值无效'],
  ])('refuses an invalid definition %#, writing nothing', async (b, message) => {
    const before = await snapshotCounts(t.database);
    expect((await t.call(FORM_SAVE, { token: admin, companyId: 1, body: b })).body).toEqual({ code: 400, message, data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('refuses staff without staffRoll.edit and non-members', async () => {
    const before = await snapshotCounts(t.database);
    expect((await t.call(FORM_SAVE, { token: staff, companyId: 1, body: { formConfig: {}, widgetList: WIDGETS } })).body.code).toBe(403);
    expect((await t.call(FORM_GET, { token: staff, companyId: 2, body: {} })).body.code).toBe(403);
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('changing the definition never loses stored values; each company has its own', async () => {
    const narrow = await t.call<CustomFormAnswer>(FORM_SAVE, { token: admin, companyId: 1, body: { formConfig: { cols: 3 }, widgetList: [WIDGETS[5]] } });
    expect(narrow.body.data.formConfig.cols).toBe(3);
    const d = await t.call<EmployeeDetail>(DETAIL, { token: admin, companyId: 1, body: { id: E.e1!.id } });
    expect(d.body.data.customFields).toMatchObject({ years: 3, shirt: 'M', school: '浙江大学' });
    expect((await page({ customFieldFilters: [{ key: 'years', op: 'eq', value: 3 }] })).message).toBe('自定义字段「years」不存在');
    // an update under the narrow form keeps the fields it no longer shows
    await t.call('/wfsaas-saas/api/companyEmployee/update', { token: admin, companyId: 1, body: { id: E.e1!.id, customFields: { school: '浙江工业大学', years: 99 } } });
    const d2 = await t.call<EmployeeDetail>(DETAIL, { token: admin, companyId: 1, body: { id: E.e1!.id } });
    expect(d2.body.data.customFields).toMatchObject({ years: 3, shirt: 'M', school: '浙江工业大学' });
    expect((await t.call(FORM_SAVE, { token: admin, companyId: 1, body: { formConfig: { labelWidth: 100 }, widgetList: WIDGETS } })).body.code).toBe(200);
    expect(names((await page({ customFieldFilters: [{ key: 'years', op: 'eq', value: 3 }] })).data)).toEqual(['欧阳娜娜']);
    expect((await t.call(FORM_GET, { token: admin, companyId: 2, body: {} })).body.data).toBeNull();
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and action = 'customerForm.save'`);
    expect(audit.length).toBe(3);
  });
});

describe('employeeAttachment/*', () => {
  const ATT = `${API}/employeeAttachment`;
  let png: string;
  let pdf: string;
  let pdf2: string;
  let png2: string;

  beforeAll(async () => {
    png = await upload(1, '证件照.png', PNG);
    pdf = await upload(1, '学位证.pdf', PDF);
    pdf2 = await upload(1, '体检报告.pdf', PDF);
    png2 = await upload(2, '他司照片.png', PNG);
  });

  it('adds a photo (the record’s photo) and a certificate, lists them, removes them', async () => {
    const photo = await t.call<EmployeeAttachmentItem>(`${ATT}/add`, { token: admin, companyId: 1, body: { employeeId: E.e1!.id, fileId: png, category: 'photo' } });
    expect(photo.body.data).toMatchObject({ fileId: png, fileName: '证件照.png', isImage: true, category: 'photo', categoryName: '员工照片' });
    expect((await t.call<EmployeeDetail>(DETAIL, { token: admin, companyId: 1, body: { id: E.e1!.id } })).body.data.photoFileId).toBe(png);
    const cert = await t.call<EmployeeAttachmentItem>(`${ATT}/add`, { token: admin, companyId: 1, body: { employeeId: E.e1!.id, fileId: pdf, category: 'certificate' } });
    expect(cert.body.data).toMatchObject({ isImage: false, categoryName: '资格证书' });
    const list = await t.call<EmployeeAttachmentItem[]>(`${ATT}/list`, { token: staff, companyId: 1, body: { employeeId: E.e1!.id } });
    expect(list.body.data.map((a) => a.category)).toEqual(['photo', 'certificate']);
    expect((await t.call(`${ATT}/remove`, { token: admin, companyId: 1, body: { id: photo.body.data.id } })).body.code).toBe(200);
    expect((await t.call<EmployeeDetail>(DETAIL, { token: admin, companyId: 1, body: { id: E.e1!.id } })).body.data.photoFileId).toBeNull();
    expect((await t.call(`${ATT}/remove`, { token: admin, companyId: 1, body: { id: photo.body.data.id } })).body).toEqual({ code: 404, message: '附件不存在', data: null });
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and action like 'employeeAttachment.%' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['employeeAttachment.add', 'employeeAttachment.add', 'employeeAttachment.remove']);
  });

  it.each([
    ['a photo that is not an image', () => ({ employeeId: E.e2!.id, fileId: pdf2, category: 'photo' }), 400, '员工照片须为图片文件（png、jpg、jpeg 等）'],
    ['the same file twice', () => ({ employeeId: E.e1!.id, fileId: pdf, category: 'other' }), 409, '该文件已添加到此员工'],
    ['another company’s file', () => ({ employeeId: E.e2!.id, fileId: png2, category: 'other' }), 404, '文件不存在'],
    ['another company’s employee', () => ({ employeeId: employee2, fileId: png, category: 'other' }), 404, '员工不存在'],
    ['an unknown category', () => ({ employeeId: E.e2!.id, fileId: png, category: 'salary' }), 400, '附件类别取值无效'],
  ])('refuses %s, writing nothing', async (_n, b, code, message) => {
    const before = await snapshotCounts(t.database);
    expect((await t.call(`${ATT}/add`, { token: admin, companyId: 1, body: b() })).body).toEqual({ code, message, data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });

  it('refuses staff without staffRoll.edit and non-members; lists of others’ employees are not found', async () => {
    const before = await snapshotCounts(t.database);
    expect((await t.call(`${ATT}/add`, { token: staff, companyId: 1, body: { employeeId: E.e2!.id, fileId: png, category: 'other' } })).status).toBe(403);
    expect((await t.call(`${ATT}/list`, { token: staff, companyId: 2, body: { employeeId: employee2 } })).status).toBe(403);
    expect((await t.call(`${ATT}/list`, { token: admin, companyId: 1, body: { employeeId: employee2 } })).body).toEqual({ code: 404, message: '员工不存在', data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});

describe('employeeTasks/*', () => {
  const TASKS = `${API}/employeeTasks`;

  it('adds, lists (overdue flagged), completes once, removes', async () => {
    const a = await t.call<EmployeeTaskItem>(`${TASKS}/add`, { token: admin, companyId: 1, body: { employeeId: E.e2!.id, title: '补交学历证明', type: 1, dueDate: '2020-01-01' } });
    expect(a.body.data).toMatchObject({ employeeName: '欧阳修', departmentName: '后端组', title: '补交学历证明', typeName: '补充材料', isOverdue: true, status: 0, statusName: '待完成' });
    const b = await t.call<EmployeeTaskItem>(`${TASKS}/add`, { token: admin, companyId: 1, body: { employeeId: E.e3!.id, title: '转正评估', type: 4 } });
    expect(b.body.data).toMatchObject({ dueDate: null, isOverdue: false });
    const list = await t.call<EmployeeTaskItem[]>(`${TASKS}/page`, { token: admin, companyId: 1, body: {} });
    expect(list.body.data.map((x) => x.title)).toEqual(['补交学历证明', '转正评估']);
    expect((await t.call<EmployeeTaskItem[]>(`${TASKS}/page`, { token: admin, companyId: 1, body: { overdue: true } })).body.data.map((x) => x.id)).toEqual([a.body.data.id]);
    expect((await t.call<EmployeeTaskItem[]>(`${TASKS}/page`, { token: admin, companyId: 1, body: { keyword: '司马' } })).body.data.map((x) => x.id)).toEqual([b.body.data.id]);
    const done = await t.call<EmployeeTaskItem>(`${TASKS}/complete`, { token: admin, companyId: 1, body: { id: a.body.data.id } });
    expect(done.body.data).toMatchObject({ status: 1, statusName: '已完成', isOverdue: false });
    expect((await t.call(`${TASKS}/complete`, { token: admin, companyId: 1, body: { id: a.body.data.id } })).body).toEqual({ code: 400, message: '任务已完成，无需重复操作', data: null });
    expect((await t.call<EmployeeTaskItem[]>(`${TASKS}/page`, { token: admin, companyId: 1, body: { status: 0 } })).body.data.map((x) => x.id)).toEqual([b.body.data.id]);
    expect((await t.call(`${TASKS}/remove`, { token: admin, companyId: 1, body: { id: b.body.data.id } })).body.code).toBe(200);
    expect((await t.call(`${TASKS}/page`, { token: admin, companyId: 1, body: {} })).body.pageMessage).toMatchObject({ total: 1 });
  });

  it('refuses bad input, other companies’ employees and tasks, and staff without employeeTasks; nothing written', async () => {
    const t2 = await t.call<EmployeeTaskItem>(`${TASKS}/add`, { token: admin, companyId: 2, body: { employeeId: employee2, title: '他司任务', type: 9 } });
    expect(t2.body.code).toBe(200);
    const before = await snapshotCounts(t.database);
    expect((await t.call(`${TASKS}/add`, { token: admin, companyId: 1, body: { employeeId: E.e1!.id, title: '', type: 1 } })).body).toEqual({ code: 400, message: '请填写任务标题', data: null });
    expect((await t.call(`${TASKS}/add`, { token: admin, companyId: 1, body: { employeeId: E.e1!.id, title: 'x', type: 7 } })).body).toEqual({ code: 400, message: '任务类型取值无效', data: null });
    expect((await t.call(`${TASKS}/add`, { token: admin, companyId: 1, body: { employeeId: E.e1!.id, title: 'x', type: 1, dueDate: '2024-02-30' } })).body.message).toBe('截止日期格式不正确，应为YYYY-MM-DD的有效日期');
    expect((await t.call(`${TASKS}/add`, { token: admin, companyId: 1, body: { employeeId: employee2, title: 'x', type: 1 } })).body).toEqual({ code: 404, message: '员工不存在', data: null });
    expect((await t.call(`${TASKS}/complete`, { token: admin, companyId: 1, body: { id: t2.body.data.id } })).body).toEqual({ code: 404, message: '任务不存在', data: null });
    expect((await t.call(`${TASKS}/remove`, { token: admin, companyId: 1, body: { id: t2.body.data.id } })).body).toEqual({ code: 404, message: '任务不存在', data: null });
    const denied = await t.call(`${TASKS}/page`, { token: staff, companyId: 1, body: {} });
    expect(denied.body).toEqual({ code: 403, message: '您没有此操作的权限（employeeTasks），请联系管理员', data: null });
    expect(await snapshotCounts(t.database)).toEqual(before);
  });
});
