import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from './db.ts';
import type { AppServices } from './services.ts';

/**
 * Makes exactly the users of these phones platform operators (PLATFORM_OPERATORS, applied at start):
 * listed users whose phone is verified gain the flag, every other user loses it. Answers how many
 * operators there are and the listed phones without a verified account.
 */
export async function applyPlatformOperators(services: AppServices, exec: Executor, phones: readonly string[]): Promise<{ operators: number; missing: string[] }> {
  const hashes = phones.map((p) => services.cipher.lookupHash(p));
  const list = sql.join(
    hashes.map((h) => sql`${h}`),
    sql`, `,
  );
  await exec.execute(sql`update users set platform_operator = false where platform_operator and phone_hash not in (${list})`);
  await exec.execute(sql`update users set platform_operator = true where not platform_operator and phone_hash in (${list}) and phone_verified_at is not null`);
  const found = new Set(rowsOf<{ phone_hash: string }>(await exec.execute(sql`select phone_hash from users where platform_operator`)).map((r) => r.phone_hash));
  return { operators: found.size, missing: phones.filter((_, i) => !found.has(hashes[i]!)) };
}
