import { lastMessageWith, readOutbox } from '../../test/outbox.ts';
import { maskId, type TemplateDetail } from '@wfsaas/contracts';
import { rowsOf } from '../../platform/db.ts';
import type { TestApp } from '../../test/harness.ts';
import { buildLabourContractTemplate } from './econtracts.seed.ts';

/** Test helpers shared by the e-contract API tests and the pdfsig check. */

export const API = '/wfsaas-sign/api';

/** Runs SQL as the owner (no row-level security), for setting up and inspecting tests. */
export async function ownerRows<T>(t: TestApp, query: Parameters<TestApp['database']['db']['execute']>[0]): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

const lit = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** Gives employees of a company an ID number (as the roster import would), encrypted like the real record. */
export async function giveIdNumbers(t: TestApp, companyId: number, only?: number[]): Promise<Map<number, { name: string; idNumber: string; mobile: string }>> {
  const filter = only ? ` and id in (${only.map(Number).join(',')})` : '';
  const list = await ownerRows<{ id: number; name: string; mobile_enc: string }>(t, `select id, name, mobile_enc from employees where company_id = ${Number(companyId)}${filter} order by id`);
  const out = new Map<number, { name: string; idNumber: string; mobile: string }>();
  for (const [i, e] of list.entries()) {
    const idNumber = `330106${String(10_000_000 + Number(e.id)).slice(-8)}123${i % 2 === 0 ? 'X' : '7'}`;
    const c = t.services.cipher;
    await ownerRows(
      t,
      `update employees set id_number_enc = ${lit(c.encrypt(idNumber))}, id_number_hash = ${lit(c.lookupHash(idNumber))}, id_number_masked = ${lit(maskId(idNumber))} where company_id = ${Number(companyId)} and id = ${Number(e.id)}`,
    );
    out.set(Number(e.id), { name: e.name, idNumber, mobile: c.decrypt(e.mobile_enc) });
  }
  return out;
}

/** A contract type, the labour-contract template and a package (company first) through the API. */
export async function setUpTemplates(t: TestApp, token: string, companyId = 1): Promise<{ typeId: number; template: TemplateDetail; packageId: number }> {
  const call = <T>(path: string, body: unknown) => t.call<T>(`${API}/${path}`, { token, companyId, body });
  const type = await call<{ id: number }>('contractType/save', { name: `劳动合同-${Date.now()}` });
  if (type.body.code !== 200) throw new Error(type.body.message);
  const tpl = await buildLabourContractTemplate();
  const saved = await call<TemplateDetail>('contractTemplate/save', { name: '测试劳动合同', contractTypeId: type.body.data.id, kind: 'richText', title: tpl.title, paragraphs: tpl.paragraphs, fields: tpl.fields });
  if (saved.body.code !== 200) throw new Error(saved.body.message);
  const pkg = await call<{ id: number }>('signPackage/save', { name: '测试合同包', templateIds: [saved.body.data.id], signOrder: 1, deadlineDays: 7 });
  if (pkg.body.code !== 200) throw new Error(pkg.body.message);
  return { typeId: type.body.data.id, template: saved.body.data, packageId: pkg.body.data.id };
}

/** The link token sent to the employee for a contract: the newest SMS short link (/m/s/…) that opens its signing page. */
export async function linkTokenFromOutbox(t: TestApp, contractId: number): Promise<string> {
  for (const m of (await readOutbox(t)).reverse()) {
    const code = /\/m\/s\/([0-9A-Za-z]+)$/.exec(m.body)?.[1];
    if (!code) continue;
    const res = await t.app.inject({ method: 'GET', url: `/m/s/${code}` });
    const to = /\/detailWeifen\/(\d+)\?t=([A-Za-z0-9_.-]+)$/.exec(String(res.headers.location ?? ''));
    if (res.statusCode === 302 && to && Number(to[1]) === contractId) return to[2]!;
  }
  throw new Error(`no signing link sent for contract ${contractId}`);
}

/** Verifies the employee on the phone page (SMS code read from the outbox) and answers the view ticket. */
export async function phoneTicket(t: TestApp, contractId: number, token: string, who: { name: string; idNumber: string }, ip = '10.1.0.1'): Promise<string> {
  await ownerRows(t, 'delete from sms_codes');
  const sent = await t.call(`${API}/m/contract/sendCode`, { body: { contractId, t: token }, headers: { 'x-forwarded-for': ip } });
  if (sent.body.code !== 200) throw new Error(sent.body.message);
  const row = await lastMessageWith(t, '验证码为');
  const code = /验证码为(\d{6})/.exec(row!.body)![1]!;
  const v = await t.call<{ ticket: string }>(`${API}/m/contract/verify`, { body: { contractId, t: token, code, name: who.name, idLast6: who.idNumber.slice(-6) } });
  if (v.body.code !== 200) throw new Error(v.body.message);
  return v.body.data.ticket;
}

export async function postPdf(t: TestApp, url: string, body: unknown, opts: { token?: string; companyId?: number } = {}): Promise<{ status: number; type: string; bytes: Buffer; json: () => { code: number; message: string } }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.companyId) headers.companyid = String(opts.companyId);
  const res = await t.app.inject({ method: 'POST', url, headers, payload: body as object });
  return { status: res.statusCode, type: String(res.headers['content-type'] ?? ''), bytes: res.rawPayload, json: () => res.json() };
}
