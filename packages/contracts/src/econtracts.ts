import { z } from 'zod';
import { zFileId, zId } from './auth.ts';
import { MAX_PAGE_SIZE } from './envelope.ts';
import { ESIGN_API } from './esign.ts';
import { zPaging } from './paging.ts';

/**
 * Electronic contracts (e-signature prefix /qszx-vite, API /wfsaas-sign/api): contract types,
 * templates (an uploaded PDF or rich text rendered to PDF, with field placements), packages of
 * templates signed together, signing scenes (deal codes 1000–1005), contracts initiated for one or
 * many employees, company sealing, the employee's phone signing page, evidence and downloads.
 *
 * Every body is JSON unless stated. Coordinates are PDF points from the page's lower-left corner;
 * pages are counted from 0.
 */

// ── Permissions (route names; write actions `<route>.<action>`) ──
export const EC_INITIATE = 'initiateSigning';
export const EC_INITIATE_EDIT = 'initiateSigning.edit';
export const EC_PENDING = 'signContract';
export const EC_SEAL = 'signContract.seal';
export const EC_SIGNED = 'signedContract';
export const EC_PACKAGE = 'signedPackageManage';
export const EC_PACKAGE_EDIT = 'signedPackageManage.edit';
export const EC_MANAGE = 'employeeContractManagement';
/** Withdraw, suspend, resume, end, urge, mark a paper contract signed. */
export const EC_MANAGE_EDIT = 'employeeContractManagement.withdraw';
export const EC_TYPE = 'initType';
export const EC_TYPE_EDIT = 'initType.edit';
export const EC_CONFIG = 'contractConfig';
export const EC_CONFIG_EDIT = 'contractConfig.edit';
export const EC_WATERMARK = 'watermarkList';
export const EC_WATERMARK_EDIT = 'watermarkList.edit';
/** Reading contracts (page, detail, download, evidence) needs any one of these. */
export const EC_READ_ANY = [EC_PENDING, EC_SIGNED, EC_INITIATE, EC_MANAGE] as const;

// ── API paths ──
export const EC_PATHS = {
  typeList: `${ESIGN_API}/contractType/list`,
  typeSave: `${ESIGN_API}/contractType/save`,
  typeRemove: `${ESIGN_API}/contractType/remove`,

  templatePage: `${ESIGN_API}/contractTemplate/page`,
  templateDetail: `${ESIGN_API}/contractTemplate/detail`,
  /** multipart: field `file` (a PDF, at most MAX_TEMPLATE_PDF_BYTES) → TemplateUploaded. */
  templateUpload: `${ESIGN_API}/contractTemplate/upload`,
  templateSave: `${ESIGN_API}/contractTemplate/save`,
  templateRemove: `${ESIGN_API}/contractTemplate/remove`,
  /** {templateId} → application/pdf: the template's document without fields (for the designer). */
  templateFile: `${ESIGN_API}/contractTemplate/file`,
  /** {templateId, employeeId?} → application/pdf: fields filled from a sample or the chosen employee, watermarked. */
  templatePreview: `${ESIGN_API}/contractTemplate/preview`,

  packagePage: `${ESIGN_API}/signPackage/page`,
  packageList: `${ESIGN_API}/signPackage/list`,
  packageDetail: `${ESIGN_API}/signPackage/detail`,
  packageSave: `${ESIGN_API}/signPackage/save`,
  packageRemove: `${ESIGN_API}/signPackage/remove`,

  sceneList: `${ESIGN_API}/signScene/list`,
  sceneSave: `${ESIGN_API}/signScene/save`,
  sceneRemove: `${ESIGN_API}/signScene/remove`,
  /** {dealCode} → SceneForm (the scene package form). */
  sceneForm: `${ESIGN_API}/signScene/form`,

  contractPage: `${ESIGN_API}/contract/page`,
  contractDetail: `${ESIGN_API}/contract/detail`,
  contractInitiate: `${ESIGN_API}/contract/initiate`,
  contractBatchInitiate: `${ESIGN_API}/contract/batchInitiate`,
  contractProgress: `${ESIGN_API}/contract/progress`,
  contractCompanySign: `${ESIGN_API}/contract/companySign`,
  contractWithdraw: `${ESIGN_API}/contract/withdraw`,
  contractSuspend: `${ESIGN_API}/contract/suspend`,
  contractResume: `${ESIGN_API}/contract/resume`,
  contractEnd: `${ESIGN_API}/contract/end`,
  contractUrge: `${ESIGN_API}/contract/urge`,
  /** multipart: query ?contractId=…, field `file` (PDF, PNG or JPG scan of the paper contract). */
  contractPaperSigned: `${ESIGN_API}/contract/paperSigned`,
  /** {contractId} → application/pdf (signed document; unsigned ones carry the company watermark). */
  contractDownload: `${ESIGN_API}/contract/download`,
  contractEvidence: `${ESIGN_API}/contract/evidence`,
  /** {contractId} → application/pdf: the signed evidence report. */
  contractEvidenceReport: `${ESIGN_API}/contract/evidenceReport`,
  /** {employeeId} → ContractView[]: one employee's e-contracts (employee file). */
  contractOfEmployee: `${ESIGN_API}/contract/ofEmployee`,
  /** {contractId} → application/pdf: the uploaded scan of a paper contract. */
  contractPaperScan: `${ESIGN_API}/contract/paperScan`,

  watermarkGet: `${ESIGN_API}/watermark/get`,
  watermarkSave: `${ESIGN_API}/watermark/save`,

  /** Rich-text preview, form-encoded {title, html} → application/pdf. */
  htmlToPdfPreview: '/wfsaas-file/api/htmlToPdf/preview',

  // The employee's phone page (/qszx-vite/detailWeifen/:contractId?t=<token>), no sign-in.
  phoneOpen: `${ESIGN_API}/m/contract/open`,
  phoneSendCode: `${ESIGN_API}/m/contract/sendCode`,
  phoneVerify: `${ESIGN_API}/m/contract/verify`,
  /** {contractId, t, ticket} → PhoneContractView. */
  phoneDetail: `${ESIGN_API}/m/contract/detail`,
  /** {contractId, t, ticket} → application/pdf: the document as it stands now. */
  phoneView: `${ESIGN_API}/m/contract/view`,
  phoneFill: `${ESIGN_API}/m/contract/fill`,
  phoneSign: `${ESIGN_API}/m/contract/sign`,
  /** {contractId, t, ticket} → application/pdf: the signed contract (free, at any time). */
  phoneDownload: `${ESIGN_API}/m/contract/download`,
} as const;

