import {
  dealCodeLabel,
  RECORD_SOURCES,
  SIGN_ORDERS,
  type ContractTypeSave,
  type ContractTypeView,
  type DealCode,
  type PackageSave,
  type PackageView,
  type SceneForm,
  type SceneSave,
  type SceneView,
  type SignOrder,
  type TemplateDetail,
  type TemplateField,
  type TemplateKind,
  type TemplateParagraph,
  type TemplateSave,
  type TemplateView,
  type WatermarkView,
} from '@wfsaas/contracts';
import { fillFields, pdfPageSizes, renderTextPdf, watermarkPdf, type FieldFill } from '@wfsaas/esign';
import type { Executor } from '../../platform/db.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { attachFile, claimUpload, findFile } from '../../platform/files/index.ts';
import { Paged, type ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { esignCall, putFile, readFileBytes } from './econtract-support.ts';
import * as q from './econtracts.queries.ts';


const orderLabel = (o: number) => SIGN_ORDERS.find((x) => x.value === o)?.label ?? '';

// ── Contract types ──

export async function listTypes(c: ServiceCtx): Promise<ContractTypeView[]> {
  const rows = await q.listContractTypes(c.tx, c.companyId);
  return rows.map((t) => ({ id: t.id, name: t.name, remark: t.remark, templateCount: t.templateCount, createdAt: t.createdAt.toISOString() }));
}

async function requireType(c: ServiceCtx, id: number) {
  const row = await q.findContractType(c.tx, c.companyId, id);
  if (!row) throw notFound('合同类型');
  return row;
}

export async function saveType(c: ServiceCtx, input: ContractTypeSave): Promise<ContractTypeView> {
  const dup = await q.findContractTypeByName(c.tx, c.companyId, input.name);
  if (dup && dup.id !== input.id) throw badRequest(`合同类型“${input.name}”已存在`);
  let id: number;
  if (input.id) {
    const before = await requireType(c, input.id);
    await q.updateContractType(c.tx, c.companyId, input.id, { name: input.name, remark: input.remark });
    id = input.id;
    await c.audit({ action: 'contractType.update', entity: 'contract_type', entityId: id, before: { name: before.name }, after: { name: input.name } });
  } else {
    const row = await q.insertContractType(c.tx, { companyId: c.companyId, name: input.name, remark: input.remark, createdBy: c.user.userId });
    id = row.id;
    await c.audit({ action: 'contractType.create', entity: 'contract_type', entityId: id, after: { name: input.name } });
  }
  return (await listTypes(c)).find((t) => t.id === id)!;
}

export async function removeType(c: ServiceCtx, id: number): Promise<null> {
  const before = await requireType(c, id);
  if ((await q.countTemplatesOfType(c.tx, c.companyId, id)) > 0) throw badRequest('该合同类型下还有合同模板，请先删除或调整模板');
  await q.updateContractType(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'contractType.remove', entity: 'contract_type', entityId: id, before: { name: before.name } });
  return null;
}

// ── Templates ──

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

// ── Watermark ──

export async function watermarkSetting(exec: Executor, companyId: number): Promise<WatermarkView> {
  const row = await q.findWatermark(exec, companyId);
  if (row) return row;
  const company = await q.findCompany(exec, companyId);
  return { enabled: true, text: company?.name ?? '仅供预览' };
}

export async function saveWatermark(c: ServiceCtx, input: WatermarkView): Promise<WatermarkView> {
  const before = await watermarkSetting(c.tx, c.companyId);
  await q.upsertWatermark(c.tx, c.companyId, { enabled: input.enabled, text: input.text });
  await c.audit({ action: 'contractWatermark.save', entity: 'contract_watermark', entityId: c.companyId, before, after: input });
  return input;
}

/** The company watermark over an unsigned document, when enabled. */
export async function applyWatermark(exec: Executor, companyId: number, pdf: Uint8Array): Promise<Uint8Array> {
  const w = await watermarkSetting(exec, companyId);
  if (!w.enabled) return pdf;
  return esignCall(() => watermarkPdf(pdf, w.text));
}

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

// ── Packages ──

export type PackageRow = q.PackageRow;

export async function requirePackage(exec: Executor, companyId: number, id: number): Promise<PackageRow> {
  const row = await q.findPackage(exec, companyId, id);
  if (!row) throw notFound('合同包');
  return row;
}

