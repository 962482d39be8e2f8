import { hkdfSync } from 'node:crypto';
import { createRootCa, exportEncryptedKey, loadRootCa, type RootCa } from '@wfsaas/esign';
import { eq } from 'drizzle-orm';
import { platformCa } from '../db/schema/index.ts';
import type { Executor } from './db.ts';

/** The root's subject. */
export const PLATFORM_CA_NAME = 'wfsaas 电子签名根证书';
const ROW_ID = 1;

export type PlatformRootRow = typeof platformCa.$inferSelect;

/**
 * The passphrase of the stored root key, derived from the configured master key (ENCRYPTION_KEY):
 * never a fixed secret, and a different key than the one personal data is encrypted with.
 */
export function caKeyPassphrase(masterKey: Buffer): string {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'wfsaas/platform-ca/key', 32)).toString('base64url');
}

export async function findPlatformRoot(exec: Executor): Promise<PlatformRootRow | null> {
  const rows = await exec.select().from(platformCa).where(eq(platformCa.id, ROW_ID)).limit(1);
  return rows[0] ?? null;
}

/**
 * Creates the platform's root CA when none exists (first start), and answers the stored one.
 * Race-safe: the table holds at most the row with id 1, so when two processes start at once both
 * may generate a key but only the first insert is kept; both then read that one row.
 */
export async function ensurePlatformRoot(exec: Executor, masterKey: Buffer): Promise<{ root: PlatformRootRow; created: boolean }> {
  const existing = await findPlatformRoot(exec);
  if (existing) return { root: existing, created: false };
  const ca = await createRootCa({ commonName: PLATFORM_CA_NAME, organization: 'wfsaas' });
  const inserted = await exec
    .insert(platformCa)
    .values({
      id: ROW_ID,
      commonName: PLATFORM_CA_NAME,
      certificatePem: ca.certificatePem,
      encryptedKeyPem: exportEncryptedKey(ca, caKeyPassphrase(masterKey)),
      serialNumber: ca.serialNumber,
      notBefore: ca.notBefore,
      notAfter: ca.notAfter,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { root: inserted[0], created: true };
  const winner = await findPlatformRoot(exec);
  if (!winner) throw new Error('platform root CA could not be stored');
  return { root: winner, created: false };
}

/** The root with its private key, for issuing certificates (company, event, TSA). */
export async function loadPlatformRoot(exec: Executor, masterKey: Buffer): Promise<RootCa> {
  const row = (await findPlatformRoot(exec)) ?? (await ensurePlatformRoot(exec, masterKey)).root;
  return loadRootCa({ certificatePem: row.certificatePem, encryptedKeyPem: row.encryptedKeyPem, passphrase: caKeyPassphrase(masterKey) });
}
