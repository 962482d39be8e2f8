import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { employees, siDeclarationLines, siDeclarations, siEntities, users } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** Declarations (申报单) and their lines. */

export type DeclarationRow = typeof siDeclarations.$inferSelect;
export type LineRow = typeof siDeclarationLines.$inferSelect;
export type NewLine = Omit<typeof siDeclarationLines.$inferInsert, 'companyId' | 'id' | 'declarationId' | 'updatedAt'>;
export type LinePerson = { employeeId: number; name: string; employeeNo: string | null; idNumberMasked: string | null; idNumberHash: string | null; idNumberEnc: string | null; mobileEnc: string | null; hukouType: number | null; idType: number | null };

export async function findDeclaration(exec: Executor, companyId: number, id: number): Promise<DeclarationRow | null> {
  const rows = await exec.select().from(siDeclarations).where(and(eq(siDeclarations.companyId, companyId), eq(siDeclarations.id, id)));
  return rows[0] ?? null;
}

/** The declaration of an entity's month that is not withdrawn. */
export async function findOpenDeclaration(exec: Executor, companyId: number, entityId: number, month: string): Promise<DeclarationRow | null> {
  const rows = await exec
    .select()
    .from(siDeclarations)
    .where(and(eq(siDeclarations.companyId, companyId), eq(siDeclarations.entityId, entityId), eq(siDeclarations.month, month), ne(siDeclarations.status, 4)));
  return rows[0] ?? null;
}

export async function listOpenDeclarationsOfMonth(exec: Executor, companyId: number, month: string): Promise<DeclarationRow[]> {
  return exec
    .select()
    .from(siDeclarations)
    .where(and(eq(siDeclarations.companyId, companyId), eq(siDeclarations.month, month), ne(siDeclarations.status, 4)));
}

export async function insertDeclaration(exec: Executor, companyId: number, entityId: number, month: string, by: number | null): Promise<DeclarationRow> {
  const [row] = await exec.insert(siDeclarations).values({ companyId, entityId, month, createdBy: by }).returning();
  return row!;
}

export async function updateDeclaration(exec: Executor, companyId: number, id: number, set: Partial<Pick<DeclarationRow, 'status' | 'submittedAt' | 'submittedBy' | 'portalNote'>>): Promise<DeclarationRow> {
  const [row] = await exec
    .update(siDeclarations)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(siDeclarations.companyId, companyId), eq(siDeclarations.id, id)))
    .returning();
  return row!;
}

export type DeclarationListRow = DeclarationRow & { entityName: string; city: string; submittedByName: string | null; lineCount: number; succeeded: number; failed: number };

export async function pageDeclarations(
  exec: Executor,
  companyId: number,
  f: { entityId?: number; month?: string; status?: number },
  pageNum: number,
  pageSize: number,
): Promise<{ rows: DeclarationListRow[]; total: number }> {
  const where = and(
    eq(siDeclarations.companyId, companyId),
    f.entityId ? eq(siDeclarations.entityId, f.entityId) : undefined,
    f.month ? eq(siDeclarations.month, f.month) : undefined,
    f.status !== undefined ? eq(siDeclarations.status, f.status) : undefined,
  );
  const [{ n }] = (await exec.select({ n: count() }).from(siDeclarations).where(where)) as [{ n: number }];
  const lines = sql<number>`(select count(*)::int from si_declaration_lines l where l.company_id = ${siDeclarations.companyId} and l.declaration_id = ${siDeclarations.id} and not l.dropped)`;
  const ok = sql<number>`(select count(*)::int from si_declaration_lines l where l.company_id = ${siDeclarations.companyId} and l.declaration_id = ${siDeclarations.id} and not l.dropped and l.result = 1)`;
  const bad = sql<number>`(select count(*)::int from si_declaration_lines l where l.company_id = ${siDeclarations.companyId} and l.declaration_id = ${siDeclarations.id} and not l.dropped and l.result = 2)`;
  const rows = await exec
    .select({ d: siDeclarations, entityName: siEntities.name, city: siEntities.city, submittedByName: users.nickname, lineCount: lines, succeeded: ok, failed: bad })
    .from(siDeclarations)
    .innerJoin(siEntities, and(eq(siEntities.companyId, siDeclarations.companyId), eq(siEntities.id, siDeclarations.entityId)))
    .leftJoin(users, eq(users.id, siDeclarations.submittedBy))
    .where(where)
    .orderBy(desc(siDeclarations.month), asc(siDeclarations.entityId), desc(siDeclarations.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return {
    total: Number(n),
    rows: rows.map((r) => ({ ...r.d, entityName: r.entityName, city: r.city, submittedByName: r.submittedByName, lineCount: Number(r.lineCount), succeeded: Number(r.succeeded), failed: Number(r.failed) })),
  };
}

export async function userName(exec: Executor, userId: number | null): Promise<string | null> {
  if (!userId) return null;
  const rows = await exec.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId));
  return rows[0]?.nickname ?? null;
}

