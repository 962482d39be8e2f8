import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { departments, employeeAttachments, employees, employeeTasks, files } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** Attachments and tasks of employees. */

// ── attachments ──

export type AttachmentRow = {
  id: number;
  employeeId: number;
  /** The file's row id; `publicId` is what clients see. */
  fileId: number;
  publicId: string | null;
  category: string;
  createdAt: Date;
  fileName: string | null;
  size: number | null;
  mime: string | null;
  isImage: boolean | null;
};

const attachmentColumns = {
  id: employeeAttachments.id,
  employeeId: employeeAttachments.employeeId,
  fileId: employeeAttachments.fileId,
  publicId: files.publicId,
  category: employeeAttachments.category,
  createdAt: employeeAttachments.createdAt,
  fileName: files.originalName,
  size: files.size,
  mime: files.mime,
  isImage: files.isImage,
};

export async function listAttachments(exec: Executor, companyId: number, employeeId: number): Promise<AttachmentRow[]> {
  return exec
    .select(attachmentColumns)
    .from(employeeAttachments)
    .leftJoin(files, and(eq(files.companyId, employeeAttachments.companyId), eq(files.id, employeeAttachments.fileId)))
    .where(and(eq(employeeAttachments.companyId, companyId), eq(employeeAttachments.employeeId, employeeId), isNull(employeeAttachments.archivedAt)))
    .orderBy(asc(employeeAttachments.createdAt), asc(employeeAttachments.id));
}

export async function findAttachment(exec: Executor, companyId: number, id: number): Promise<AttachmentRow | null> {
  const rows = await exec
    .select(attachmentColumns)
    .from(employeeAttachments)
    .leftJoin(files, and(eq(files.companyId, employeeAttachments.companyId), eq(files.id, employeeAttachments.fileId)))
    .where(and(eq(employeeAttachments.companyId, companyId), eq(employeeAttachments.id, id), isNull(employeeAttachments.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAttachmentByFile(exec: Executor, companyId: number, employeeId: number, fileId: number): Promise<number | null> {
  const rows = await exec
    .select({ id: employeeAttachments.id })
    .from(employeeAttachments)
    .where(
      and(
        eq(employeeAttachments.companyId, companyId),
        eq(employeeAttachments.employeeId, employeeId),
        eq(employeeAttachments.fileId, fileId),
        isNull(employeeAttachments.archivedAt),
      ),
    )
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function insertAttachment(exec: Executor, v: { companyId: number; employeeId: number; fileId: number; category: string; createdBy: number | null }): Promise<number> {
  const rows = await exec.insert(employeeAttachments).values(v).returning({ id: employeeAttachments.id });
  return rows[0]!.id;
}

export async function archiveAttachment(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec
    .update(employeeAttachments)
    .set({ archivedAt: sql`now()` })
    .where(and(eq(employeeAttachments.companyId, companyId), eq(employeeAttachments.id, id), isNull(employeeAttachments.archivedAt)));
}

/** Sets or clears the record's photo (clearing only when it is still that file). */
export async function setEmployeePhoto(exec: Executor, companyId: number, employeeId: number, fileId: number | null, onlyIfFileId?: number): Promise<void> {
  await exec
    .update(employees)
    .set({ photoFileId: fileId, updatedAt: sql`now()` })
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.id, employeeId),
        onlyIfFileId === undefined ? undefined : eq(employees.photoFileId, onlyIfFileId),
      ),
    );
}

// ── tasks ──

export type TaskRow = {
  id: number;
  employeeId: number;
  employeeName: string | null;
  employeeNo: string | null;
  departmentName: string | null;
  title: string;
  type: number;
  dueDate: string | null;
  status: number;
  doneAt: Date | null;
  createdAt: Date;
};

const taskColumns = {
  id: employeeTasks.id,
  employeeId: employeeTasks.employeeId,
  employeeName: employees.name,
  employeeNo: employees.employeeNo,
  departmentName: departments.name,
  title: employeeTasks.title,
  type: employeeTasks.type,
  dueDate: employeeTasks.dueDate,
  status: employeeTasks.status,
  doneAt: employeeTasks.doneAt,
  createdAt: employeeTasks.createdAt,
};

export type TaskFilter = { employeeId?: number; status?: number; type?: number; keyword?: string; overdueBefore?: string; scope?: readonly number[] | null; offset: number; limit: number };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Open tasks first, by due date; then done ones, newest first. Tasks of archived employees are not shown. */
export async function listTasksPage(exec: Executor, companyId: number, f: TaskFilter): Promise<{ rows: TaskRow[]; total: number }> {
  const conds: (SQL | undefined)[] = [eq(employeeTasks.companyId, companyId), isNull(employeeTasks.archivedAt), isNull(employees.archivedAt)];
  if (f.employeeId !== undefined) conds.push(eq(employeeTasks.employeeId, f.employeeId));
  if (f.scope) conds.push(f.scope.length ? inArray(employees.departmentId, [...f.scope]) : sql`false`);
  if (f.status !== undefined) conds.push(eq(employeeTasks.status, f.status));
  if (f.type !== undefined) conds.push(eq(employeeTasks.type, f.type));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    conds.push(or(ilike(employeeTasks.title, like), ilike(employees.name, like)));
  }
  if (f.overdueBefore) conds.push(and(eq(employeeTasks.status, 0), lt(employeeTasks.dueDate, f.overdueBefore)));
  const where = and(...conds);
  const base = () =>
    exec
      .select(taskColumns)
      .from(employeeTasks)
      .innerJoin(employees, and(eq(employees.companyId, employeeTasks.companyId), eq(employees.id, employeeTasks.employeeId)))
      .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)));
  const totalRows = await exec
    .select({ n: count() })
    .from(employeeTasks)
    .innerJoin(employees, and(eq(employees.companyId, employeeTasks.companyId), eq(employees.id, employeeTasks.employeeId)))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(asc(employeeTasks.status), sql`${employeeTasks.dueDate} asc nulls last`, desc(employeeTasks.createdAt), desc(employeeTasks.id))
    .offset(f.offset)
    .limit(f.limit);
  return { rows, total: Number(totalRows[0]?.n ?? 0) };
}

