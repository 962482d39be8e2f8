import type { AssetCategoryView, AssetDetail, AssetStats, AssetView, QuitAssets } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import { readExportedSheet, runAllJobs } from '../../test/exports.ts';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectRefused, expectUnchanged, type TestApp } from '../../test/harness.ts';

/** 资产中心: categories, the life of an asset with its history, the company scope, and the resignation rule. */

const A = '/wfsaas-saas/api/asset';
const QUIT = '/wfsaas-saas/api/companyEmployeeQuit';
const today = chinaToday();

let t: TestApp;
let admin: string;
let reader: string;
let staff: number[];

const call = <T>(path: string, body: object = {}, token = admin, companyId = 1) => t.call<T>(path.startsWith('/') && !path.startsWith(A) && !path.startsWith(QUIT) ? `${A}${path}` : path, { token, companyId, body });
async function ok<T>(path: string, body: object = {}): Promise<T> {
  const r = await call<T>(path, body);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}

const assetState = async (id: number) => (await t.rows<{ status: number; holder: number | null }>(sql`select status, holder_employee_id as holder from assets where id = ${id}`))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  reader = (await signInAsRole(t, { adminToken: admin, phone: '13700009001', role: '资产查看', permissionKeys: ['assetsList'] })).token;
  // on-job employees of company 1 who hold nothing from the demo seed
  staff = (await t.rows<{ id: number }>(sql`select e.id from employees e where e.company_id = 1 and e.status in (1, 2) and e.archived_at is null and not exists (select 1 from assets a where a.company_id = 1 and a.holder_employee_id = e.id) order by e.id`)).map((r) => Number(r.id));
}, 120_000);
afterAll(async () => t?.close());

describe('categories', () => {
  it('lists the defaults, adds, renames, refuses a used name, and refuses to delete a category in use', async () => {
    const cats = await ok<AssetCategoryView[]>('/category/list');
    expect(cats.map((c) => c.name)).toEqual(expect.arrayContaining(['电脑', '手机', '工牌', '钥匙', '显示器']));
    const added = await ok<AssetCategoryView>('/category/save', { name: '投影仪' });
    await expectUnchanged(t.database, () => call('/category/save', { name: '电脑' }), 409, '分类名称「电脑」已存在');
    await expectUnchanged(t.database, () => call('/category/save', { name: '' }), 400, /分类名称/);
    expect((await ok<AssetCategoryView>('/category/save', { id: added.id, name: '投影设备' })).name).toBe('投影设备');
    const pc = cats.find((c) => c.name === '电脑')!;
    await ok('/save', { assetNo: 'PC-0001', name: '台式机', categoryId: pc.id, value: '4200' });
    expect((await ok<AssetCategoryView[]>('/category/list')).find((c) => c.id === pc.id)!.assetCount).toBe(1);
    await expectUnchanged(t.database, () => call('/category/remove', { id: pc.id }), 409, '分类「电脑」下有1件资产，不能删除，可以停用');
    await ok('/category/remove', { id: added.id });
    // company 2 cannot touch company 1's category
    await expectUnchanged(t.database, () => call('/category/status', { id: pc.id, status: 0 }, admin, 2), 404, '资产分类不存在');
  });
});

