import type { PayAccountView } from '@wfsaas/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db.ts';
import { signInAsRole } from '../../test/factories.ts';
import { createTestApp, expectUnchanged, type TestApp } from '../../test/harness.ts';

/** 支付配置: paying accounts kept encrypted and shown masked, one default, bad input named, companies apart, keys needed. */

const API = '/wfsaas-saas/api/payConfig';
let t: TestApp;
let admin: string;
let reader: string;

const call = <T>(path: string, body: object = {}, token = admin, companyId = 1) => t.call<T>(`${API}${path}`, { token, companyId, body });
async function ok<T>(path: string, body: object = {}, token = admin, companyId = 1): Promise<T> {
  const r = await call<T>(path, body, token, companyId);
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data;
}
const account = { bankName: '招商银行', branch: '杭州高新支行', accountName: '杭州云帆科技有限公司', accountNumber: '5719 0876 5410 802', layout: 'cmb' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('13800000000');
  reader = (await signInAsRole(t, { adminToken: admin, phone: '13700009301', role: '支付配置查看', permissionKeys: ['payConfig'] })).token;
}, 120_000);
afterAll(async () => t?.close());

describe('paying accounts', () => {
  it('adds an account encrypted and masked; the first is the default', async () => {
    const a = await ok<PayAccountView>('/account/save', account);
    expect(a).toMatchObject({ bankName: '招商银行', accountMasked: '**** **** **** 0802', layout: 'cmb', layoutLabel: '招商银行', isDefault: true, enabled: true });
    const stored = rowsOf<{ account_enc: string }>(await t.database.db.execute(sql`select account_enc from pay_accounts where company_id = 1 and id = ${a.id}`));
    expect(stored[0]!.account_enc).not.toContain('571908765410802');
    expect(t.services.cipher.decrypt(stored[0]!.account_enc)).toBe('571908765410802');
    expect(JSON.stringify(await ok('/account/list'))).not.toContain('571908765410802');
  });

  it('refuses bad input by field and a repeated number, changing nothing', async () => {
    await expectUnchanged(t.database, () => call('/account/save', { ...account, accountNumber: '12ab' }), 400, /银行账号应为8-32位数字/);
    await expectUnchanged(t.database, () => call('/account/save', { ...account, accountNumber: '' }), 400, '银行账号不能为空');
    await expectUnchanged(t.database, () => call('/account/save', { ...account, layout: 'boc' }), 400, /代发文件格式/);
    await expectUnchanged(t.database, () => call('/account/save', { ...account, branch: ' ' }), 400, /开户支行/);
    await expectUnchanged(t.database, () => call('/account/save', account), 409, '银行账号尾号0802已添加为付款账户');
  });

  it('moves the default, keeps the number on edit, disables and removes', async () => {
    const icbc = await ok<PayAccountView>('/account/save', { bankName: '中国工商银行', branch: '杭州西湖支行', accountName: '杭州云帆科技有限公司', accountNumber: '1202020209900012345', layout: 'icbc', isDefault: true });
    let list = await ok<PayAccountView[]>('/account/list');
    expect(list.filter((x) => x.isDefault).map((x) => x.id)).toEqual([icbc.id]);
    const edited = await ok<PayAccountView>('/account/save', { id: icbc.id, bankName: '中国工商银行', branch: '杭州文三路支行', accountName: '杭州云帆科技有限公司', layout: 'icbc', isDefault: true });
    expect(edited).toMatchObject({ branch: '杭州文三路支行', accountMasked: '**** **** **** 2345' });
    const off = await ok<PayAccountView>('/account/enable', { id: icbc.id, enabled: false });
    expect(off).toMatchObject({ enabled: false, isDefault: false });
    await expectUnchanged(t.database, () => call('/account/default', { id: icbc.id }), 400, '付款账户已停用，启用后才能设为默认');
    await ok('/account/remove', { id: icbc.id });
    list = await ok<PayAccountView[]>('/account/list');
    expect(list.map((x) => x.id)).not.toContain(icbc.id);
    const audit = rowsOf<{ action: string }>(await t.database.db.execute(sql`select action from audit_log where company_id = 1 and entity = 'pay_account' and entity_id = ${String(icbc.id)} order by id`));
    expect(audit.map((r) => r.action)).toEqual(['payConfig.account.add', 'payConfig.account.edit', 'payConfig.account.disable', 'payConfig.account.remove']);
  });

  it('keeps companies apart and needs the keys', async () => {
    const [mine] = await ok<PayAccountView[]>('/account/list');
    expect(await ok<PayAccountView[]>('/account/list', {}, admin, 2)).toEqual([]);
    await expectUnchanged(t.database, () => call('/account/default', { id: mine!.id }, admin, 2), 404, '付款账户不存在');
    expect((await ok<PayAccountView[]>('/account/list', {}, reader)).length).toBe(1);
    await expectUnchanged(t.database, () => call('/account/save', { ...account, accountNumber: '6222020200999999' }, reader), 403, /./);
    await expectUnchanged(t.database, () => call('/account/remove', { id: mine!.id }, reader), 403, /./);
  });
});