// ── Lines ──

export async function listLines(exec: Executor, companyId: number, declarationId: number): Promise<LineRow[]> {
  return exec
    .select()
    .from(siDeclarationLines)
    .where(and(eq(siDeclarationLines.companyId, companyId), eq(siDeclarationLines.declarationId, declarationId)))
    .orderBy(asc(siDeclarationLines.id));
}

/** Stored lines of several declarations (counts of the month view). */
export async function listLinesOf(exec: Executor, companyId: number, declarationIds: number[]): Promise<LineRow[]> {
  if (declarationIds.length === 0) return [];
  return exec
    .select()
    .from(siDeclarationLines)
    .where(and(eq(siDeclarationLines.companyId, companyId), inArray(siDeclarationLines.declarationId, declarationIds)));
}

export async function findLine(exec: Executor, companyId: number, declarationId: number, id: number): Promise<LineRow | null> {
  const rows = await exec
    .select()
    .from(siDeclarationLines)
    .where(and(eq(siDeclarationLines.companyId, companyId), eq(siDeclarationLines.declarationId, declarationId), eq(siDeclarationLines.id, id)));
  return rows[0] ?? null;
}

const LINE_CHUNK = 500;

/** Inserts lines in multi-row statements of a few hundred. */
export async function insertLines(exec: Executor, companyId: number, declarationId: number, lines: readonly NewLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += LINE_CHUNK) {
    await exec.insert(siDeclarationLines).values(lines.slice(i, i + LINE_CHUNK).map((l) => ({ ...l, companyId, declarationId })));
  }
}

export async function insertLine(exec: Executor, companyId: number, declarationId: number, line: NewLine): Promise<LineRow> {
  const [row] = await exec.insert(siDeclarationLines).values({ ...line, companyId, declarationId }).returning();
  return row!;
}

export async function updateLine(exec: Executor, companyId: number, id: number, set: Partial<NewLine>): Promise<LineRow> {
  const [row] = await exec
    .update(siDeclarationLines)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(siDeclarationLines.companyId, companyId), eq(siDeclarationLines.id, id)))
    .returning();
  return row!;
}

/** Sets the result of lines by id. */
export async function setLineResults(exec: Executor, companyId: number, results: { id: number; result: number; reason: string }[]): Promise<void> {
  for (const r of results) await exec.update(siDeclarationLines).set({ result: r.result, reason: r.reason, updatedAt: new Date() }).where(and(eq(siDeclarationLines.companyId, companyId), eq(siDeclarationLines.id, r.id)));
}

/** Name, number and identity facts of the people of lines (an employee archived since is still named). */
export async function listLinePeople(exec: Executor, companyId: number, employeeIds: number[]): Promise<Map<number, LinePerson>> {
  if (employeeIds.length === 0) return new Map();
  const out = new Map<number, LinePerson>();
  const ids = [...new Set(employeeIds)];
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = rowsOf<Record<string, unknown>>(
      await exec.execute(sql`
        select id, name, employee_no, id_number_masked, id_number_hash, id_number_enc, mobile_enc, hukou_type, id_type
        from employees where company_id = ${companyId} and id = any(${`{${ids.slice(i, i + 5000).join(',')}}`}::bigint[])`),
    );
    for (const r of rows) {
      out.set(Number(r.id), {
        employeeId: Number(r.id),
        name: String(r.name),
        employeeNo: (r.employee_no as string | null) ?? null,
        idNumberMasked: (r.id_number_masked as string | null) ?? null,
        idNumberHash: (r.id_number_hash as string | null) ?? null,
        idNumberEnc: (r.id_number_enc as string | null) ?? null,
        mobileEnc: (r.mobile_enc as string | null) ?? null,
        hukouType: r.hukou_type === null || r.hukou_type === undefined ? null : Number(r.hukou_type),
        idType: r.id_type === null || r.id_type === undefined ? null : Number(r.id_type),
      });
    }
  }
  return out;
}

/** Whether an employee of the company exists (archived or not). */
export async function employeeExists(exec: Executor, companyId: number, employeeId: number): Promise<boolean> {
  const rows = await exec.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  return rows.length > 0;
}