// ── Codes and labels ──
export const CONTRACT_STATUSES = [
  { value: 0, key: 'pending', label: '待签署', color: 'processing' },
  { value: 1, key: 'signing', label: '签署中', color: 'processing' },
  { value: 2, key: 'signed', label: '已签署', color: 'success' },
  { value: 3, key: 'withdrawn', label: '已撤回', color: 'default' },
  { value: 4, key: 'expiring', label: '即将到期', color: 'warning' },
  { value: 5, key: 'suspended', label: '已中止', color: 'warning' },
  { value: 6, key: 'ended', label: '已终止', color: 'default' },
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]['value'];
/** 4 (expiring) is never stored: a signed contract whose end date is within EXPIRING_DAYS is shown as 4. */
export const CONTRACT_STATUS = { pending: 0, signing: 1, signed: 2, withdrawn: 3, expiring: 4, suspended: 5, ended: 6 } as const;
export const EXPIRING_DAYS = 30;

export function contractStatusLabel(s: number): string {
  return CONTRACT_STATUSES.find((x) => x.value === s)?.label ?? '未知';
}

export const SIGN_ORDERS = [
  { value: 1, label: '企业先签' },
  { value: 2, label: '员工先签' },
  { value: 3, label: '双方同时签' },
] as const;
export type SignOrder = (typeof SIGN_ORDERS)[number]['value'];
export const SIGN_ORDER = { companyFirst: 1, employeeFirst: 2, together: 3 } as const;

export const CONTRACT_FORMS = [
  { value: 1, label: '电子合同' },
  { value: 2, label: '纸质合同' },
] as const;
export type ContractForm = (typeof CONTRACT_FORMS)[number]['value'];
export const CONTRACT_FORM = { electronic: 1, paper: 2 } as const;

export const COMPLETENESS = [
  { value: 1, label: '完整' },
  { value: 0, label: '不完整' },
] as const;

