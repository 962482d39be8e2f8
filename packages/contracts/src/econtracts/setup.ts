import { z } from 'zod';
import { zFileId, zId } from '../auth.ts';
import { zPaging } from '../paging.ts';
import { FIELD_KINDS, MAX_DEADLINE_DAYS, MAX_FIELDS, MAX_PARAGRAPHS, MAX_PARAGRAPH_CHARS, RECORD_SOURCES, type DealCode, type FieldKind, type RecordSource, type SignOrder, type TemplateKind } from './codes.ts';

/** Setting contracts up: contract types, templates, packages, signing scenes and the watermark. */

const FIELD_KIND_KEYS = FIELD_KINDS.map((k) => k.key) as [FieldKind, ...FieldKind[]];
const RECORD_SOURCE_KEYS = RECORD_SOURCES.map((k) => k.key) as [RecordSource, ...RecordSource[]];

// ── Contract types (initType) ──
export const zContractTypeSave = z.object({
  id: zId('合同类型').optional(),
  name: z.string().trim().min(1).max(30).describe('类型名称'),
  remark: z.string().trim().max(200).default('').describe('备注'),
});
export type ContractTypeSave = z.infer<typeof zContractTypeSave>;
export const zContractTypeId = z.object({ id: zId('合同类型') });
export type ContractTypeView = { id: number; name: string; remark: string; templateCount: number; createdAt: string };

// ── Templates ──
export const zTemplateField = z
  .object({
    /** Stable key within the template (letters, digits, _ or -). */
    key: z.string().trim().regex(/^[A-Za-z0-9_-]{1,40}$/, '只能包含字母、数字、_ 和 -').describe('字段标识'),
    kind: z.enum(FIELD_KIND_KEYS).describe('字段类型'),
    /** For `record` fields: the employee-record source. */
    source: z.enum(RECORD_SOURCE_KEYS).optional().describe('数据来源'),
    /** For `signDate` fields: whose signing date. */
    party: z.enum(['company', 'employee']).optional().describe('签署方'),
    label: z.string().trim().min(1).max(30).describe('字段名称'),
    required: z.boolean().default(true).describe('是否必填'),
    page: z.number().int().min(0).max(499).describe('页码'),
    x: z.number().min(0).max(2000).describe('横坐标'),
    y: z.number().min(0).max(2000).describe('纵坐标'),
    width: z.number().min(8).max(2000).describe('宽度'),
    height: z.number().min(8).max(2000).describe('高度'),
  })
  .refine((f) => f.kind !== 'record' || f.source !== undefined, { message: '员工档案字段须选择数据来源', path: ['source'] })
  .refine((f) => f.kind !== 'signDate' || f.party !== undefined, { message: '签署日期须选择签署方', path: ['party'] });
export type TemplateField = z.infer<typeof zTemplateField>;

/** A paragraph of a rich-text template; `{{source}}` placeholders are not used — fields are placed boxes. */
export const zTemplateParagraph = z.object({
  text: z.string().max(MAX_PARAGRAPH_CHARS).describe('段落文字'),
  heading: z.boolean().optional(),
  /** First-line indent of two characters (default: yes for body text, no for headings). */
  indent: z.boolean().optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
});
export type TemplateParagraph = z.infer<typeof zTemplateParagraph>;

export const zTemplateSave = z.object({
  id: zId('合同模板').optional(),
  name: z.string().trim().min(1).max(60).describe('模板名称'),
  contractTypeId: zId('合同类型'),
  kind: z.enum(['pdf', 'richText']).describe('模板类型'),
  /** kind 'pdf': the uploaded file (TemplateUploaded.fileId). */
  fileId: zFileId('模板文件').optional(),
  /** kind 'richText': the document title and paragraphs, rendered to PDF on save. */
  title: z.string().trim().min(1).max(60).optional().describe('合同标题'),
  paragraphs: z.array(zTemplateParagraph).min(1).max(MAX_PARAGRAPHS).optional().describe('合同正文'),
  fields: z.array(zTemplateField).max(MAX_FIELDS).default([]).describe('字段'),
  remark: z.string().trim().max(200).default('').describe('备注'),
});
export type TemplateSave = z.infer<typeof zTemplateSave>;

