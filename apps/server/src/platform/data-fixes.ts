import { and, eq, isNotNull } from 'drizzle-orm';
import { importRows, onboardingInvites, outbox } from '../db/schema/index.ts';
import type { AppServices } from './services.ts';

const BATCH = 500;

/**
 * Encrypts what earlier versions kept in clear: outbox texts (codes, links), imported rows' cells,
 * invitation link tokens. Runs at start, as the owner, in batches; a no-op once done. Answers how
 * many rows it changed.
 */
export async function encryptLegacyPlaintext(services: AppServices): Promise<number> {
  const { db } = services.database;
  const { cipher } = services;
  let changed = 0;
  for (;;) {
    const rows = await db.select({ id: outbox.id, body: outbox.body }).from(outbox).where(isNotNull(outbox.body)).limit(BATCH);
    for (const r of rows) await db.update(outbox).set({ bodyEnc: cipher.encrypt(r.body!), body: null }).where(eq(outbox.id, r.id));
    changed += rows.length;
    if (rows.length < BATCH) break;
  }
  for (;;) {
    const rows = await db
      .select({ companyId: importRows.companyId, batchId: importRows.batchId, rowNo: importRows.rowNo, data: importRows.data })
      .from(importRows)
      .where(isNotNull(importRows.data))
      .limit(BATCH);
    for (const r of rows) {
      await db
        .update(importRows)
        .set({ dataEnc: cipher.encrypt(JSON.stringify(r.data)), data: null })
        .where(and(eq(importRows.companyId, r.companyId), eq(importRows.batchId, r.batchId), eq(importRows.rowNo, r.rowNo)));
    }
    changed += rows.length;
    if (rows.length < BATCH) break;
  }
  const invites = await db.select({ companyId: onboardingInvites.companyId, id: onboardingInvites.id, token: onboardingInvites.token }).from(onboardingInvites).where(isNotNull(onboardingInvites.token));
  for (const r of invites) {
    await db
      .update(onboardingInvites)
      .set({ tokenEnc: cipher.encrypt(r.token!), token: null })
      .where(and(eq(onboardingInvites.companyId, r.companyId), eq(onboardingInvites.id, r.id)));
  }
  return changed + invites.length;
}