export async function findTask(exec: Executor, companyId: number, id: number): Promise<TaskRow | null> {
  const rows = await exec
    .select(taskColumns)
    .from(employeeTasks)
    .innerJoin(employees, and(eq(employees.companyId, employeeTasks.companyId), eq(employees.id, employeeTasks.employeeId)))
    .leftJoin(departments, and(eq(departments.companyId, employees.companyId), eq(departments.id, employees.departmentId)))
    .where(and(eq(employeeTasks.companyId, companyId), eq(employeeTasks.id, id), isNull(employeeTasks.archivedAt), isNull(employees.archivedAt)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertTask(
  exec: Executor,
  v: { companyId: number; employeeId: number; title: string; type: number; dueDate: string | null; createdBy: number | null },
): Promise<number> {
  const rows = await exec.insert(employeeTasks).values(v).returning({ id: employeeTasks.id });
  return rows[0]!.id;
}

/** Marks an open task done; false when it was not open. */
export async function completeTask(exec: Executor, companyId: number, id: number, userId: number | null): Promise<boolean> {
  const rows = await exec
    .update(employeeTasks)
    .set({ status: 1, doneAt: sql`now()`, doneBy: userId })
    .where(and(eq(employeeTasks.companyId, companyId), eq(employeeTasks.id, id), eq(employeeTasks.status, 0), isNull(employeeTasks.archivedAt)))
    .returning({ id: employeeTasks.id });
  return rows.length === 1;
}

export async function archiveTask(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec
    .update(employeeTasks)
    .set({ archivedAt: sql`now()` })
    .where(and(eq(employeeTasks.companyId, companyId), eq(employeeTasks.id, id), isNull(employeeTasks.archivedAt)));
}