describe('the life of an asset', () => {
  let pcCat: number;
  let asset: AssetView;
  beforeAll(async () => {
    pcCat = (await ok<AssetCategoryView[]>('/category/list')).find((c) => c.name === '电脑')!.id;
  });

  it('creates with a generated number and refuses a duplicate number by name', async () => {
    const { assetNo } = await ok<{ assetNo: string }>('/nextNo');
    expect(assetNo).toMatch(/^ZC-\d{4}$/);
    asset = await ok<AssetView>('/save', { assetNo, name: '测试笔记本', categoryId: pcCat, value: '8999.5', purchaseDate: addDays(today, -10) });
    expect(asset).toMatchObject({ assetNo, status: 1, value: '8999.50', categoryName: '电脑', holderName: null });
    await expectUnchanged(t.database, () => call('/save', { assetNo: assetNo.toLowerCase(), name: '另一台', categoryId: pcCat }), 409, `资产编号「${assetNo.toLowerCase()}」已存在`);
    await expectUnchanged(t.database, () => call('/save', { assetNo: 'X-1', name: '另一台', categoryId: pcCat, value: '-1' }), 400, /资产价值/);
    expect((await ok<{ assetNo: string }>('/nextNo')).assetNo).not.toBe(assetNo);
  });

  it('issues to an on-job employee only, once; returns to stock; the history has both', async () => {
    const [emp] = staff;
    const leaver = staff[5]!;
    const quit = await call(`${QUIT}/do`, { employeeId: leaver, quitType: 1, reason: '个人发展', lastWorkingDay: today });
    expect(quit.body.code, quit.body.message).toBe(200);
    await expectUnchanged(t.database, () => call('/issue', { id: asset.id, employeeId: 99_999_999, day: today }), 404, '员工不存在');
    await expectUnchanged(t.database, () => call('/issue', { id: asset.id, employeeId: leaver, day: today }), 400, /^领用人：.+不是在职员工（试用期或正式），不能领用资产$/);
    await expectUnchanged(t.database, () => call('/issue', { id: asset.id, employeeId: emp, day: today, expectedReturnOn: addDays(today, -1) }), 400, '预计归还日期：不能早于领用日期');
    const issued = await ok<AssetView>('/issue', { id: asset.id, employeeId: emp, day: today, expectedReturnOn: addDays(today, 30) });
    expect(issued).toMatchObject({ status: 2, holderEmployeeId: emp, issuedOn: today });
    await expectUnchanged(t.database, () => call('/issue', { id: asset.id, employeeId: staff[1], day: today }), 409, `资产${asset.assetNo}当前为「已领用」，不能领用`);
    const page = await call<AssetView[]>('/page', { holderEmployeeId: emp });
    expect(page.body.data.map((a) => a.id)).toEqual([asset.id]);
    await expectUnchanged(t.database, () => call('/return', { id: asset.id, day: addDays(today, -1), condition: '完好' }), 400, `归还日期：不能早于领用日期${today}`);
    expect(await ok<AssetView>('/return', { id: asset.id, day: today, condition: '完好' })).toMatchObject({ status: 1, holderEmployeeId: null });
    const detail = await ok<AssetDetail>('/detail', { id: asset.id });
    expect(detail.events.map((e) => e.action)).toEqual(['return', 'issue', 'create']);
    expect(detail.events[1]).toMatchObject({ actionLabel: '领用', day: today, actorName: '林晓（管理员）' });
    expect(detail.events[0]).toMatchObject({ note: '完好', employeeName: detail.events[1]!.employeeName });
  });

  it('repairs, then scraps, and a scrapped asset stays scrapped', async () => {
    await ok('/repair', { id: asset.id, day: today, note: '键盘失灵' });
    await ok('/repaired', { id: asset.id, day: today });
    await ok('/repair', { id: asset.id, day: today, note: '主板故障' });
    await expectUnchanged(t.database, () => call('/scrap', { id: asset.id, day: today, reason: '' }), 400, /报废原因/);
    expect(await ok<AssetView>('/scrap', { id: asset.id, day: today, reason: '无维修价值' })).toMatchObject({ status: 4 });
    for (const [path, body] of [
      ['/issue', { employeeId: staff[0], day: today }],
      ['/repair', { day: today }],
      ['/repaired', { day: today }],
      ['/scrap', { day: today, reason: '再次' }],
    ] as const) {
      await expectUnchanged(t.database, () => call(path, { id: asset.id, ...body }), 409, new RegExp(`^资产${asset.assetNo}当前为「已报废」`));
    }
    await expectUnchanged(t.database, () => call('/save', { id: asset.id, assetNo: asset.assetNo, name: '改名', categoryId: pcCat }), 409, `资产${asset.assetNo}已报废，不能编辑`);
    expect(await assetState(asset.id)).toMatchObject({ status: 4 });
  });

  it('counts per status and sums values', async () => {
    const stats = await ok<AssetStats>('/stats', {});
    expect(stats.counts.all).toBe(stats.counts['1'] + stats.counts['2'] + stats.counts['3'] + stats.counts['4']);
    const rows = await t.rows<{ v: string }>(sql`select coalesce(sum(value), 0)::numeric(14,2)::text as v from assets where company_id = 1 and status <> 4`);
    expect(stats.totalValue).toBe(rows[0]!.v);
  });

  it('exports the filtered list through 下载中心', async () => {
    const exported = await ok<{ id: number }>('/export', { status: 4 });
    await runAllJobs(t);
    const sheet = await readExportedSheet(t, { token: admin, companyId: 1, id: exported.id });
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(0, 7)).toEqual(['资产编号', '资产名称', '分类', '品牌型号', '序列号', '价值', '状态']);
    expect(rows.slice(1).map((r) => [r[0], r[5], r[6]])).toEqual([[asset.assetNo, 8999.5, '已报废']]);
  });

  it('answers another company’s asset as not found, and refuses a member without assetsList.edit', async () => {
    await expectUnchanged(t.database, () => call('/detail', { id: asset.id }, admin, 2), 404, '资产不存在');
    await expectUnchanged(t.database, () => call('/return', { id: asset.id, day: today, condition: '完好' }, admin, 2), 404, '资产不存在');
    expect((await call<AssetView[]>('/page', {}, reader)).body.code).toBe(200);
    await expectRefused(t, () => call('/save', { assetNo: 'R-1', name: '读者', categoryId: pcCat }, reader), 403, '您没有此操作的权限（assetsList.edit），请联系管理员');
    await expectRefused(t, () => call('/settings/save', { blockQuit: false }, reader), 403, '您没有此操作的权限（assetsList.edit），请联系管理员');
  });
});

