import {
  ATTACHMENT_CATEGORIES,
  codeLabel,
  EMPLOYEE_TASK_STATUSES,
  EMPLOYEE_TASK_TYPES,
  isImageFileName,
  type AttachmentCategory,
  type EmployeeAttachmentAdd,
  type EmployeeAttachmentItem,
  type EmployeeTaskAdd,
  type EmployeeTaskItem,
  type EmployeeTaskPage,
} from '@wfsaas/contracts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Executor } from '../../platform/db.ts';
import { attachFile, claimUpload, findFileByPublicId, type FileRow } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import * as xq from './employee-extras.queries.ts';
import { employeeDepartmentScope, requireEmployeesInScope } from './employee-access.ts';
import * as q from './employees.queries.ts';
import { chinaToday } from '../../platform/china-date.ts';

/** Attachments of an employee's record, and employee tasks. */


async function requireEmployee(c: ServiceCtx, id: number): Promise<q.EmployeeRow> {
  const e = await q.findEmployeeRow(c.tx, c.companyId, id);
  if (!e) throw notFound('员工');
  await requireEmployeesInScope(c, [e]);
  return e;
}

function attachmentItem(r: xq.AttachmentRow): EmployeeAttachmentItem {
  const category = r.category as AttachmentCategory;
  return {
    id: r.id,
    employeeId: r.employeeId,
    fileId: r.publicId ?? '',
    fileName: r.fileName ?? '',
    size: r.size ?? 0,
    contentType: r.mime,
    // images are recognised by the file name's extension
    isImage: isImageFileName(r.fileName),
    category,
    categoryName: codeLabel(ATTACHMENT_CATEGORIES, category),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listEmployeeAttachments(c: ServiceCtx, employeeId: number): Promise<EmployeeAttachmentItem[]> {
  await requireEmployee(c, employeeId);
  return (await xq.listAttachments(c.tx, c.companyId, employeeId)).map(attachmentItem);
}

/**
 * The file an attachment may use: the caller's own unattached upload (it becomes the employee's),
 * or a file of this employee's record not attached at present. Anything else reads as not found.
 */
async function takeFileFor(c: ServiceCtx, employeeId: number, publicId: string): Promise<FileRow> {
  const claimed = await claimUpload(c.tx, c.companyId, publicId, c.user.userId, { kind: 'employee', ownerId: employeeId });
  if (claimed) return claimed;
  const file = await findFileByPublicId(c.tx, c.companyId, publicId);
  if (!file || file.kind !== 'employee' || file.ownerId !== employeeId) throw notFound('文件');
  if (await xq.findAttachmentByFile(c.tx, c.companyId, employeeId, file.id)) throw conflict('该文件已添加到此员工');
  return file;
}

/** Attaches an uploaded file of the company; a photo must be an image and becomes the record's photo. */
export async function addEmployeeAttachment(c: ServiceCtx, input: EmployeeAttachmentAdd): Promise<EmployeeAttachmentItem> {
  await requireEmployee(c, input.employeeId);
  const file = await takeFileFor(c, input.employeeId, input.fileId);
  if (input.category === 'photo' && !(file.isImage && isImageFileName(file.originalName))) throw badRequest('员工照片须为图片文件（png、jpg、jpeg 等）');
  const id = await xq.insertAttachment(c.tx, { companyId: c.companyId, employeeId: input.employeeId, fileId: file.id, category: input.category, createdBy: c.user.userId });
  if (input.category === 'photo') await xq.setEmployeePhoto(c.tx, c.companyId, input.employeeId, file.id);
  await c.audit({ action: 'employeeAttachment.add', entity: 'employee', entityId: input.employeeId, after: { attachmentId: id, fileId: file.id, category: input.category, fileName: file.originalName } });
  return attachmentItem((await xq.findAttachment(c.tx, c.companyId, id))!);
}

/**
 * Files another module kept for a new employee (a candidate's ID photos) become the record's
 * attachments: re-owned as the employee's files, so they download under the roster's rule, and
 * listed under their categories. Answers the attachment ids.
 */
export async function attachRecordFiles(
  exec: Executor,
  companyId: number,
  employeeId: number,
  items: readonly { fileId: number; category: Exclude<AttachmentCategory, 'photo'> }[],
  userId: number | null,
): Promise<number[]> {
  const ids: number[] = [];
  for (const item of items) {
    await attachFile(exec, companyId, item.fileId, { kind: 'employee', ownerId: employeeId });
    ids.push(await xq.insertAttachment(exec, { companyId, employeeId, fileId: item.fileId, category: item.category, createdBy: userId }));
  }
  return ids;
}

/** Removes an attachment from the record (archived; the file stays). */
export async function removeEmployeeAttachment(c: ServiceCtx, id: number): Promise<null> {
  const a = await xq.findAttachment(c.tx, c.companyId, id);
  const owner = a ? await q.findEmployeeRow(c.tx, c.companyId, a.employeeId) : null;
  if (!a || !owner) throw notFound('附件');
  await requireEmployeesInScope(c, [owner]);
  await xq.archiveAttachment(c.tx, c.companyId, id);
  if (a.category === 'photo') await xq.setEmployeePhoto(c.tx, c.companyId, a.employeeId, null, a.fileId);
  await c.audit({ action: 'employeeAttachment.remove', entity: 'employee', entityId: a.employeeId, before: { attachmentId: id, fileId: a.fileId, category: a.category } });
  return null;
}

// ── tasks ──

function taskItem(r: xq.TaskRow, today: string): EmployeeTaskItem {
  return {
    id: r.id,
    employeeId: r.employeeId,
    employeeName: r.employeeName ?? '',
    employeeNo: r.employeeNo,
    departmentName: r.departmentName,
    title: r.title,
    type: r.type,
    typeName: codeLabel(EMPLOYEE_TASK_TYPES, r.type),
    dueDate: r.dueDate,
    isOverdue: r.status === 0 && r.dueDate !== null && r.dueDate < today,
    status: r.status,
    statusName: codeLabel(EMPLOYEE_TASK_STATUSES, r.status),
    doneAt: r.doneAt ? r.doneAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function pageEmployeeTasks(c: ServiceCtx, body: EmployeeTaskPage): Promise<Paged<EmployeeTaskItem>> {
  const today = chinaToday();
  const { rows, total } = await xq.listTasksPage(c.tx, c.companyId, {
    employeeId: body.employeeId,
    status: body.status,
    type: body.type,
    keyword: body.keyword || undefined,
    overdueBefore: body.overdue ? today : undefined,
    scope: await employeeDepartmentScope(c),
    offset: (body.pageNum - 1) * body.pageSize,
    limit: body.pageSize,
  });
  return new Paged(
    rows.map((r) => taskItem(r, today)),
    body.pageNum,
    body.pageSize,
    total,
  );
}

export async function addEmployeeTask(c: ServiceCtx, input: EmployeeTaskAdd): Promise<EmployeeTaskItem> {
  await requireEmployee(c, input.employeeId);
  const id = await xq.insertTask(c.tx, { companyId: c.companyId, employeeId: input.employeeId, title: input.title, type: input.type, dueDate: input.dueDate ?? null, createdBy: c.user.userId });
  await c.audit({ action: 'employeeTask.add', entity: 'employee_task', entityId: id, after: { employeeId: input.employeeId, title: input.title, type: input.type, dueDate: input.dueDate ?? null } });
  return taskItem((await xq.findTask(c.tx, c.companyId, id))!, chinaToday());
}

export async function completeEmployeeTask(c: ServiceCtx, id: number): Promise<EmployeeTaskItem> {
  const t = await xq.findTask(c.tx, c.companyId, id);
  if (!t) throw notFound('任务');
  await requireEmployee(c, t.employeeId);
  if (t.status !== 0 || !(await xq.completeTask(c.tx, c.companyId, id, c.user.userId))) throw badRequest('任务已完成，无需重复操作');
  await c.audit({ action: 'employeeTask.complete', entity: 'employee_task', entityId: id, before: { status: 0 }, after: { status: 1 } });
  return taskItem((await xq.findTask(c.tx, c.companyId, id))!, chinaToday());
}

export async function removeEmployeeTask(c: ServiceCtx, id: number): Promise<null> {
  const t = await xq.findTask(c.tx, c.companyId, id);
  if (!t) throw notFound('任务');
  await requireEmployee(c, t.employeeId);
  await xq.archiveTask(c.tx, c.companyId, id);
  await c.audit({ action: 'employeeTask.remove', entity: 'employee_task', entityId: id, before: { employeeId: t.employeeId, title: t.title, status: t.status } });
  return null;
}