export const zTemplatePage = z.object({
  ...zPaging,
  name: z.string().trim().max(60).optional().describe('模板名称'),
  contractTypeId: zId('合同类型').optional(),
});
export const zTemplateId = z.object({ templateId: zId('合同模板') });
export const zTemplatePreview = z.object({ templateId: zId('合同模板'), employeeId: zId('员工').optional() });

export type TemplateUploaded = { fileId: string; fileName: string; pageCount: number; pages: { width: number; height: number }[] };

export type TemplateView = {
  id: number;
  name: string;
  contractTypeId: number;
  contractTypeName: string | null;
  kind: TemplateKind;
  pageCount: number;
  pages: { width: number; height: number }[];
  fieldCount: number;
  remark: string;
  updatedAt: string;
};
export type TemplateDetail = TemplateView & {
  title: string | null;
  paragraphs: TemplateParagraph[] | null;
  fields: TemplateField[];
};

// ── Packages ──
export const zPackageSave = z.object({
  id: zId('合同包').optional(),
  name: z.string().trim().min(1).max(60).describe('合同包名称'),
  templateIds: z.array(zId('合同模板')).min(1).max(20).describe('合同模板'),
  signOrder: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1).describe('签署顺序'),
  /** Days from initiation to the signing deadline. */
  deadlineDays: z.number().int().min(1).max(MAX_DEADLINE_DAYS).default(7).describe('签署期限（天）'),
  remark: z.string().trim().max(200).default('').describe('备注'),
});
export type PackageSave = z.infer<typeof zPackageSave>;
export const zPackagePage = z.object({ ...zPaging, name: z.string().trim().max(60).optional().describe('合同包名称') });
export const zPackageId = z.object({ packageId: zId('合同包') });
export type PackageView = {
  id: number;
  name: string;
  signOrder: SignOrder;
  signOrderLabel: string;
  deadlineDays: number;
  remark: string;
  templates: { id: number; name: string }[];
  updatedAt: string;
};

// ── Scenes (contractConfig) ──
export const zSceneSave = z.object({
  id: zId('签署场景').optional(),
  dealCode: z.union([z.literal(1000), z.literal(1001), z.literal(1002), z.literal(1003), z.literal(1004), z.literal(1005)]).describe('业务场景'),
  name: z.string().trim().min(1).max(30).describe('场景名称'),
  packageIds: z.array(zId('合同包')).min(1).max(20).describe('合同包'),
  enabled: z.boolean().default(true).describe('是否启用'),
});
export type SceneSave = z.infer<typeof zSceneSave>;
export const zSceneId = z.object({ id: zId('签署场景') });
export const zSceneList = z.object({ dealCode: z.number().int().min(1000).max(1005).optional().describe('业务场景') });
export const zSceneForm = z.object({ dealCode: z.coerce.number().int().min(1000).max(1005).describe('业务场景') });
export type SceneView = {
  id: number;
  dealCode: DealCode;
  dealCodeLabel: string;
  name: string;
  enabled: boolean;
  packages: { id: number; name: string }[];
};
/** Groups (scenes) with their packages; the chosen ids default to the first group and package. */
export type SceneForm = {
  dealCode: DealCode;
  sceneGrouVoList: { sceneId: number; sceneName: string; children: { signPackageId: number; signPackageName: string }[] }[];
  signScenarioId: number | null;
  signPackageId: number | null;
};

// ── Watermark (enterprise settings /watermarkList) ──
export const zWatermarkSave = z.object({
  enabled: z.boolean().describe('是否启用'),
  text: z.string().trim().min(1).max(30).describe('水印文字'),
});
export type WatermarkView = { enabled: boolean; text: string };