describe('resignation with unreturned assets', () => {
  it('blocks 办理离职 while the setting is on, warns only when off, and allows it after the return', async () => {
    const cat = (await ok<AssetCategoryView[]>('/category/list')).find((c) => c.name === '手机')!.id;
    const emp = staff[2]!;
    const name = (await t.rows<{ name: string }>(sql`select name from employees where id = ${emp}`))[0]!.name;
    const phone = await ok<AssetView>('/save', { assetNo: 'PH-7001', name: '测试手机', categoryId: cat });
    await ok('/issue', { id: phone.id, employeeId: emp, day: today });
    const quit = { employeeId: emp, quitType: 1, reason: '个人发展', lastWorkingDay: addDays(today, 10) };

    expect(await ok<{ blockQuit: boolean }>('/settings')).toEqual({ blockQuit: true });
    const seen = await ok<QuitAssets>(`${QUIT}/unreturnedAssets`, { employeeId: emp });
    expect(seen).toMatchObject({ blocking: true, message: `${name}有1件资产未归还（PH-7001 测试手机），请先办理归还`, assets: [{ assetNo: 'PH-7001', categoryName: '手机' }] });
    await expectUnchanged(t.database, () => call(`${QUIT}/do`, quit), 400, `${name}有1件资产未归还（PH-7001 测试手机），请先办理归还`);

    await ok('/settings/save', { blockQuit: false });
    expect(await ok<QuitAssets>(`${QUIT}/unreturnedAssets`, { employeeId: emp })).toMatchObject({ blocking: false, message: expect.stringContaining('PH-7001') });
    await ok('/settings/save', { blockQuit: true });

    await ok('/return', { id: phone.id, day: today, condition: '完好' });
    expect(await ok<QuitAssets>(`${QUIT}/unreturnedAssets`, { employeeId: emp })).toEqual({ assets: [], blocking: false, message: null });
    const done = await call(`${QUIT}/do`, quit);
    expect(done.body.code, done.body.message).toBe(200);
  });

  it('holds back the approval of a resignation that waited for review while an asset was issued', async () => {
    const cat = (await ok<AssetCategoryView[]>('/category/list')).find((c) => c.name === '钥匙')!.id;
    const emp = staff[4]!;
    const name = (await t.rows<{ name: string }>(sql`select name from employees where id = ${emp}`))[0]!.name;
    const api = async <T>(path: string, body: object): Promise<T> => {
      const r = await t.call<T>(`/wfsaas-saas/api/${path}`, { token: admin, companyId: 1, body });
      expect(r.body.code, r.body.message).toBe(200);
      return r.body.data;
    };
    const review = (types: string[]) => api('abnormalChangeSceneConfig/save', { reviewTypes: types, defaultProbationMonths: 3 });
    const approve = (changeId: number) => api<{ done: number; failures: { message: string }[] }>('abnormalChangeExecution/approve', { changeIds: [changeId] });
    await review(['quit']);
    try {
      const asked = await ok<{ id: number; status: number }>(`${QUIT}/do`, { employeeId: emp, quitType: 1, reason: '个人发展', lastWorkingDay: addDays(today, 10) });
      expect(asked.status).toBe(3);
      const key = await ok<AssetView>('/save', { assetNo: 'KEY-7003', name: '仓库钥匙', categoryId: cat });
      await ok('/issue', { id: key.id, employeeId: emp, day: today });
      expect(await approve(asked.id)).toEqual({ done: 0, failures: [expect.objectContaining({ message: `${name}有1件资产未归还（KEY-7003 仓库钥匙），请先办理归还` })] });
      expect((await t.rows<{ status: number }>(sql`select status from employee_changes where id = ${asked.id}`))[0]!.status).toBe(3);
      await ok('/return', { id: key.id, day: today, condition: '完好' });
      expect(await approve(asked.id)).toEqual({ done: 1, failures: [] });
    } finally {
      await review([]);
    }
  });

  it('lets the resignation through with the setting off (the screen shows the warning)', async () => {
    const cat = (await ok<AssetCategoryView[]>('/category/list')).find((c) => c.name === '工牌')!.id;
    const emp = staff[3]!;
    const badge = await ok<AssetView>('/save', { assetNo: 'GP-7002', name: '工牌', categoryId: cat });
    await ok('/issue', { id: badge.id, employeeId: emp, day: today });
    await ok('/settings/save', { blockQuit: false });
    const done = await call(`${QUIT}/do`, { employeeId: emp, quitType: 1, reason: '个人发展', lastWorkingDay: addDays(today, 10) });
    expect(done.body.code, done.body.message).toBe(200);
    expect(await assetState(badge.id)).toMatchObject({ status: 2 });
    await ok('/settings/save', { blockQuit: true });
  });
});