/** Signing scenes by deal code. */
export const SIGN_SCENES = [
  { dealCode: 1000, key: 'onboarding', label: '入职' },
  { dealCode: 1001, key: 'regularisation', label: '转正' },
  { dealCode: 1002, key: 'transfer', label: '调岗' },
  { dealCode: 1003, key: 'renewal', label: '续签' },
  { dealCode: 1004, key: 'change', label: '合同变更' },
  { dealCode: 1005, key: 'resignation', label: '离职' },
] as const;
export type DealCode = (typeof SIGN_SCENES)[number]['dealCode'];
export function dealCodeLabel(code: number): string {
  return SIGN_SCENES.find((s) => s.dealCode === code)?.label ?? '未知场景';
}

/** Template field kinds. */
export const FIELD_KINDS = [
  { key: 'record', label: '员工档案信息' },
  { key: 'input', label: '员工填写' },
  { key: 'companySeal', label: '企业盖章位置' },
  { key: 'employeeSign', label: '员工签名位置' },
  { key: 'signDate', label: '签署日期' },
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number]['key'];
const FIELD_KIND_KEYS = FIELD_KINDS.map((k) => k.key) as [FieldKind, ...FieldKind[]];

/** Where a `record` field takes its text from, filled when the contract is initiated. */
export const RECORD_SOURCES = [
  { key: 'name', label: '姓名', sample: '张三' },
  { key: 'idNumber', label: '证件号码', sample: '110101199003074512' },
  { key: 'mobile', label: '手机号', sample: '13800138000' },
  { key: 'gender', label: '性别', sample: '男' },
  { key: 'employeeNo', label: '工号', sample: 'E0001' },
  { key: 'department', label: '部门', sample: '人力资源部' },
  { key: 'position', label: '职位', sample: '人事专员' },
  { key: 'salary', label: '薪资（元/月）', sample: '8000.00' },
  { key: 'hireDate', label: '入职日期', sample: '2026-01-05' },
  { key: 'contractStart', label: '合同开始日期', sample: '2026-01-05' },
  { key: 'contractEnd', label: '合同结束日期', sample: '2029-01-04' },
  { key: 'probationEnd', label: '试用期结束日期', sample: '2026-04-04' },
  { key: 'address', label: '联系地址', sample: '北京市朝阳区建国路 1 号' },
  { key: 'companyName', label: '企业名称', sample: '示例科技有限公司' },
  { key: 'companyCreditCode', label: '统一社会信用代码', sample: '91110000100000000A' },
  { key: 'today', label: '发起日期', sample: '2026-01-05' },
] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number]['key'];
const RECORD_SOURCE_KEYS = RECORD_SOURCES.map((k) => k.key) as [RecordSource, ...RecordSource[]];

/** Which party a signDate field belongs to. */
export const FIELD_PARTIES = [
  { key: 'company', label: '企业' },
  { key: 'employee', label: '员工' },
] as const;
export type FieldParty = (typeof FIELD_PARTIES)[number]['key'];

export const TEMPLATE_KINDS = [
  { key: 'pdf', label: '上传 PDF' },
  { key: 'richText', label: '在线编辑' },
] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number]['key'];

export const MAX_TEMPLATE_PDF_BYTES = 20 * 1024 * 1024;
export const MAX_PAPER_SCAN_BYTES = 20 * 1024 * 1024;
/** A drawn signature PNG (base64 data URL). */
export const MAX_SIGNATURE_DATA_URL = 400_000;
export const MAX_BATCH_INITIATE = 1000;
export const MAX_FIELDS = 60;
export const MAX_PARAGRAPHS = 400;
export const MAX_PARAGRAPH_CHARS = 2000;
/** Urging the employee again is allowed once an hour per contract. */
export const URGE_INTERVAL_MINUTES = 60;
export const MAX_DEADLINE_DAYS = 90;

const zDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '格式应为 YYYY-MM-DD')
    .describe(label);
const zReason = (label: string) => z.string().trim().min(1).max(200).describe(label);
const zContractIdField = zId('合同');

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

// ── Contracts ──
const zSignStatusFilter = z
  .preprocess((v) => (v === '' || v === null || v === -1 ? undefined : typeof v === 'string' && /^\d$/.test(v) ? Number(v) : v), z.number().int().min(0).max(6).optional())
  .describe('签署状态');

