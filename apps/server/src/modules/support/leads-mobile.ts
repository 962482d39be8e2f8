import { createDecipheriv } from 'node:crypto';
import { LEAD_MOBILE_CIPHER } from '@wfsaas/contracts';
import { badRequest } from '../../platform/errors.ts';

/** The lead form's mobile, as encryptLeadMobile (contracts) sends it: base64(iv ‖ ciphertext ‖ tag), AES-128-GCM. */

const KEY = Buffer.from(LEAD_MOBILE_CIPHER.keyText, 'utf8');
const MOBILE = /^1[3-9]\d{9}$/;

export const MSG_LEAD_MOBILE_UNREADABLE = '手机号：无法识别提交的手机号，请刷新页面后重新提交';
export const MSG_LEAD_MOBILE_FORMAT = '手机号：格式不正确，应为11位中国大陆手机号';

/** Decrypts and checks the mobile; a tampered or foreign value is the user's 400, never a 500. */
export function decryptLeadMobile(wire: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(wire)) throw badRequest(MSG_LEAD_MOBILE_UNREADABLE);
  const raw = Buffer.from(wire, 'base64');
  const { ivBytes, tagBytes } = LEAD_MOBILE_CIPHER;
  if (raw.length <= ivBytes + tagBytes) throw badRequest(MSG_LEAD_MOBILE_UNREADABLE);
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-128-gcm', KEY, raw.subarray(0, ivBytes), { authTagLength: tagBytes });
    decipher.setAuthTag(raw.subarray(raw.length - tagBytes));
    plain = Buffer.concat([decipher.update(raw.subarray(ivBytes, raw.length - tagBytes)), decipher.final()]).toString('utf8').trim();
  } catch {
    throw badRequest(MSG_LEAD_MOBILE_UNREADABLE);
  }
  if (!MOBILE.test(plain)) throw badRequest(MSG_LEAD_MOBILE_FORMAT);
  return plain;
}
