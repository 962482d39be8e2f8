import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { customFormDefinitions, customForms, customFormVersions, dictionaries, dictionaryItems, employeeChanges, employees } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** 字典中心 rows: the company's dictionaries, its items, and where an item's value is stored. */

export type DictionaryRow = typeof dictionaries.$inferSelect;
export type ItemRow = typeof dictionaryItems.$inferSelect;

export async function listDictionaries(exec: Executor, companyId: number): Promise<DictionaryRow[]> {
  return exec.select().from(dictionaries).where(eq(dictionaries.companyId, companyId)).orderBy(asc(dictionaries.id));
}

export async function findDictionary(exec: Executor, companyId: number, code: string): Promise<DictionaryRow | null> {
  const rows = await exec.select().from(dictionaries).where(and(eq(dictionaries.companyId, companyId), eq(dictionaries.code, code))).limit(1);
  return rows[0] ?? null;
}

export async function insertDictionary(exec: Executor, companyId: number, v: { code: string; name: string; description: string; createdBy: number }): Promise<DictionaryRow> {
  const [row] = await exec.insert(dictionaries).values({ ...v, companyId }).returning();
  return row!;
}

export async function updateDictionary(exec: Executor, companyId: number, code: string, v: { name: string; description: string }): Promise<DictionaryRow> {
  const [row] = await exec
    .update(dictionaries)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(dictionaries.companyId, companyId), eq(dictionaries.code, code)))
    .returning();
  return row!;
}

/** Removes the dictionary and its items. */
export async function deleteDictionary(exec: Executor, companyId: number, code: string): Promise<void> {
  await exec.delete(dictionaryItems).where(and(eq(dictionaryItems.companyId, companyId), eq(dictionaryItems.dictCode, code)));
  await exec.delete(dictionaries).where(and(eq(dictionaries.companyId, companyId), eq(dictionaries.code, code)));
}

export async function listItems(exec: Executor, companyId: number, dictCode: string): Promise<ItemRow[]> {
  return exec
    .select()
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.companyId, companyId), eq(dictionaryItems.dictCode, dictCode)))
    .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id));
}

/** Item and enabled counts per dictionary code. */
export async function itemCounts(exec: Executor, companyId: number): Promise<Map<string, { total: number; enabled: number }>> {
  const rows = await exec
    .select({ code: dictionaryItems.dictCode, total: count(), enabled: sql<number>`count(*) filter (where ${dictionaryItems.enabled})` })
    .from(dictionaryItems)
    .where(eq(dictionaryItems.companyId, companyId))
    .groupBy(dictionaryItems.dictCode);
  return new Map(rows.map((r) => [r.code, { total: Number(r.total), enabled: Number(r.enabled) }]));
}

export async function insertItem(exec: Executor, companyId: number, v: { dictCode: string; value: string; label: string; sort: number }): Promise<ItemRow> {
  const [row] = await exec.insert(dictionaryItems).values({ ...v, companyId }).returning();
  return row!;
}

export async function updateItem(exec: Executor, companyId: number, dictCode: string, value: string, v: Partial<Pick<ItemRow, 'label' | 'enabled' | 'sort'>>): Promise<ItemRow> {
  const [row] = await exec
    .update(dictionaryItems)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(dictionaryItems.companyId, companyId), eq(dictionaryItems.dictCode, dictCode), eq(dictionaryItems.value, value)))
    .returning();
  return row!;
}

export async function deleteItem(exec: Executor, companyId: number, dictCode: string, value: string): Promise<void> {
  await exec.delete(dictionaryItems).where(and(eq(dictionaryItems.companyId, companyId), eq(dictionaryItems.dictCode, dictCode), eq(dictionaryItems.value, value)));
}

export async function setItemOrder(exec: Executor, companyId: number, dictCode: string, values: readonly string[]): Promise<void> {
  for (const [i, value] of values.entries()) {
    await exec
      .update(dictionaryItems)
      .set({ sort: i + 1, updatedAt: new Date() })
      .where(and(eq(dictionaryItems.companyId, companyId), eq(dictionaryItems.dictCode, dictCode), eq(dictionaryItems.value, value)));
  }
}

