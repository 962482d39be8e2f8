import { and, eq, sql } from 'drizzle-orm';
import { customFormDefinitions } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** A company's form definition per scene. */

export type FormDefinitionRow = typeof customFormDefinitions.$inferSelect;

export async function findFormDefinition(exec: Executor, companyId: number, scene: string): Promise<FormDefinitionRow | null> {
  const rows = await exec
    .select()
    .from(customFormDefinitions)
    .where(and(eq(customFormDefinitions.companyId, companyId), eq(customFormDefinitions.scene, scene)))
    .limit(1);
  return rows[0] ?? null;
}

/** Creates or replaces the scene's definition. */
export async function upsertFormDefinition(
  exec: Executor,
  v: { companyId: number; scene: string; formConfig: Record<string, unknown>; widgetList: unknown[]; updatedBy: number | null },
): Promise<FormDefinitionRow> {
  const rows = await exec
    .insert(customFormDefinitions)
    .values(v)
    .onConflictDoUpdate({
      target: [customFormDefinitions.companyId, customFormDefinitions.scene],
      set: { formConfig: v.formConfig, widgetList: v.widgetList, updatedBy: v.updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  return rows[0]!;
}

/** Removes the scene's definition; answers whether there was one. */
export async function deleteFormDefinition(exec: Executor, companyId: number, scene: string): Promise<boolean> {
  const rows = await exec
    .delete(customFormDefinitions)
    .where(and(eq(customFormDefinitions.companyId, companyId), eq(customFormDefinitions.scene, scene)))
    .returning({ id: customFormDefinitions.id });
  return rows.length > 0;
}
