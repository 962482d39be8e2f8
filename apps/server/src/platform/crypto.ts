import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  scrypt as scryptCb,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/**
 * Personal-data protection: AES-256-GCM for values at rest, and a keyed hash
 * (HMAC-SHA256 with a key derived from the same master key) for look-ups and uniqueness.
 */
export type PersonalDataCipher = {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  lookupHash(plain: string): string;
};

const VERSION = 'v1';

export function createPersonalDataCipher(masterKey: Buffer): PersonalDataCipher {
  if (masterKey.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes');
  const encKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'wfsaas/pii/enc', 32));
  const hashKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'wfsaas/pii/hash', 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return `${VERSION}:${iv.toString('base64url')}:${body.toString('base64url')}:${tag.toString('base64url')}`;
    },
    decrypt(stored) {
      const [version, iv, body, tag] = stored.split(':');
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('Unrecognised ciphertext');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    lookupHash(plain) {
      return createHmac('sha256', hashKey).update(plain.trim()).digest('hex');
    },
  };
}

const SCRYPT = { N: 16384, r: 8, p: 1 };

/** scrypt password hash: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return timingSafeEqual(expected, actual);
}

/** Opaque bearer tokens and one-time keys: random, stored only as a keyed hash. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function tokenHasher(secret: Buffer): (token: string) => string {
  return (token) => createHmac('sha256', secret).update(token).digest('hex');
}

/** A numeric code for SMS sign-in. */
export function newSmsCode(): string {
  return String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}
