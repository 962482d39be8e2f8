import type { SetupHandoverView, SetupStatusView } from '@wfsaas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';

/** 系统初始化: the checklist follows the company's data, 无需配置 and its undo, hand-overs, isolation and keys. */

const API = '/wfsaas-saas/api/systemInitialize';
let t: TestApp;
let admin: string;
let reader: string;
let fresh: number;

const call = <T>(path: string, body: object = {}, token = admin, companyId = fresh) => t.call<T>(`${API}${path}`, { token, companyId, body });
async function ok<T>(path: string, body: object = {}, token = admin, companyId = fresh): Promise<T> {
  const r = await call<T>(path, body, token, companyId);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}
const stepOf = (s: SetupStatusView, key: string) => s.steps.find((x) => x.key === key)!;

/** A valid unified social credit code for a made-up company (its check character computed). */
function uscc(body17: string): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...body17].reduce((s, ch, i) => s + chars.indexOf(ch) * weights[i]!, 0);
  return body17 + chars[(31 - (sum % 31)) % 31];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  const made = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', { token: admin, body: { companyName: '宁波初始化测试有限公司', creditCode: uscc('91330200MA2J00017'), contactName: '周', contactPhone: '13900000000' } });
  expect(made.body.code, made.body.message).toBe(200);
  fresh = made.body.data.companyId;
  reader = (await signInAsRole(t, { adminToken: admin, companyId: fresh, phone: '13700009201', role: '初始化查看', permissionKeys: ['systemInitialize'] })).token;
}, 120_000);
afterAll(async () => t?.close());

describe('the set-up checklist', () => {
  it('lists the steps in order; a new company has departments to do, and adding one makes the step done', async () => {
    const before = await ok<SetupStatusView>('/status');
    expect(before.steps.map((s) => s.title)).toEqual(['企业信息与认证', '部门', '职位与职级', '角色与子账号', '数据字典', '自定义字段', '员工', '合同模板与印章', '薪资组与社保政策', '参保主体', '工资条模板', '提醒设置']);
    expect(stepOf(before, 'departments')).toMatchObject({ state: 'todo', counts: [{ label: '部门', value: 0 }], route: 'organizationalIndex' });
    expect(stepOf(before, 'company').state).toBe('todo');
    const added = await t.call('/wfsaas-saas/api/companyDepartment/add', { token: admin, companyId: fresh, body: { name: '财务部' } });
    expect(added.body.code, added.body.message).toBe(200);
    const after = await ok<SetupStatusView>('/status');
    expect(stepOf(after, 'departments')).toMatchObject({ state: 'done', counts: [{ label: '部门', value: 1 }] });
    expect(after.finished).toBe(before.finished + 1);
    expect(after.progress).toBe(Math.floor((after.finished * 100) / 12));
  });

  it("counts the company's own dictionary items: adding a 离职原因 makes 数据字典 done", async () => {
    expect(stepOf(await ok<SetupStatusView>('/status'), 'dictionaries')).toMatchObject({ state: 'todo', counts: [{ label: '企业字典项', value: 0 }] });
    const added = await t.call('/wfsaas-saas/api/customDictionary/item/save', { token: admin, companyId: fresh, body: { code: 'quitReason', label: '异地发展' } });
    expect(added.body.code, added.body.message).toBe(200);
    expect(stepOf(await ok<SetupStatusView>('/status'), 'dictionaries')).toMatchObject({ state: 'done', counts: [{ label: '企业字典项', value: 1 }] });
  });

  it('the seeded demo company shows its real figures', async () => {
    const demo = await ok<SetupStatusView>('/status', {}, admin, 1);
    expect(stepOf(demo, 'employees').state).toBe('done');
    expect(stepOf(demo, 'employees').counts[0]!.value).toBeGreaterThan(0);
  });

  it('marks a step 无需配置 with who and when, refuses twice, and undoes it', async () => {
    const skipped = await ok<SetupStatusView>('/skip', { step: 'insuredEntities' });
    expect(stepOf(skipped, 'insuredEntities')).toMatchObject({ state: 'skipped', skip: { byName: expect.any(String) } });
    expect(stepOf(skipped, 'insuredEntities').skip!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await expectUnchanged(t.database, () => call('/skip', { step: 'insuredEntities' }), 409, '「参保主体」已标记为无需配置');
    await expectUnchanged(t.database, () => call('/skip', { step: 'nothing' }), 400, /初始化步骤/);
    const undone = await ok<SetupStatusView>('/unskip', { step: 'insuredEntities' });
    expect(stepOf(undone, 'insuredEntities')).toMatchObject({ state: 'todo', skip: null });
    expect(undone.finished).toBe(skipped.finished - 1);
    await expectUnchanged(t.database, () => call('/unskip', { step: 'insuredEntities' }), 409, '「参保主体」未标记为无需配置');
  });

  it('records a hand-over with its date, receiver, note and the progress of the moment', async () => {
    await expectUnchanged(t.database, () => call('/handover', { handoverDate: '2026-02-30', receiver: '周敏' }), 400, /交付日期/);
    await expectUnchanged(t.database, () => call('/handover', { handoverDate: '2026-03-02', receiver: '' }), 400, /接收人/);
    const status = await ok<SetupStatusView>('/status');
    const h = await ok<SetupHandoverView>('/handover', { handoverDate: '2026-03-02', receiver: '周敏', note: '已培训人事专员' });
    expect(h).toMatchObject({ handoverDate: '2026-03-02', receiver: '周敏', note: '已培训人事专员', finished: status.finished, total: 12, progress: status.progress });
    expect(h.createdByName).not.toBe('');
    const list = await ok<SetupHandoverView[]>('/handovers');
    expect(list.map((x) => x.id)).toEqual([h.id]);
    expect((await ok<SetupStatusView>('/status')).lastHandover?.id).toBe(h.id);
  });

  it('keeps companies apart and needs the keys', async () => {
    expect(await ok<SetupHandoverView[]>('/handovers', {}, admin, 1)).toEqual([]);
    expect(stepOf(await ok<SetupStatusView>('/status', {}, admin, 1), 'insuredEntities').skip).toBeNull();
    expect((await ok<SetupStatusView>('/status', {}, reader)).total).toBe(12);
    await expectUnchanged(t.database, () => call('/skip', { step: 'reminders' }, reader), 403, /./);
    await expectUnchanged(t.database, () => call('/handover', { handoverDate: '2026-03-02', receiver: '周敏' }, reader), 403, /./);
  });
});
