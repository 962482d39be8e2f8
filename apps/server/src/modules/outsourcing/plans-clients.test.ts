import type { ClientView, PlanTemplateDetail, PlanTemplateRow, PlanView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectRefused, type TestApp } from '../../test/harness.ts';
import { osCalls, testUscc } from './os-test-support.ts';

/** 方案 and 用工单位: the fee and reference rules, the dispatch post rule, removal while in use, and isolation between companies. */

let t: TestApp;
let admin: string;
const { call, ok, plan, client } = osCalls(() => ({ t, token: admin, companyId: 1 }));
const demo = { groupId: 0, entityId: 0, packageId: 0 };
const idOf = async (table: string, name: string) =>
  Number((await t.rows<{ id: string }>(sql`select id from ${sql.identifier(table)} where company_id = 1 and name = ${name} and archived_at is null`))[0]!.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  demo.groupId = await idOf('payroll_groups', '月薪制员工');
  demo.entityId = await idOf('si_entities', '杭州总部社保账户');
  demo.packageId = await idOf('sign_packages', '入职合同包');
}, 60_000);
afterAll(async () => t?.close());

describe('plans', () => {
  it('asks for the field its fee kind needs, naming it', async () => {
    const base = { name: '标准方案', vatKind: 'general' };
    await expectRefused(t, () => call('planSave', { ...base, feeKind: 'perHead' }), 400, '每人每月服务费：按人头收取服务费时请填写每人每月服务费');
    await expectRefused(t, () => call('planSave', { ...base, feeKind: 'percent', feeAmount: '100' }), 400, '服务费比例：按比例收取服务费时请填写服务费比例');
    await expectRefused(t, () => call('planSave', { ...base, feeKind: 'percent', feeRate: '0' }), 400, '服务费比例：应大于0且不超过1，如0.08表示8%');
    const saved = await plan('比例方案', { feeKind: 'percent', feeRate: '0.08', feeAmount: '99', vatKind: 'simplified', salaryGroupId: demo.groupId, siEntityId: demo.entityId, contractPackageId: demo.packageId });
    expect(saved).toMatchObject({ feeKind: 'percent', feeRate: '0.080000', feeAmount: null, salaryGroupName: '月薪制员工', siEntityName: '杭州总部社保账户', contractPackageName: '入职合同包', clientCount: 0 });
    await expectRefused(t, () => call('planSave', { ...base, name: '比例方案', feeKind: 'perHead', feeAmount: '1' }), 409, '方案名称：方案「比例方案」已存在');
  });

  it('refuses another company’s salary group, insured entity, package and plan', async () => {
    const as2 = { companyId: 2 };
    const base = { name: '外公司方案', feeKind: 'perHead', feeAmount: '100', vatKind: 'general' };
    await expectRefused(t, () => call('planSave', { ...base, siEntityId: demo.entityId }, as2), 400, '参保主体：所选参保主体不存在或已删除');
    await expectRefused(t, () => call('planSave', { ...base, salaryGroupId: demo.groupId }, as2), 400, '薪资组：所选薪资组不存在或已删除');
    await expectRefused(t, () => call('planSave', { ...base, contractPackageId: demo.packageId }, as2), 400, '合同包：所选合同包不存在或已删除');
    const own = (await ok<PlanView[]>('planList')).find((p) => p.name === '比例方案')!;
    await expectRefused(t, () => call('planSave', { ...base, id: own.id }, as2), 404, '方案不存在');
    await expectRefused(t, () => call('planRemove', { id: own.id }, as2), 404, '方案不存在');
    expect(await ok<PlanView[]>('planList', {}, as2)).toEqual([]);
  });

  it('lists the templates of a package its plans use, and only those', async () => {
    const rows = await ok<PlanTemplateRow[]>('planTemplates', { packageId: demo.packageId });
    expect(rows.map((r) => r.name)).toEqual(['标准劳动合同']);
    expect(rows[0]).toMatchObject({ contractTypeName: '劳动合同', plans: ['比例方案'], signerCount: 2 });
    const detail = await ok<PlanTemplateDetail>('planTemplateDetail', { templateId: rows[0]!.id });
    expect(detail).toMatchObject({ name: '标准劳动合同', packageNames: ['入职合同包'], previewFileId: expect.any(String) });
    expect(detail.fields.length).toBe(rows[0]!.fieldCount);
    await expectRefused(t, () => call('planTemplates', { packageId: demo.packageId }, { companyId: 2 }), 404, '合同包不存在');
    await expectRefused(t, () => call('planTemplateDetail', { templateId: rows[0]!.id }, { companyId: 2 }), 404, '合同模板不存在');
  });
});

