import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPersonalDataCipher, hashPassword, newSmsCode, tokenHasher, verifyPassword } from './crypto.ts';

describe('personal-data cipher', () => {
  const key = randomBytes(32);
  const c = createPersonalDataCipher(key);
  it('round-trips Chinese and ASCII values and never stores the plain text', () => {
    for (const v of ['110101199003071234', '13800000000', '招商银行 6222021234567890123']) {
      const enc = c.encrypt(v);
      expect(enc).not.toContain(v);
      expect(c.decrypt(enc)).toBe(v);
    }
  });
  it('uses a fresh IV each time, so equal values encrypt differently', () => {
    expect(c.encrypt('13800000000')).not.toBe(c.encrypt('13800000000'));
  });
  it('detects tampering (GCM tag)', () => {
    const enc = c.encrypt('110101199003071234');
    const parts = enc.split(':');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[2] = body.toString('base64url');
    expect(() => c.decrypt(parts.join(':'))).toThrow();
  });
  it('cannot be read with another key', () => {
    const other = createPersonalDataCipher(randomBytes(32));
    expect(() => other.decrypt(c.encrypt('x'))).toThrow();
  });
  it('gives a stable keyed look-up hash that depends on the key', () => {
    expect(c.lookupHash('13800000000')).toBe(c.lookupHash(' 13800000000 '));
    expect(c.lookupHash('13800000000')).not.toBe(createPersonalDataCipher(randomBytes(32)).lookupHash('13800000000'));
    expect(c.lookupHash('13800000000')).toMatch(/^[0-9a-f]{64}$/);
  });
  it('refuses a key of the wrong size', () => {
    expect(() => createPersonalDataCipher(randomBytes(16))).toThrow();
  });
});

describe('passwords and tokens', () => {
  it('verifies the right password only', async () => {
    const h = await hashPassword('s3cret-密码');
    expect(h.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('s3cret-密码', h)).toBe(true);
    expect(await verifyPassword('s3cret', h)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
  it('hashes tokens with the secret', () => {
    const a = tokenHasher(Buffer.from('a'.repeat(32)));
    const b = tokenHasher(Buffer.from('b'.repeat(32)));
    expect(a('t')).toBe(a('t'));
    expect(a('t')).not.toBe(b('t'));
  });
  it('makes six-digit SMS codes', () => {
    for (let i = 0; i < 50; i++) expect(newSmsCode()).toMatch(/^\d{6}$/);
  });
});
