import { and, desc, eq, sql } from 'drizzle-orm';
import { certificationPayments, companies, companyCertifications, users } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Licence submissions and payment attempts. Company queries filter by companyId; operator queries name only these tables and the company's name. */

export type CertificationRow = typeof companyCertifications.$inferSelect;
export type PaymentRow = typeof certificationPayments.$inferSelect;

export async function insertCertification(exec: Executor, v: typeof companyCertifications.$inferInsert): Promise<CertificationRow> {
  const [row] = await exec.insert(companyCertifications).values(v).returning();
  return row!;
}

export async function findLatestCertification(exec: Executor, companyId: number): Promise<CertificationRow | null> {
  const [row] = await exec.select().from(companyCertifications).where(eq(companyCertifications.companyId, companyId)).orderBy(desc(companyCertifications.id)).limit(1);
  return row ?? null;
}

export async function findCertification(exec: Executor, companyId: number, id: number): Promise<CertificationRow | null> {
  const [row] = await exec
    .select()
    .from(companyCertifications)
    .where(and(eq(companyCertifications.companyId, companyId), eq(companyCertifications.id, id)))
    .limit(1);
  return row ?? null;
}

/** Closes a submission under review; null when it was no longer under review (a concurrent decision). */
export async function decideCertification(
  exec: Executor,
  companyId: number,
  id: number,
  set: { status: number; rejectReason: string | null; reviewedBy: number | null },
): Promise<CertificationRow | null> {
  const [row] = await exec
    .update(companyCertifications)
    .set({ ...set, reviewedAt: new Date() })
    .where(and(eq(companyCertifications.companyId, companyId), eq(companyCertifications.id, id), eq(companyCertifications.status, 1)))
    .returning();
  return row ?? null;
}

export async function findPendingCertificationId(exec: Executor, companyId: number): Promise<number | null> {
  const [row] = await exec
    .select({ id: companyCertifications.id })
    .from(companyCertifications)
    .where(and(eq(companyCertifications.companyId, companyId), eq(companyCertifications.status, 1)))
    .limit(1);
  return row?.id ?? null;
}

export async function setCompanyCertification(exec: Executor, companyId: number, status: number, certifiedAt: Date | null): Promise<void> {
  await exec.update(companies).set({ certificationStatus: status, certifiedAt }).where(eq(companies.id, companyId));
}

export async function insertPayment(exec: Executor, v: typeof certificationPayments.$inferInsert): Promise<PaymentRow> {
  const [row] = await exec.insert(certificationPayments).values(v).returning();
  return row!;
}

export async function findLatestPayment(exec: Executor, companyId: number): Promise<PaymentRow | null> {
  const [row] = await exec.select().from(certificationPayments).where(eq(certificationPayments.companyId, companyId)).orderBy(desc(certificationPayments.id)).limit(1);
  return row ?? null;
}

/** The attempt, locked for the update that follows. */
export async function lockPayment(exec: Executor, companyId: number, id: number): Promise<PaymentRow | null> {
  const [row] = await exec
    .select()
    .from(certificationPayments)
    .where(and(eq(certificationPayments.companyId, companyId), eq(certificationPayments.id, id)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updatePayment(exec: Executor, companyId: number, id: number, set: Partial<typeof certificationPayments.$inferInsert>): Promise<PaymentRow> {
  const [row] = await exec
    .update(certificationPayments)
    .set(set)
    .where(and(eq(certificationPayments.companyId, companyId), eq(certificationPayments.id, id)))
    .returning();
  return row!;
}

/** Voids the company's open attempts (waiting for the transfer or for the amount) when a new one starts. */
export async function voidOpenPayments(exec: Executor, companyId: number): Promise<number> {
  const rows = await exec
    .update(certificationPayments)
    .set({ status: 4 })
    .where(and(eq(certificationPayments.companyId, companyId), sql`${certificationPayments.status} in (0, 1)`))
    .returning({ id: certificationPayments.id });
  return rows.length;
}

// ── Platform operator (owner transaction, across companies) ──

export async function listCertificationsForReview(exec: Executor, status: number | undefined) {
  return exec
    .select({ c: companyCertifications, companyName: companies.name, creditCode: companies.creditCode })
    .from(companyCertifications)
    .innerJoin(companies, eq(companies.id, companyCertifications.companyId))
    .where(status === undefined ? undefined : eq(companyCertifications.status, status))
    .orderBy(desc(companyCertifications.createdAt))
    .limit(200);
}

export async function listPaymentsForOperator(exec: Executor, status: number | undefined) {
  return exec
    .select({ p: certificationPayments, companyName: companies.name })
    .from(certificationPayments)
    .innerJoin(companies, eq(companies.id, certificationPayments.companyId))
    .where(status === undefined ? undefined : eq(certificationPayments.status, status))
    .orderBy(desc(certificationPayments.createdAt))
    .limit(200);
}

/** The signed-in person's own phone (encrypted), where the certification code is sent. */
export async function findUserPhoneEnc(exec: Executor, userId: number): Promise<string | null> {
  const [row] = await exec.select({ phoneEnc: users.phoneEnc }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.phoneEnc ?? null;
}
