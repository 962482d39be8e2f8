import ExcelJS from 'exceljs';
import {
  BATCH_STATUS,
  PAYSLIP_CHANNELS,
  PAYSLIP_STAGES,
  PAYSLIP_STATUS,
  payslipItemLabel,
  payslipStatusLabel,
  type PayslipBatchView,
  type PayslipChannelView,
  type PayslipRowDetail,
  type PayslipReplace,
  type PayslipReplaceResult,
  type PayslipRowView,
  type PayslipStatus,
  type PayslipTemplateView,
  type zPayslipDetail,
  type zPayslipPage,
  type zPayslipTemplateSave,
} from '@wfsaas/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import { createSmsGateway } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';
import { appendEvents } from './payslip-evidence.ts';
import { displayCells, netPayOf } from './payslip-import.service.ts';
import { abortBatch, deliverPayslips, requireLinksFor, smsQuotaLeft, withdrawPayslips } from './payslip-send.service.ts';
import { batchView, countsByBatch, emptyCounts, iso, toBatchView, toEmployeeView, toRowView } from './payslip-views.ts';
import { deletePayslipPassword } from './payslip-phone.queries.ts';
import * as tq from './payslip-templates.queries.ts';
import * as q from './payslips.queries.ts';

const CHINA_TIME = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** YYYY-MM-DD HH:mm:ss in China Standard Time. */
function chinaDateTime(at: Date): string {
  const p = Object.fromEntries(CHINA_TIME.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}


/** row-view: one payslip as its employee sees it, for HR (no verification, nothing recorded), with its shown cells' current values. */
export async function payslipRowView(c: ServiceCtx, payslipId: number): Promise<PayslipRowDetail> {
  const p = await q.findPayslip(c.tx, c.companyId, payslipId);
  const batch = p ? await q.findBatch(c.tx, c.companyId, p.batchId) : null;
  if (!p || !batch) throw notFound('工资条');
  const cells = batch.columns.filter((col) => col.show).map((col) => ({ index: col.index, label: payslipItemLabel(col.label, col.group), group: col.group, value: p.cells[col.index] ?? '' }));
  return { ...toEmployeeView(await q.findCompanyName(c.tx, c.companyId), batch, p), cells };
}

/** payslip/password/reset: the employee of this payslip chooses a new payslip password on their next view. */
export async function resetPayslipPassword(c: ServiceCtx, payslipId: number): Promise<{ payslipId: number }> {
  const p = await q.findPayslip(c.tx, c.companyId, payslipId);
  if (!p) throw notFound('工资条');
  if (!p.employeeId || !(await deletePayslipPassword(c.tx, c.companyId, p.employeeId))) throw badRequest(`${p.name}尚未设置工资条查询密码，无需重置`);
  await appendEvents(c.tx, c.companyId, p.batchId, [{ payslipId: p.id, kind: 'passwordReset', actorUserId: c.user.userId, ip: c.ip, userAgent: c.userAgent }]);
  await c.audit({ action: 'payslip.passwordReset', entity: 'payslip', entityId: p.id, after: { employeeId: p.employeeId } });
  return { payslipId: p.id };
}

async function liveBatch(c: ServiceCtx, batchId: number): Promise<q.BatchRow> {
  const batch = await q.findBatch(c.tx, c.companyId, batchId);
  if (!batch) throw notFound('工资条批次');
  return batch;
}

export async function pageBatches(c: ServiceCtx, input: z.infer<typeof zPayslipPage>): Promise<Paged<PayslipBatchView>> {
  const { rows, total } = await q.listBatchesPage(c.tx, c.companyId, input, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const counts = countsByBatch(await q.countRowsByBatch(c.tx, c.companyId, rows.map((r) => r.id)));
  return new Paged(
    rows.map((r) => toBatchView(r, counts.get(r.id) ?? emptyCounts(), r.createdByName)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

export async function batchDetail(c: ServiceCtx, input: z.infer<typeof zPayslipDetail>): Promise<Paged<{ batch: PayslipBatchView; rows: PayslipRowView[] }>> {
  const batch = await liveBatch(c, input.batchId);
  const statuses = input.stage ? PAYSLIP_STAGES.find((st) => st.key === input.stage)!.statuses : undefined;
  const { rows, total } = await q.listRowsPage(c.tx, c.companyId, batch.id, { ...input, statuses }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  const view = await batchView(c.tx, c.companyId, batch);
  // The envelope's data is the object; pageMessage pages its rows.
  const paged = new Paged([], input.pageNum, input.pageSize, total);
  return Object.assign(paged, { list: { batch: view, rows: rows.map(toRowView) } }) as unknown as Paged<{ batch: PayslipBatchView; rows: PayslipRowView[] }>;
}

/** Removes a draft batch (archived with its rows). */
export async function removeBatch(c: ServiceCtx, batchId: number): Promise<{ batchId: number }> {
  const batch = await liveBatch(c, batchId);
  const removed = await q.updateBatch(c.tx, c.companyId, batch.id, { archivedAt: new Date() }, [BATCH_STATUS.draft]);
  if (!removed) throw badRequest('只有草稿状态的工资条可以删除，已发送的工资条可以撤回');
  await c.audit({ action: 'payslip.remove', entity: 'payslip_batch', entityId: batch.id, before: { month: batch.month, title: batch.title } });
  return { batchId: batch.id };
}

/** What became of a batch taken back by the work that pushed it. */
export type BatchRecall = { batchId: number; action: 'removed' | 'aborted' | 'withdrawn' | 'none'; withdrawn: number };

/**
 * Takes back a batch whose figures are about to change (a payroll run unlocked for a correction), so
 * no employee keeps a payslip with old figures: a draft is removed, a scheduled batch stopped, a sent
 * one withdrawn (the phone page then says so). A batch still being sent cannot be taken back halfway.
 */
export async function recallBatch(c: ServiceCtx, batchId: number): Promise<BatchRecall> {
  const batch = await q.findBatch(c.tx, c.companyId, batchId);
  if (!batch) return { batchId, action: 'none', withdrawn: 0 };
  switch (batch.status) {
    case BATCH_STATUS.draft:
      await removeBatch(c, batch.id);
      return { batchId, action: 'removed', withdrawn: 0 };
    case BATCH_STATUS.scheduled:
      await abortBatch(c, batch.id);
      return { batchId, action: 'aborted', withdrawn: 0 };
    case BATCH_STATUS.sending:
      throw badRequest('本批次的工资条正在发送，请发送完成后再解锁');
    case BATCH_STATUS.sent:
      return { batchId, action: 'withdrawn', withdrawn: (await withdrawPayslips(c, { batchId: batch.id })).affected };
    default:
      return { batchId, action: 'none', withdrawn: 0 };
  }
}

export async function replyFeedback(c: ServiceCtx, input: { payslipId: number; reply: string }): Promise<PayslipRowView> {
  const row = await q.findPayslip(c.tx, c.companyId, input.payslipId);
  if (!row || !row.isCurrent) throw notFound('工资条');
  if (!row.feedback) throw badRequest('该工资条没有员工反馈，无需回复');
  const updated = (await q.updatePayslip(c.tx, c.companyId, row.id, { reply: input.reply, repliedAt: new Date() }))!;
  await appendEvents(c.tx, c.companyId, row.batchId, [{ payslipId: row.id, kind: 'reply', actorUserId: c.user.userId, ip: c.ip, userAgent: c.userAgent, detail: { reply: input.reply } }]);
  await c.audit({ action: 'payslip.reply', entity: 'payslip', entityId: row.id, before: { reply: row.reply }, after: { reply: input.reply } });
  const view = await q.findRowView(c.tx, c.companyId, updated.id);
  return toRowView(view ?? { ...updated, employeeNo: null, departmentName: null, mobileMasked: null });
}

/**
 * A corrected payslip for a withdrawn one: a new version with the changed values (the old one stays,
 * no longer current), delivered at once when the batch was sent.
 */
export async function replacePayslip(s: AppServices, c: ServiceCtx, input: PayslipReplace): Promise<PayslipReplaceResult> {
  const old = await q.findPayslip(c.tx, c.companyId, input.payslipId);
  if (!old || !old.isCurrent) throw notFound('工资条');
  if (old.status !== PAYSLIP_STATUS.withdrawn) throw badRequest('只有已撤回的工资条可以更正重发，请先撤回');
  const batch = await liveBatch(c, old.batchId);
  if (batch.status === BATCH_STATUS.sent || batch.status === BATCH_STATUS.sending) requireLinksFor(s, batch.channels);
  const raw = [...old.cells];
  for (const cell of input.cells) {
    if (cell.index >= batch.columns.length) throw badRequest(`更正的项目：第 ${cell.index + 1} 列不存在`);
    raw[cell.index] = cell.value;
  }
  const cells = displayCells(batch.columns, raw);
  await q.updatePayslip(c.tx, c.companyId, old.id, { isCurrent: false });
  const [fresh] = await q.insertPayslipRows(c.tx, [
    {
      companyId: c.companyId,
      batchId: batch.id,
      rowNo: old.rowNo,
      version: old.version + 1,
      replacesId: old.id,
      employeeId: old.employeeId,
      name: old.name,
      identityText: old.identityText,
      cells,
      netPay: netPayOf(batch.columns, cells),
    },
  ]);
  await appendEvents(c.tx, c.companyId, batch.id, [
    { payslipId: fresh!.id, kind: 'replace', actorUserId: c.user.userId, ip: c.ip, userAgent: c.userAgent, detail: { replaces: old.id, version: fresh!.version, changed: input.cells.map((x) => x.index) } },
  ]);
  let status: number = fresh!.status;
  if (batch.status === BATCH_STATUS.sent || batch.status === BATCH_STATUS.sending) {
    await deliverPayslips(s, c.tx, c.companyId, batch, [fresh!.id], 'send', { userId: c.user.userId, ip: c.ip, userAgent: c.userAgent });
    status = (await q.findPayslip(c.tx, c.companyId, fresh!.id))!.status;
  }
  await c.audit({ action: 'payslip.replace', entity: 'payslip', entityId: fresh!.id, before: { payslipId: old.id, cells: old.cells }, after: { payslipId: fresh!.id, cells } });
  return { payslipId: fresh!.id, version: fresh!.version, status: status as PayslipStatus };
}

// ── templates ──

function toTemplateView(t: tq.TemplateRow): PayslipTemplateView {
  return { id: t.id, name: t.name, headerRows: t.headerRows === 2 ? 2 : 1, columns: t.columns, hideEmpty: t.hideEmpty, note: t.note, updatedAt: iso(t.updatedAt)! };
}

export async function listTemplates(c: ServiceCtx): Promise<PayslipTemplateView[]> {
  return (await tq.listTemplates(c.tx, c.companyId)).map(toTemplateView);
}

export async function saveTemplate(c: ServiceCtx, input: z.infer<typeof zPayslipTemplateSave>): Promise<PayslipTemplateView> {
  const sameName = await tq.findTemplateByName(c.tx, c.companyId, input.name);
  if (sameName && sameName.id !== input.id) throw badRequest(`模板名称「${input.name}」已存在，请换一个名称`);
  const set = { name: input.name, headerRows: input.headerRows, columns: input.columns, hideEmpty: input.hideEmpty, note: input.note, updatedBy: c.user.userId };
  if (input.id !== undefined) {
    const before = await tq.findTemplate(c.tx, c.companyId, input.id);
    if (!before) throw notFound('工资条模板');
    const row = (await tq.updateTemplate(c.tx, c.companyId, input.id, set))!;
    await c.audit({ action: 'payslipTemplate.update', entity: 'payslip_template', entityId: row.id, before: { name: before.name }, after: { name: row.name } });
    return toTemplateView(row);
  }
  const row = await tq.insertTemplate(c.tx, { companyId: c.companyId, ...set });
  await c.audit({ action: 'payslipTemplate.create', entity: 'payslip_template', entityId: row.id, after: { name: row.name } });
  return toTemplateView(row);
}

export async function removeTemplate(c: ServiceCtx, id: number): Promise<{ id: number }> {
  const row = await tq.updateTemplate(c.tx, c.companyId, id, { archivedAt: new Date() });
  if (!row) throw notFound('工资条模板');
  await c.audit({ action: 'payslipTemplate.remove', entity: 'payslip_template', entityId: id, before: { name: row.name } });
  return { id };
}

export async function listChannels(s: AppServices, c: ServiceCtx): Promise<PayslipChannelView[]> {
  const sms = createSmsGateway(s.config) !== undefined;
  const email = s.config.smtp !== undefined;
  const smsQuota = await smsQuotaLeft(s, c);
  return PAYSLIP_CHANNELS.map((ch) => {
    if (ch.key === 'app') return { key: ch.key, label: ch.label, available: true, note: '员工通过链接查看；已开通账号的员工同时收到站内消息' };
    if (ch.key === 'sms') return { key: ch.key, label: ch.label, available: sms && smsQuota > 0, smsQuota, note: !sms ? '未配置短信网关，暂不能发送短信' : smsQuota > 0 ? '向员工登记的手机号发送查看链接' : '本月短信余量已用完' };
    return { key: ch.key, label: ch.label, available: email, note: email ? '向员工登记的邮箱发送查看链接' : '未配置邮件服务（SMTP），暂不能发送邮件' };
  });
}

// ── receipts export ──

const EXPORT_BATCH = 1000;

export async function exportReceipts(c: ServiceCtx, batchId: number): Promise<{ fileName: string; body: Buffer }> {
  const batch = await liveBatch(c, batchId);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'wfsaas';
  const sheet = wb.addWorksheet('回执', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '姓名', width: 12 },
    { header: '工号', width: 14 },
    { header: '部门', width: 18 },
    { header: '状态', width: 10 },
    { header: '发送时间', width: 20 },
    { header: '查看时间', width: 20 },
    { header: '确认时间', width: 20 },
    { header: '反馈', width: 40 },
    { header: '回复', width: 40 },
    { header: '失败原因', width: 30 },
  ];
  sheet.getRow(1).font = { bold: true };
  const at = (d: Date | string | null) => (d ? chinaDateTime(new Date(d)) : '');
  let after = 0;
  let n = 0;
  for (;;) {
    const rows = await q.listRowsAfter(c.tx, c.companyId, batch.id, after, EXPORT_BATCH);
    if (rows.length === 0) break;
    for (const r of rows) {
      sheet.addRow([r.name, r.employeeNo ?? '', r.departmentName ?? '', r.matchError ? `未匹配（${r.matchError}）` : payslipStatusLabel(r.status), at(r.sentAt), at(r.viewedAt), at(r.confirmedAt), r.feedback ?? '', r.reply ?? '', r.failReason ?? '']);
      n++;
    }
    after = rows[rows.length - 1]!.id;
  }
  await c.audit({ action: 'payslip.export', entity: 'payslip_batch', entityId: batch.id, after: { rows: n } });
  const safeTitle = batch.title.replace(/[\\/:*?"<>|]/g, '_');
  return { fileName: `工资条回执_${batch.month}_${safeTitle}.xlsx`, body: Buffer.from(await wb.xlsx.writeBuffer()) };
}