/** The widgets of the company's forms (each form's current version, and definitions not yet moved onto versioned forms) whose options come from this dictionary. */
export async function widgetsUsingDictionary(exec: Executor, companyId: number, dictCode: string, widgetKey: string): Promise<{ scene: string; key: string; label: string }[]> {
  const rows = await exec.execute(sql`
    select coalesce(f.scene, '') as scene, w->>'key' as key, w->>'label' as label
    from ${customForms} f
    join ${customFormVersions} v on v.company_id = f.company_id and v.form_id = f.id and v.version = f.current_version,
    jsonb_array_elements(v.widget_list) w
    where f.company_id = ${companyId} and jsonb_typeof(v.widget_list) = 'array' and w->'options'->>${widgetKey} = ${dictCode}
    union all
    select d.scene, w->>'key' as key, w->>'label' as label
    from ${customFormDefinitions} d, jsonb_array_elements(d.widget_list) w
    where d.company_id = ${companyId} and jsonb_typeof(d.widget_list) = 'array' and w->'options'->>${widgetKey} = ${dictCode}`);
  return rowsOf<{ scene: string; key: string; label: string }>(rows);
}

export type UsageCount = { count: number; examples: string[] };

async function countWithExamples(exec: Executor, from: SQL, where: SQL, name: SQL): Promise<UsageCount> {
  const rows = rowsOf<{ n: string | number; examples: string[] | null }>(
    await exec.execute(sql`select count(*) as n, (array_agg(${name} order by ${name}))[1:5] as examples from ${from} where ${where}`),
  );
  const r = rows[0];
  return { count: Number(r?.n ?? 0), examples: r?.examples ?? [] };
}

const liveEmployee = (companyId: number) => sql`${employees.companyId} = ${companyId} and ${employees.archivedAt} is null`;

/** Employees (not deleted) whose custom field `key` holds the value, alone or among several. */
export async function employeesWithCustomValue(exec: Executor, companyId: number, key: string, value: string): Promise<UsageCount> {
  const field = sql`${employees.customFields}->${key}`;
  return countWithExamples(exec, sql`${employees}`, sql`${liveEmployee(companyId)} and (${field} #>> '{}' = ${value} or (jsonb_typeof(${field}) = 'array' and ${field} @> jsonb_build_array(${value}::text)))`, sql`${employees.name}`);
}

/** The employee columns that store a system dictionary's code. */
const EMPLOYEE_COLUMNS = {
  idType: employees.idType,
  gender: employees.gender,
  employmentType: employees.employmentType,
  education: employees.education,
  ethnicity: employees.ethnicity,
  maritalStatus: employees.maritalStatus,
  hukouType: employees.hukouType,
} as const;

export function employeeColumnFor(dictCode: string): boolean {
  return dictCode in EMPLOYEE_COLUMNS;
}

/** Employees (not deleted) whose record field of this system dictionary holds the value. */
export async function employeesWithFieldValue(exec: Executor, companyId: number, dictCode: string, value: string): Promise<UsageCount> {
  const col = EMPLOYEE_COLUMNS[dictCode as keyof typeof EMPLOYEE_COLUMNS];
  return countWithExamples(exec, sql`${employees}`, sql`${liveEmployee(companyId)} and ${col}::text = ${value}`, sql`${employees.name}`);
}

/** Resignations recorded with this value in their `after` field (离职原因 code, 离职类型), named by employee. */
export async function quitsWithValue(exec: Executor, companyId: number, field: 'reasonCode' | 'quitType', value: string): Promise<UsageCount> {
  return countWithExamples(
    exec,
    sql`${employeeChanges} join ${employees} on ${employees.companyId} = ${employeeChanges.companyId} and ${employees.id} = ${employeeChanges.employeeId}`,
    sql`${employeeChanges.companyId} = ${companyId} and ${employeeChanges.type} = 'quit' and ${employeeChanges.after}->>${field} = ${value}`,
    sql`${employees.name}`,
  );
}

export async function findItemsByValues(exec: Executor, companyId: number, dictCode: string, values: readonly string[]): Promise<ItemRow[]> {
  if (values.length === 0) return [];
  return exec
    .select()
    .from(dictionaryItems)
    .where(and(eq(dictionaryItems.companyId, companyId), eq(dictionaryItems.dictCode, dictCode), inArray(dictionaryItems.value, [...values])));
}
