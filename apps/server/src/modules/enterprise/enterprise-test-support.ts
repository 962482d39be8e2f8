import { usccCheckChar } from '@wfsaas/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { readOutbox } from '../../test/outbox.ts';
import { ageCompanyCreation, ageSmsCodes } from './enterprise-fixtures.queries.ts';

/** A valid unified social credit code ending in the given serial (checksum computed). */
export function testUscc(n: number): string {
  const first17 = `9133010${String(n).padStart(10, '0')}`;
  return first17 + usccCheckChar(first17)!;
}

/** A new, uncertified company the signed-in user administers. */
export async function newCompany(t: TestApp, token: string, name: string, n: number): Promise<number> {
  // the three-a-day limit on creating companies is not what these tests are about
  await ageCompanyCreation(t);
  const r = await t.call<{ companyId: number }>('/wfsaas-saas/api/company/create', { token, body: { companyName: name, creditCode: testUscc(n), contactName: '林晓', contactPhone: '13800000000' } });
  expect(r.body.code, r.body.message).toBe(200);
  return r.body.data.companyId;
}

/** Sends the certification code to the caller's phone and reads it from the outbox (older codes are aged past the resend limit first). */
export async function certificationCode(t: TestApp, token: string, companyId: number, phone = '13800000000'): Promise<string> {
  await ageSmsCodes(t);
  const r = await t.call('/wfsaas-saas/api/companyAuth/sendSmsVerifyCode', { token, companyId });
  expect(r.body.code, r.body.message).toBe(200);
  const last = (await readOutbox(t)).filter((m) => m.recipient === phone && m.body.includes('企业认证')).at(-1);
  const code = /验证码为(\d{6})/.exec(last?.body ?? '')?.[1];
  expect(code).toBeDefined();
  return code!;
}
