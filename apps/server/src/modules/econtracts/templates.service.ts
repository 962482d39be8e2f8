import {
  RECORD_SOURCES,
  type TemplateDetail,
  type TemplateField,
  type TemplateKind,
  type TemplateParagraph,
  type TemplateSave,
  type TemplateView,
} from '@wfsaas/contracts';
import { fillFields, pdfPageSizes, renderTextPdf, type FieldFill } from '@wfsaas/esign';
import type { Executor } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { attachFile, claimUpload, findFile } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { requireType } from './contract-types.service.ts';
import { esignCall, putFile, readFileBytes } from './econtract-support.ts';
import * as q from './econtract-setup.queries.ts';
import { applyWatermark } from './watermark.service.ts';

/** Contract templates (合同模板): an uploaded PDF or text written online, with the fields filled at signing; their previews. */

export type TemplateRow = q.TemplateRow;

function templateView(r: TemplateRow, typeName: string | null): TemplateView {
  return {
    id: r.id,
    name: r.name,
    contractTypeId: r.contractTypeId,
    contractTypeName: typeName,
    kind: r.kind as TemplateKind,
    pageCount: r.pages.length,
    pages: r.pages,
    fieldCount: r.fields.length,
    remark: r.remark,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function requireTemplate(exec: Executor, companyId: number, id: number): Promise<TemplateRow> {
  const row = await q.findTemplate(exec, companyId, id);
  if (!row) throw notFound('合同模板');
  return row;
}

export async function pageTemplates(c: ServiceCtx, input: { pageNum: number; pageSize: number; name?: string; contractTypeId?: number }): Promise<Paged<TemplateView>> {
  const { rows, total } = await q.listTemplatesPage(c.tx, c.companyId, { name: input.name, contractTypeId: input.contractTypeId }, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(
    rows.map((r) => templateView(r, r.typeName)),
    input.pageNum,
    input.pageSize,
    total,
  );
}

export async function templateDetail(c: ServiceCtx, id: number): Promise<TemplateDetail> {
  const row = await requireTemplate(c.tx, c.companyId, id);
  const type = await requireType(c, row.contractTypeId).catch(() => null);
  return { ...templateView(row, type?.name ?? null), title: row.title, paragraphs: row.paragraphs, fields: row.fields as TemplateField[] };
}

/** Checks each field lies within its page and keys are unique. */
function checkFields(fields: TemplateField[], pages: { width: number; height: number }[]): void {
  const keys = new Set<string>();
  for (const [i, f] of fields.entries()) {
    const label = `第 ${i + 1} 个字段（${f.label}）`;
    if (keys.has(f.key)) throw badRequest(`${label}的字段标识“${f.key}”重复`);
    keys.add(f.key);
    const page = pages[f.page];
    if (!page) throw badRequest(`${label}的页码超出模板范围（共 ${pages.length} 页，从 0 起算）`);
    if (f.x + f.width > page.width + 0.5 || f.y + f.height > page.height + 0.5) throw badRequest(`${label}超出页面范围`);
  }
}

export type ReceivedTemplatePdf = { fileName: string; data: Buffer; pages: { width: number; height: number }[] };

/** Checks an uploaded template PDF (readable, unsigned) and reads its page sizes. */
export async function checkTemplatePdf(fileName: string, data: Buffer): Promise<ReceivedTemplatePdf> {
  if (data.length === 0) throw badRequest('文件内容为空，请选择 PDF 文件');
  if (!/\.pdf$/i.test(fileName.trim()) || data.subarray(0, 1024).indexOf('%PDF-') < 0) throw badRequest('合同模板仅支持 PDF 格式');
  const pages = await esignCall(() => pdfPageSizes(data));
  if (pages.length === 0) throw badRequest('PDF 文件没有页面');
  return { fileName, data, pages };
}

export async function recordTemplateUpload(s: AppServices, c: ServiceCtx, r: ReceivedTemplatePdf) {
  const file = await putFile(s, c.tx, { companyId: c.companyId, userId: c.user.userId, name: r.fileName, bytes: r.data });
  return { fileId: file.publicId, fileName: r.fileName, pageCount: r.pages.length, pages: r.pages };
}

export function paragraphsToPdf(title: string, paragraphs: TemplateParagraph[]): Promise<Uint8Array> {
  return esignCall(() =>
    renderTextPdf({ title, paragraphs: paragraphs.map((p) => ({ text: p.text, heading: p.heading, align: p.align, indent: p.indent ?? (p.heading ? false : undefined) })) }),
  );
}

export async function saveTemplate(s: AppServices, c: ServiceCtx, input: TemplateSave): Promise<TemplateDetail> {
  await requireType(c, input.contractTypeId);
  const before = input.id ? await requireTemplate(c.tx, c.companyId, input.id) : null;
  let fileId: number;
  let pages: { width: number; height: number }[];
  let title: string | null = null;
  let paragraphs: TemplateParagraph[] | null = null;
  if (input.kind === 'richText') {
    if (!input.title) throw badRequest('请填写合同标题');
    if (!input.paragraphs || input.paragraphs.length === 0) throw badRequest('请填写合同正文');
    title = input.title;
    paragraphs = input.paragraphs;
    const pdf = await paragraphsToPdf(title, paragraphs);
    const file = await putFile(s, c.tx, { companyId: c.companyId, userId: c.user.userId, name: `${input.name}.pdf`, bytes: pdf, owner: { kind: 'contract_template', ownerId: before?.id ?? null } });
    fileId = file.id;
    pages = await esignCall(() => pdfPageSizes(pdf));
  } else {
    // a new PDF is the caller's own upload, taken for the template; otherwise the template keeps its file
    const file = input.fileId
      ? await claimUpload(c.tx, c.companyId, input.fileId, c.user.userId, { kind: 'contract_template', ownerId: before?.id ?? null })
      : before
        ? await findFile(c.tx, c.companyId, before.fileId)
        : null;
    if (!input.fileId && !before) throw badRequest('请上传合同模板 PDF 文件');
    if (!file || file.mime !== 'application/pdf') throw badRequest('模板文件不存在，请重新上传 PDF 文件');
    const id = file.id;
    fileId = id;
    pages = await esignCall(async () => pdfPageSizes(await readFileBytes(s, c.tx, c.companyId, id)));
  }
  checkFields(input.fields, pages);
  const values = {
    name: input.name,
    contractTypeId: input.contractTypeId,
    kind: input.kind,
    fileId,
    title,
    paragraphs,
    fields: input.fields as unknown as Record<string, unknown>[],
    pages,
    remark: input.remark,
    updatedAt: new Date(),
  };
  let id: number;
  if (before) {
    await q.updateTemplate(c.tx, c.companyId, before.id, values);
    id = before.id;
    await c.audit({ action: 'contractTemplate.update', entity: 'contract_template', entityId: id, before: { name: before.name, fields: before.fields.length }, after: { name: input.name, fields: input.fields.length } });
  } else {
    const row = await q.insertTemplate(c.tx, { companyId: c.companyId, createdBy: c.user.userId, ...values });
    id = row.id;
    await attachFile(c.tx, c.companyId, fileId, { kind: 'contract_template', ownerId: id });
    await c.audit({ action: 'contractTemplate.create', entity: 'contract_template', entityId: id, after: { name: input.name, kind: input.kind, fields: input.fields.length } });
  }
  return templateDetail(c, id);
}

export async function removeTemplate(c: ServiceCtx, id: number): Promise<null> {
  const before = await requireTemplate(c.tx, c.companyId, id);
  const inPackages = await q.listPackagesUsingTemplate(c.tx, c.companyId, id);
  if (inPackages.length > 0) throw badRequest(`该模板已用于合同包“${inPackages.join('、')}”，请先从合同包中移除`);
  await q.updateTemplate(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'contractTemplate.remove', entity: 'contract_template', entityId: id, before: { name: before.name } });
  return null;
}

export async function templateFileBytes(s: AppServices, c: ServiceCtx, id: number): Promise<{ name: string; bytes: Buffer }> {
  const row = await requireTemplate(c.tx, c.companyId, id);
  return { name: `${row.name}.pdf`, bytes: await readFileBytes(s, c.tx, c.companyId, row.fileId) };
}

/** The record field texts for a template's fields, from values by source. */
export function recordFills(fields: TemplateField[], values: Partial<Record<string, string | null>>): FieldFill[] {
  const out: FieldFill[] = [];
  for (const f of fields) {
    if (f.kind !== 'record' || !f.source) continue;
    const v = values[f.source];
    if (v === undefined || v === null || v === '') continue;
    out.push({ page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, text: v });
  }
  return out;
}

export const SAMPLE_VALUES: Record<string, string> = Object.fromEntries(RECORD_SOURCES.map((r) => [r.key, r.sample]));

export async function previewTemplate(s: AppServices, c: ServiceCtx, templateId: number, values: Record<string, string | null>): Promise<{ name: string; bytes: Uint8Array }> {
  const row = await requireTemplate(c.tx, c.companyId, templateId);
  const base = await readFileBytes(s, c.tx, c.companyId, row.fileId);
  const fills = recordFills(row.fields as TemplateField[], values);
  const filled = fills.length > 0 ? await esignCall(() => fillFields(base, fills)) : base;
  return { name: `${row.name}（预览）.pdf`, bytes: await applyWatermark(c.tx, c.companyId, filled) };
}

/** Rich text (HTML from the editor) to paragraphs: block elements and line breaks end a paragraph; headings stay headings. */
export function htmlToParagraphs(html: string): TemplateParagraph[] {
  const decode = (t: string) =>
    t
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
      .replace(/&amp;/g, '&');
  const out: TemplateParagraph[] = [];
  const blocks = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .split(/(?=<(?:p|h[1-6]|div|li)\b[^>]*>)|<\/(?:p|h[1-6]|div|li)>/i);
  for (const block of blocks) {
    const heading = /^\s*<h[1-6]\b/i.test(block);
    const center = /text-align:\s*center/i.test(block);
    const text = decode(block.replace(/<[^>]*>/g, ''));
    for (const line of text.split('\n')) {
      const t = line.replace(/\s+$/g, '').replace(/^\s+/, '');
      if (t) out.push({ text: t, ...(heading ? { heading: true } : {}), ...(center ? { align: 'center' as const } : {}) });
    }
  }
  return out;
}
