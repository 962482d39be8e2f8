import { and, desc, eq, isNull } from 'drizzle-orm';
import { payslipTemplates } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Payslip templates (工资条模板). */

export type TemplateRow = typeof payslipTemplates.$inferSelect;

export async function listTemplates(exec: Executor, companyId: number): Promise<TemplateRow[]> {
  return exec
    .select()
    .from(payslipTemplates)
    .where(and(eq(payslipTemplates.companyId, companyId), isNull(payslipTemplates.archivedAt)))
    .orderBy(desc(payslipTemplates.updatedAt), desc(payslipTemplates.id));
}

export async function findTemplate(exec: Executor, companyId: number, id: number): Promise<TemplateRow | null> {
  const rows = await exec
    .select()
    .from(payslipTemplates)
    .where(and(eq(payslipTemplates.companyId, companyId), eq(payslipTemplates.id, id), isNull(payslipTemplates.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findTemplateByName(exec: Executor, companyId: number, name: string): Promise<TemplateRow | null> {
  const rows = await exec
    .select()
    .from(payslipTemplates)
    .where(and(eq(payslipTemplates.companyId, companyId), eq(payslipTemplates.name, name), isNull(payslipTemplates.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTemplate(exec: Executor, v: typeof payslipTemplates.$inferInsert): Promise<TemplateRow> {
  const rows = await exec.insert(payslipTemplates).values(v).returning();
  return rows[0]!;
}

export async function updateTemplate(exec: Executor, companyId: number, id: number, set: Partial<typeof payslipTemplates.$inferInsert>): Promise<TemplateRow | null> {
  const rows = await exec
    .update(payslipTemplates)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(payslipTemplates.companyId, companyId), eq(payslipTemplates.id, id), isNull(payslipTemplates.archivedAt)))
    .returning();
  return rows[0] ?? null;
}