export const zContractPage = z.object({
  ...zPaging,
  /** 0–6; '' or absent for all. 4 lists signed contracts ending within EXPIRING_DAYS. */
  signStatus: zSignStatusFilter,
  keyword: z.string().trim().max(50).optional().describe('合同名称/员工姓名/工号'),
  contractTypeId: zId('合同类型').optional(),
  form: z.union([z.literal(1), z.literal(2)]).optional().describe('合同形式'),
  complete: z.union([z.literal(0), z.literal(1)]).optional().describe('合同完整性'),
  /** 1 signed by every party (the signing completed, whatever happened after), 0 not yet. */
  signed: z.union([z.literal(0), z.literal(1)]).optional().describe('是否已签署'),
  employeeId: zId('员工').optional(),
  /** Only contracts awaiting the company's seal (signContract screen). */
  awaitingCompany: z.boolean().optional().describe('待企业签署'),
  initiatedFrom: zDate('发起开始日期').optional(),
  initiatedTo: zDate('发起结束日期').optional(),
});
export type ContractPage = z.infer<typeof zContractPage>;

/** Initiate from a package (every template becomes one contract) or one template. */
const initiateBase = {
  packageId: zId('合同包').optional(),
  templateId: zId('合同模板').optional(),
  /** Overrides the package's order; required with templateId. */
  signOrder: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional().describe('签署顺序'),
  /** Last day to sign (China date); default: the package's deadline days from today. */
  deadline: zDate('签署截止日期').optional(),
  form: z.union([z.literal(1), z.literal(2)]).default(1).describe('合同形式'),
  /** Contract term, used by contractStart/contractEnd fields and the about-to-expire status. */
  contractStart: zDate('合同开始日期').optional(),
  contractEnd: zDate('合同结束日期').optional(),
  /** Send the employee the signing link now (default true). */
  notify: z.boolean().default(true).describe('通知员工'),
};
export const zContractInitiate = z.object({ employeeId: zId('员工'), ...initiateBase });
export type ContractInitiate = z.infer<typeof zContractInitiate>;
export const zContractBatchInitiate = z.object({
  employeeIds: z.array(zId('员工')).min(1).max(MAX_BATCH_INITIATE).describe('员工'),
  ...initiateBase,
});
export type ContractBatchInitiate = z.infer<typeof zContractBatchInitiate>;
export type InitiateResult = { contractIds: number[] };
export type BatchInitiateResult = { jobId: number; total: number };
export const zContractProgress = z.object({ jobId: zId('任务') });
export type BatchProgress = {
  jobId: number;
  /** queued | running | done | failed */
  state: string;
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  errors: { employeeId: number; name: string | null; reason: string }[];
};

export const zContractId = z.object({ contractId: zContractIdField });
export const zContractReason = z.object({ contractId: zContractIdField, reason: zReason('原因') });
export const zCompanySign = z.object({
  contractIds: z.array(zContractIdField).min(1).max(MAX_PAGE_SIZE).describe('合同'),
  sealId: zId('印章'),
  /** Also stamp a cross-page seal (骑缝章) along the right edge of every page. */
  crossPage: z.boolean().default(false).describe('骑缝章'),
});
export type CompanySign = z.infer<typeof zCompanySign>;
export type CompanySignResult = { signed: number[]; skipped: { contractId: number; reason: string }[] };
export const zPaperSignedQuery = z.object({ contractId: zContractIdField });
export const zEmployeeEContracts = z.object({ employeeId: zId('员工') });

export type ContractView = {
  id: number;
  contractNo: string;
  title: string;
  employeeId: number;
  employeeName: string;
  employeeNo: string | null;
  departmentName: string | null;
  /** Masked (138****0000). */
  mobile: string | null;
  contractTypeId: number | null;
  contractTypeName: string | null;
  templateId: number | null;
  packageId: number | null;
  packageName: string | null;
  signOrder: SignOrder;
  signOrderLabel: string;
  form: ContractForm;
  /** 0–6; 4 when signed and the term ends within EXPIRING_DAYS. */
  signStatus: ContractStatus;
  signStatusLabel: string;
  complete: 0 | 1;
  deadline: string | null;
  contractStart: string | null;
  contractEnd: string | null;
  companySignedAt: string | null;
  employeeSignedAt: string | null;
  completedAt: string | null;
  /** Whose turn: 'company' | 'employee' | 'both' | null when nobody can sign now. */
  awaiting: 'company' | 'employee' | 'both' | null;
  initiatedAt: string;
  initiatedByName: string | null;
  lastUrgedAt: string | null;
  reason: string | null;
};