async function packageViews(exec: Executor, companyId: number, rows: PackageRow[]): Promise<PackageView[]> {
  const names = await q.listTemplateNames(exec, companyId, [...new Set(rows.flatMap((r) => r.templateIds))]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    signOrder: r.signOrder as SignOrder,
    signOrderLabel: orderLabel(r.signOrder),
    deadlineDays: r.deadlineDays,
    remark: r.remark,
    templates: r.templateIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function pagePackages(c: ServiceCtx, input: { pageNum: number; pageSize: number; name?: string }): Promise<Paged<PackageView>> {
  const { rows, total } = await q.listPackagesPage(c.tx, c.companyId, input.name, (input.pageNum - 1) * input.pageSize, input.pageSize);
  return new Paged(await packageViews(c.tx, c.companyId, rows), input.pageNum, input.pageSize, total);
}

export async function listPackages(c: ServiceCtx): Promise<PackageView[]> {
  return packageViews(c.tx, c.companyId, await q.listAllPackages(c.tx, c.companyId));
}

export async function packageDetail(c: ServiceCtx, id: number): Promise<PackageView> {
  return (await packageViews(c.tx, c.companyId, [await requirePackage(c.tx, c.companyId, id)]))[0]!;
}

export async function savePackage(c: ServiceCtx, input: PackageSave): Promise<PackageView> {
  const templateIds = [...new Set(input.templateIds)];
  for (const id of templateIds) await requireTemplate(c.tx, c.companyId, id);
  const values = { name: input.name, templateIds, signOrder: input.signOrder, deadlineDays: input.deadlineDays, remark: input.remark, updatedAt: new Date() };
  let id: number;
  if (input.id) {
    const before = await requirePackage(c.tx, c.companyId, input.id);
    await q.updatePackage(c.tx, c.companyId, before.id, values);
    id = before.id;
    await c.audit({ action: 'signPackage.update', entity: 'sign_package', entityId: id, before: { name: before.name, templateIds: before.templateIds }, after: { name: input.name, templateIds } });
  } else {
    const row = await q.insertPackage(c.tx, { companyId: c.companyId, createdBy: c.user.userId, ...values });
    id = row.id;
    await c.audit({ action: 'signPackage.create', entity: 'sign_package', entityId: id, after: { name: input.name, templateIds } });
  }
  return packageDetail(c, id);
}

export async function removePackage(c: ServiceCtx, id: number): Promise<null> {
  const before = await requirePackage(c.tx, c.companyId, id);
  const scenes = await q.listScenesUsingPackage(c.tx, c.companyId, id);
  if (scenes.length > 0) throw badRequest(`该合同包已用于签署场景“${scenes.join('、')}”，请先从场景中移除`);
  await q.updatePackage(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'signPackage.remove', entity: 'sign_package', entityId: id, before: { name: before.name } });
  return null;
}

// ── Scenes ──

export type SceneRow = q.SceneRow;

async function sceneViews(exec: Executor, companyId: number, rows: SceneRow[]): Promise<SceneView[]> {
  const names = await q.listPackageNames(exec, companyId, [...new Set(rows.flatMap((r) => r.packageIds))]);
  return rows.map((r) => ({
    id: r.id,
    dealCode: r.dealCode as DealCode,
    dealCodeLabel: dealCodeLabel(r.dealCode),
    name: r.name,
    enabled: r.enabled,
    packages: r.packageIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
  }));
}

export async function listScenes(exec: Executor, companyId: number, dealCode?: number, onlyEnabled = false): Promise<SceneView[]> {
  return sceneViews(exec, companyId, await q.listSceneRows(exec, companyId, dealCode, onlyEnabled));
}

export async function saveScene(c: ServiceCtx, input: SceneSave): Promise<SceneView> {
  const packageIds = [...new Set(input.packageIds)];
  for (const id of packageIds) await requirePackage(c.tx, c.companyId, id);
  const values = { dealCode: input.dealCode, name: input.name, packageIds, enabled: input.enabled, updatedAt: new Date() };
  let id: number;
  if (input.id) {
    const before = await q.findScene(c.tx, c.companyId, input.id);
    if (!before) throw notFound('签署场景');
    await q.updateScene(c.tx, c.companyId, input.id, values);
    id = input.id;
    await c.audit({ action: 'signScene.update', entity: 'sign_scene', entityId: id, before: { name: before.name, packageIds: before.packageIds, enabled: before.enabled }, after: values });
  } else {
    const [row] = await q.insertScenes(c.tx, [{ companyId: c.companyId, ...values }]);
    id = row!.id;
    await c.audit({ action: 'signScene.create', entity: 'sign_scene', entityId: id, after: values });
  }
  return (await listScenes(c.tx, c.companyId)).find((s) => s.id === id)!;
}

export async function removeScene(c: ServiceCtx, id: number): Promise<null> {
  const before = await q.findScene(c.tx, c.companyId, id);
  if (!before) throw notFound('签署场景');
  await q.updateScene(c.tx, c.companyId, id, { archivedAt: new Date() });
  await c.audit({ action: 'signScene.remove', entity: 'sign_scene', entityId: id, before: { name: before.name } });
  return null;
}

/** Scene package form: the enabled scenes of a deal code with their packages; first group and package chosen. */
export async function sceneForm(exec: Executor, companyId: number, dealCode: number): Promise<SceneForm> {
  const scenes = (await listScenes(exec, companyId, dealCode, true)).filter((s) => s.packages.length > 0);
  const groups = scenes.map((s) => ({ sceneId: s.id, sceneName: s.name, children: s.packages.map((p) => ({ signPackageId: p.id, signPackageName: p.name })) }));
  return {
    dealCode: dealCode as DealCode,
    sceneGrouVoList: groups,
    signScenarioId: groups[0]?.sceneId ?? null,
    signPackageId: groups[0]?.children[0]?.signPackageId ?? null,
  };
}
