import { randomInt } from 'node:crypto';
import type { MyInvitations, SubAccountInvitation } from '@wfsaas/contracts';
import type { TestApp } from './harness.ts';
import { readOutbox } from './outbox.ts';

type Envelope<T> = { code: number; message: string; data: T };

/** A client address of its own, so the per-address SMS limit of one test does not meet another's. */
export function someClientAddress(): string {
  return `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;
}

async function post<T>(t: TestApp, url: string, o: { token?: string; companyId?: number; body?: unknown; ip?: string } = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.companyId !== undefined) headers.companyid = String(o.companyId);
  const res = await t.app.inject({ method: 'POST', url, headers, remoteAddress: o.ip ?? someClientAddress(), ...(o.body === undefined ? {} : { payload: o.body as object }) });
  return res.json() as Envelope<T>;
}

/** Signs in by an SMS code sent to the phone (read from the outbox), as a person holding that phone would. */
export async function signInBySms(t: TestApp, phone: string, ip = someClientAddress()): Promise<string> {
  const sent = await post(t, '/wfsaas-auth/sms/send', { body: { phone }, ip });
  if (sent.code !== 200) throw new Error(`sms/send: ${sent.message}`);
  const last = (await readOutbox(t)).filter((m) => m.channel === 'sms' && m.recipient === phone && m.body.includes('登录验证码')).at(-1);
  const code = /验证码为(\d{6})/.exec(last?.body ?? '')?.[1];
  if (!code) throw new Error(`no sign-in code sent to ${phone}`);
  const login = await post<{ access_token: string }>(t, '/wfsaas-auth/loginBySms', { body: { phone, code }, ip });
  if (login.code !== 200) throw new Error(`loginBySms: ${login.message}`);
  return login.data.access_token;
}

/**
 * Brings a person into a company the way the product does: an administrator invites the phone, the
 * person signs in by SMS code and accepts; a password, when wanted, is set by the person.
 */
export async function joinCompany(
  t: TestApp,
  o: { adminToken: string; companyId: number; phone: string; nickname: string; roleIds?: number[]; password?: string },
): Promise<{ userId: number; token: string; invitationId: number }> {
  const invited = await post<SubAccountInvitation>(t, '/wfsaas-system/api/subAccount/save', { token: o.adminToken, companyId: o.companyId, body: { phone: o.phone, nickname: o.nickname, roleIds: o.roleIds ?? [] } });
  if (invited.code !== 200) throw new Error(`invite: ${invited.message}`);
  const token = await signInBySms(t, o.phone);
  const mine = await post<MyInvitations>(t, '/wfsaas-saas/api/company/invitation/list', { token });
  const invitation = mine.data.invitations.find((i) => i.companyId === o.companyId);
  if (!invitation) throw new Error(`no open invitation to company ${o.companyId} for ${o.phone}`);
  const accepted = await post(t, '/wfsaas-saas/api/company/invitation/accept', { token, body: { companyId: o.companyId, invitationId: invitation.invitationId } });
  if (accepted.code !== 200) throw new Error(`accept: ${accepted.message}`);
  if (o.password) {
    const set = await post(t, '/wfsaas-auth/password/update', { token, body: { password: o.password } });
    if (set.code !== 200) throw new Error(`password: ${set.message}`);
  }
  const me = await post<{ user_info: { sysUser: { userId: number } } }>(t, '/wfsaas-auth/userInfo', { token });
  return { userId: me.data.user_info.sysUser.userId, token, invitationId: invitation.invitationId };
}