export type ContractEvidenceEvent = {
  seq: number;
  /** created | sent | viewed | codeSent | identityVerified | filled | intentConfirmed | employeeSigned | companySigned | downloaded | urged | withdrawn | suspended | resumed | ended | paperSigned */
  type: string;
  label: string;
  actor: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  at: string;
  hash: string;
};
export type ContractEvidence = {
  contractId: number;
  events: ContractEvidenceEvent[];
  /** The hash chain recomputes from the first event to the last. */
  intact: boolean;
  /** seq of the first event whose hash does not match, when not intact. */
  brokenAt: number | null;
};

export type ContractDetail = ContractView & {
  baseSha256: string;
  currentSha256: string | null;
  fields: { key: string; label: string; kind: FieldKind; value: string | null }[];
  signatures: { party: 'company' | 'employee'; signerName: string; certificateSerial: string; signedAt: string; sealName?: string | null }[];
  /** Employee's link (for copying), present while the employee can still sign. */
  signLink: string | null;
  paperScan: boolean;
};

// ── Watermark (enterprise settings /watermarkList) ──
export const zWatermarkSave = z.object({
  enabled: z.boolean().describe('是否启用'),
  text: z.string().trim().min(1).max(30).describe('水印文字'),
});
export type WatermarkView = { enabled: boolean; text: string };

// ── Phone page (/qszx-vite/detailWeifen/:contractId?t=<token>) ──
const zLinkToken = z.string().trim().regex(/^[A-Za-z0-9_.-]{20,300}$/, '链接无效').describe('链接');
export const zPhoneLink = z.object({ contractId: zContractIdField, t: zLinkToken });
export const zPhoneVerify = zPhoneLink.extend({
  code: z.string().trim().regex(/^\d{6}$/, '应为6位数字').describe('验证码'),
  name: z.string().trim().min(1).max(50).describe('姓名'),
  idLast6: z.string().trim().regex(/^[0-9A-Za-z]{6}$/, '应为6位').describe('证件号后6位'),
});
/** Calls after verification carry the view ticket from the verify answer. */
export const zPhoneTicket = zPhoneLink.extend({ ticket: z.string().trim().min(20).max(200).describe('查看凭证') });
export const zPhoneFill = zPhoneTicket.extend({
  /** Values of the `input` fields by key. */
  values: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), z.string().trim().max(200)).describe('填写内容'),
});
export const zPhoneSign = zPhoneTicket.extend({
  /** The drawn signature, a PNG data URL (data:image/png;base64,…). */
  signature: z.string().min(100).max(MAX_SIGNATURE_DATA_URL).describe('手写签名'),
  /** The employee ticked 我已阅读并同意签署本合同. */
  intent: z.literal(true, { message: '请确认签署意愿' }).describe('签署意愿'),
});

export type PhoneContractOpen = {
  contractId: number;
  title: string;
  companyName: string;
  /** Masked (*三). */
  maskedName: string;
  maskedMobile: string | null;
  signStatus: ContractStatus;
  signStatusLabel: string;
  deadline: string | null;
  /** Why the employee cannot sign now (order, withdrawn, expired …), or null. */
  blockedReason: string | null;
};
export type PhoneSmsSent = { maskedMobile: string; expiresIn: number; resendAfter: number };
export type PhoneTicket = { ticket: string; expiresIn: number; view: PhoneContractView };
/** After verification (returned by verify, fill and sign). */
export type PhoneContractView = {
  contractId: number;
  title: string;
  companyName: string;
  name: string;
  signStatus: ContractStatus;
  signStatusLabel: string;
  canSign: boolean;
  blockedReason: string | null;
  /** The employee-filled fields. */
  inputs: { key: string; label: string; required: boolean; value: string | null }[];
  intentText: string;
  employeeSignedAt: string | null;
  pageCount: number;
};
export const INTENT_TEXT = '我已阅读并理解本合同全部条款，确认以电子签名方式签署本合同，电子签名与手写签名具有同等法律效力。';

/** Form-encoded rich-text preview: the editor's HTML and an optional title. */
export const zHtmlPreview = z.object({
  title: z.string().trim().min(1).max(60).default('合同预览').describe('合同标题'),
  html: z.string().min(1).max(400_000).describe('合同正文'),
});