describe('clients', () => {
  it('refuses a main-business post for a dispatch client, a repeated post, a bad term, code or phone', async () => {
    const p = await plan('派遣方案');
    const body = { name: '杭州某制造', kind: 1 as const, agreementStart: '2026-01-01', agreementEnd: '2026-12-31', planId: p.id, headcount: 200, posts: [{ name: '仓管', kind: 'auxiliary' as const }, { name: '装配工', kind: 'regular' as const }] };
    await expectRefused(t, () => call('clientSave', body), 400, '可派驻岗位：劳务派遣只能用于临时性、辅助性或替代性岗位（“装配工”为主营岗位）');
    await expectRefused(t, () => call('clientSave', { ...body, posts: [{ name: '仓管', kind: 'auxiliary' }, { name: '仓管', kind: 'temporary' }] }), 400, '可派驻岗位：岗位“仓管”重复');
    await expectRefused(t, () => call('clientSave', { ...body, posts: [body.posts[0]], agreementEnd: '2025-12-31' }), 400, '协议结束日期：应晚于协议开始日期');
    await expectRefused(t, () => call('clientSave', { ...body, posts: [body.posts[0]], creditCode: '91330106MA2H0Q1X73' }), 400, '统一社会信用代码：格式不正确，请核对18位统一社会信用代码');
    await expectRefused(t, () => call('clientSave', { ...body, posts: [body.posts[0]], contactPhone: '12345' }), 400, '联系电话：格式不正确，应为11位手机号');
    await expectRefused(t, () => call('clientSave', { ...body, posts: [body.posts[0]], planId: 999999 }), 404, '方案不存在');
    // An outsourcing client may have a main-business post.
    const c = await client('杭州某制造', p.id, { posts: body.posts, contactPhone: '13912345678', creditCode: testUscc(1) });
    expect(c).toMatchObject({ kind: 2, contactPhone: '139****5678', linkedCompanyId: null, effectiveHeadcount: 100, planName: '派遣方案' });
    const stored = await t.rows<{ contact_phone_enc: string }>(sql`select contact_phone_enc from os_clients where id = ${c.id}`);
    expect(stored[0]!.contact_phone_enc).not.toContain('13912345678');
    // Saving the masked phone back keeps the number.
    const again = await ok<ClientView>('clientSave', { ...body, id: c.id, kind: 2, contactPhone: c.contactPhone, creditCode: testUscc(1) });
    expect(again.contactPhone).toBe('139****5678');
  });

  it('refuses turning a client into dispatch while workers sit on a main-business post', async () => {
    const c = (await ok<ClientView[]>('clientList')).find((x) => x.name === '杭州某制造')!;
    const [emp] = await t.rows<{ id: string }>(sql`select id from employees where company_id = 1 and archived_at is null order by id limit 1`);
    await t.rows(sql`insert into os_placements (company_id, employee_id, client_id, plan_id, kind, post, post_kind, start_date, end_date, status)
      values (1, ${emp!.id}, ${c.id}, ${c.planId}, 2, '装配工', 'regular', '2026-02-01', '2026-12-31', 2)`);
    await expectRefused(t, () => call('clientSave', { ...c, kind: 1, posts: [{ name: '仓管', kind: 'auxiliary' }], contactPhone: '' }), 409, '合作方式：用工单位“杭州某制造”还有1名派驻在主营岗位的人员，不能改为劳务派遣');
    await expectRefused(t, () => call('clientRemove', { id: c.id }), 409, '用工单位“杭州某制造”还有1名待入职、在岗或待离岗人员，不能删除');
    expect((await ok<ClientView[]>('clientList')).find((x) => x.id === c.id)!.activeCount).toBe(1);
  });

  it('links a client on the platform by credit code and reads its on-job headcount', async () => {
    const p = await plan('外包方案', {}, { companyId: 2 });
    const c = await client('杭州云帆', p.id, { creditCode: '91330106MA2H0Q1X72', headcount: 5 }, { companyId: 2 });
    const [count] = await t.rows<{ n: number }>(sql`select count(*)::int as n from employees where company_id = 1 and archived_at is null and status in (1, 2, 3)`);
    expect(count!.n).toBeGreaterThan(0);
    expect(c).toMatchObject({ linkedCompanyId: 1, linkedCompanyName: '杭州云帆科技有限公司', headcount: 5, effectiveHeadcount: count!.n });
    // The caller's own credit code is never a link.
    const self = await client('自己', p.id, { creditCode: '91310115MA1K4B2C3J' }, { companyId: 2 });
    expect(self.linkedCompanyId).toBeNull();
  });

  it('refuses removing a plan in use, naming the client; removes both when free', async () => {
    const p = (await ok<PlanView[]>('planList')).find((x) => x.name === '派遣方案')!;
    expect(p.clientCount).toBe(1);
    await expectRefused(t, () => call('planRemove', { id: p.id }), 409, '方案「派遣方案」正被用工单位“杭州某制造”使用，不能删除');
    const free = await client('临时客户', (await plan('临时方案')).id);
    await ok('clientRemove', { id: free.id });
    await ok('planRemove', { id: free.planId });
    expect((await ok<PlanView[]>('planList')).map((x) => x.name)).not.toContain('临时方案');
    const audit = await t.rows<{ action: string }>(sql`select action from audit_log where company_id = 1 and action like 'os.%'`);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['os.plan.create', 'os.client.create', 'os.client.update', 'os.client.remove', 'os.plan.remove']));
  });

  it('never shows or changes a client to another company', async () => {
    const c = (await ok<ClientView[]>('clientList')).find((x) => x.name === '杭州某制造')!;
    const other = await ok<ClientView[]>('clientList', {}, { companyId: 2 });
    expect(other.map((x) => x.id)).not.toContain(c.id);
    const p2 = (await ok<PlanView[]>('planList', {}, { companyId: 2 }))[0]!;
    await expectRefused(t, () => call('clientSave', { ...c, id: c.id, planId: p2.id, contactPhone: '' }, { companyId: 2 }), 404, '用工单位不存在');
    await expectRefused(t, () => call('clientRemove', { id: c.id }, { companyId: 2 }), 404, '用工单位不存在');
    // Company 1's plan cannot be bought by company 2's client.
    await expectRefused(t, () => call('clientSave', { ...c, id: undefined, name: '新客户', planId: c.planId, contactPhone: '' }, { companyId: 2 }), 404, '方案不存在');
  });
});
