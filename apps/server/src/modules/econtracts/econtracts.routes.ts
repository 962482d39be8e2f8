import {
  EC_CONFIG,
  EC_CONFIG_EDIT,
  EC_INITIATE,
  EC_INITIATE_EDIT,
  EC_MANAGE_EDIT,
  EC_PACKAGE,
  EC_PACKAGE_EDIT,
  EC_PATHS,
  EC_SEAL,
  EC_TYPE_EDIT,
  EC_WATERMARK,
  EC_WATERMARK_EDIT,
  MAX_PAPER_SCAN_BYTES,
  MAX_TEMPLATE_PDF_BYTES,
  zCompanySign,
  zContractBatchInitiate,
  zContractId,
  zContractInitiate,
  zContractPage,
  zContractProgress,
  zContractReason,
  zContractTypeId,
  zContractTypeSave,
  zEmployeeEContracts,
  zHtmlPreview,
  zPackageId,
  zPackagePage,
  zPackageSave,
  zPaperSignedQuery,
  zPhoneFill,
  zPhoneLink,
  zPhoneSign,
  zPhoneTicket,
  zPhoneVerify,
  zSceneForm,
  zSceneId,
  zSceneList,
  zSceneSave,
  zTemplateId,
  zTemplatePage,
  zTemplatePreview,
  zTemplateSave,
  zWatermarkSave,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../platform/errors.ts';
import { readSingleUpload, sendFile } from '../../platform/files/index.ts';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as actions from './contract-actions.service.ts';
import * as contractTypes from './contract-types.service.ts';
import * as views from './contract-views.service.ts';
import * as contracts from './contracts.service.ts';
import * as evidence from './evidence.service.ts';
import * as initiation from './initiation.service.ts';
import * as packages from './packages.service.ts';
import * as phone from './phone.service.ts';
import * as scenes from './scenes.service.ts';
import { registerSignSubscribeRoutes } from './sign-subscriptions.ts';
import * as signing from './signing.service.ts';
import * as templates from './templates.service.ts';
import * as watermark from './watermark.service.ts';

const tags = ['电子合同'];
const P = EC_PATHS;

/** Electronic contracts: setup (types, templates, packages, scenes, watermark), contracts, the phone signing page. */
export function registerEcontractRoutes(app: FastifyInstance, s: AppServices) {
  registerSetupRoutes(app, s);
  registerContractRoutes(app, s);
  registerPhoneRoutes(app, s);
  registerSignSubscribeRoutes(app, s);
}

/** Contract types, templates, packages, scenes and the watermark. */
function registerSetupRoutes(app: FastifyInstance, s: AppServices) {
  // ── Contract types ──
  defineRoute(app, s, { url: P.typeList, access: 'member', summary: '合同类型列表', tags, handler: (c) => contractTypes.listTypes(c) });
  defineRoute(app, s, { url: P.typeSave, access: EC_TYPE_EDIT, summary: '新增或修改合同类型 {id?, name, remark}', tags, body: zContractTypeSave, handler: (c) => contractTypes.saveType(c, c.body) });
  defineRoute(app, s, { url: P.typeRemove, access: EC_TYPE_EDIT, summary: '删除合同类型 {id}（无模板时）', tags, body: zContractTypeId, handler: (c) => contractTypes.removeType(c, c.body.id) });

  // ── Templates ──
  defineRoute(app, s, { url: P.templatePage, access: EC_PACKAGE, summary: '合同模板列表（分页）', tags, body: zTemplatePage, handler: (c) => templates.pageTemplates(c, c.body) });
  defineRoute(app, s, { url: P.templateDetail, access: EC_PACKAGE, summary: '合同模板详情（字段位置、正文）', tags, body: zTemplateId, handler: (c) => templates.templateDetail(c, c.body.templateId) });
  defineRoute(app, s, {
    url: P.templateUpload,
    access: EC_PACKAGE_EDIT,
    summary: `上传合同模板 PDF（multipart，字段名 file，不超过 ${MAX_TEMPLATE_PDF_BYTES / 1024 / 1024} MB）：返回文件编号与每页尺寸`,
    tags,
    receive: async (req) => {
      const file = await readSingleUpload(req, MAX_TEMPLATE_PDF_BYTES, { tooLarge: `PDF 文件不能超过 ${MAX_TEMPLATE_PDF_BYTES / 1024 / 1024} MB`, missing: '请选择要上传的 PDF 文件' });
      return templates.checkTemplatePdf(file.filename, file.data);
    },
    handler: (c) => templates.recordTemplateUpload(s, c, c.received as templates.ReceivedTemplatePdf),
  });
  defineRoute(app, s, { url: P.templateSave, access: EC_PACKAGE_EDIT, summary: '保存合同模板（PDF 或在线编辑正文，字段位置）', tags, body: zTemplateSave, handler: (c) => templates.saveTemplate(s, c, c.body) });
  defineRoute(app, s, { url: P.templateRemove, access: EC_PACKAGE_EDIT, summary: '删除合同模板 {templateId}', tags, body: zTemplateId, handler: (c) => templates.removeTemplate(c, c.body.templateId) });
  defineRoute(app, s, {
    url: P.templateFile,
    access: EC_PACKAGE,
    summary: '合同模板原始 PDF {templateId}（用于字段设计）',
    tags,
    body: zTemplateId,
    handler: async (c) => {
      const f = await templates.templateFileBytes(s, c, c.body.templateId);
      return sendFile(c.reply, { name: f.name, type: 'application/pdf', body: f.bytes, disposition: 'inline' });
    },
  });
  defineRoute(app, s, {
    url: P.templatePreview,
    access: EC_PACKAGE,
    summary: '合同模板预览 {templateId, employeeId?}：以示例数据或所选员工的档案填写字段，带企业水印',
    tags,
    body: zTemplatePreview,
    handler: async (c) => {
      const values = c.body.employeeId ? (await contracts.loadEmployeeRecord(s, c.tx, c.companyId, c.body.employeeId)).values : templates.SAMPLE_VALUES;
      const f = await templates.previewTemplate(s, c, c.body.templateId, values);
      return sendFile(c.reply, { name: f.name, type: 'application/pdf', body: f.bytes, disposition: 'inline' });
    },
  });
  defineRoute(app, s, {
    url: P.htmlToPdfPreview,
    access: EC_PACKAGE,
    summary: '在线编辑合同预览（表单提交 title、html）：按段落排版为 PDF，带企业水印',
    tags,
    body: zHtmlPreview,
    handler: async (c) => {
      const paragraphs = templates.htmlToParagraphs(c.body.html);
      if (paragraphs.length === 0) throw badRequest('合同正文不能为空');
      const pdf = await templates.paragraphsToPdf(c.body.title, paragraphs);
      return sendFile(c.reply, { name: `${c.body.title}.pdf`, type: 'application/pdf', body: await watermark.applyWatermark(c.tx, c.companyId, pdf), disposition: 'inline' });
    },
  });

  // ── Packages ──
  defineRoute(app, s, { url: P.packagePage, access: EC_PACKAGE, summary: '合同包列表（分页）', tags, body: zPackagePage, handler: (c) => packages.pagePackages(c, c.body) });
  defineRoute(app, s, { url: P.packageList, access: 'member', summary: '全部合同包（用于选择）', tags, handler: (c) => packages.listPackages(c) });
  defineRoute(app, s, { url: P.packageDetail, access: EC_PACKAGE, summary: '合同包详情 {packageId}', tags, body: zPackageId, handler: (c) => packages.packageDetail(c, c.body.packageId) });
  defineRoute(app, s, { url: P.packageSave, access: EC_PACKAGE_EDIT, summary: '保存合同包（模板、签署顺序、签署期限）', tags, body: zPackageSave, handler: (c) => packages.savePackage(c, c.body) });
  defineRoute(app, s, { url: P.packageRemove, access: EC_PACKAGE_EDIT, summary: '删除合同包 {packageId}', tags, body: zPackageId, handler: (c) => packages.removePackage(c, c.body.packageId) });

  // ── Scenes ──
  defineRoute(app, s, { url: P.sceneList, access: EC_CONFIG, summary: '签署场景列表 {dealCode?}', tags, body: zSceneList, handler: (c) => scenes.listScenes(c.tx, c.companyId, c.body.dealCode) });
  defineRoute(app, s, { url: P.sceneSave, access: EC_CONFIG_EDIT, summary: '保存签署场景（业务场景 1000–1005 与合同包）', tags, body: zSceneSave, handler: (c) => scenes.saveScene(c, c.body) });
  defineRoute(app, s, { url: P.sceneRemove, access: EC_CONFIG_EDIT, summary: '删除签署场景 {id}', tags, body: zSceneId, handler: (c) => scenes.removeScene(c, c.body.id) });
  defineRoute(app, s, { url: P.sceneForm, access: 'member', summary: '场景合同包表单 {dealCode}：sceneGrouVoList，默认第一组第一个合同包', tags, body: zSceneForm, handler: (c) => scenes.sceneForm(c.tx, c.companyId, c.body.dealCode) });

  // ── Watermark ──
  defineRoute(app, s, { url: P.watermarkGet, access: EC_WATERMARK, summary: '合同水印设置', tags, handler: (c) => watermark.watermarkSetting(c.tx, c.companyId) });
  defineRoute(app, s, { url: P.watermarkSave, access: EC_WATERMARK_EDIT, summary: '保存合同水印设置 {enabled, text}', tags, body: zWatermarkSave, handler: (c) => watermark.saveWatermark(c, c.body) });
}

/** The contracts: list, detail, initiation, signing by the company, transitions, files and evidence. */
function registerContractRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, { url: P.contractPage, access: 'member', summary: '电子合同列表（分页；signStatus 0–6，需发起签署、待签署、已签署或合同管理权限之一）', tags, body: zContractPage, handler: (c) => views.pageContracts(c, c.body) });
  defineRoute(app, s, { url: P.contractDetail, access: 'member', summary: '电子合同详情 {contractId}', tags, body: zContractId, handler: (c) => views.contractDetail(s, c, c.body.contractId) });
  defineRoute(app, s, { url: P.contractOfEmployee, access: 'member', summary: '某员工的电子合同 {employeeId}', tags, body: zEmployeeEContracts, handler: (c) => views.contractsOfEmployee(c, c.body.employeeId) });
  defineRoute(app, s, { url: P.contractInitiate, access: EC_INITIATE_EDIT, summary: '为一名员工发起签署（合同包或模板）', tags, body: zContractInitiate, handler: (c) => initiation.initiate(s, c, c.body) });
  defineRoute(app, s, { url: P.contractBatchInitiate, access: EC_INITIATE_EDIT, summary: '批量发起签署（最多 1000 人，后台任务）', tags, body: zContractBatchInitiate, handler: (c) => initiation.batchInitiate(s, c, c.body) });
  defineRoute(app, s, { url: P.contractProgress, access: EC_INITIATE, summary: '批量发起进度 {jobId}', tags, body: zContractProgress, handler: (c) => initiation.batchProgress(c, c.body.jobId) });
  defineRoute(app, s, { url: P.contractCompanySign, access: EC_SEAL, summary: '企业签署：以所选印章为一份或多份合同盖章（可加骑缝章）', tags, body: zCompanySign, handler: (c) => signing.companySign(s, c, c.body) });
  defineRoute(app, s, { url: P.contractWithdraw, access: EC_MANAGE_EDIT, summary: '撤回合同 {contractId, reason}（完成签署前）', tags, body: zContractReason, handler: (c) => actions.transition(s, c, c.body.contractId, 'withdraw', c.body.reason) });
  defineRoute(app, s, { url: P.contractSuspend, access: EC_MANAGE_EDIT, summary: '中止合同签署 {contractId, reason}', tags, body: zContractReason, handler: (c) => actions.transition(s, c, c.body.contractId, 'suspend', c.body.reason) });
  defineRoute(app, s, { url: P.contractResume, access: EC_MANAGE_EDIT, summary: '恢复已中止的合同 {contractId}', tags, body: zContractId, handler: (c) => actions.transition(s, c, c.body.contractId, 'resume') });
  defineRoute(app, s, { url: P.contractEnd, access: EC_MANAGE_EDIT, summary: '终止合同 {contractId, reason}（到期或解除）', tags, body: zContractReason, handler: (c) => actions.transition(s, c, c.body.contractId, 'end', c.body.reason) });
  defineRoute(app, s, { url: P.contractUrge, access: EC_MANAGE_EDIT, summary: '催促员工签署 {contractId}（每小时一次）', tags, body: zContractId, handler: (c) => actions.transition(s, c, c.body.contractId, 'urge') });
  defineRoute(app, s, {
    url: P.contractPaperSigned,
    access: EC_MANAGE_EDIT,
    summary: `纸质合同标记已签署（multipart，?contractId=，字段名 file：PDF/PNG/JPG 扫描件，不超过 ${MAX_PAPER_SCAN_BYTES / 1024 / 1024} MB）`,
    tags,
    receive: async (req) => {
      let query;
      try {
        query = parseInput(zPaperSignedQuery, req.query);
      } catch (err) {
        if (req.isMultipart()) req.raw.resume();
        throw err;
      }
      const file = await readSingleUpload(req, MAX_PAPER_SCAN_BYTES, { tooLarge: `扫描件不能超过 ${MAX_PAPER_SCAN_BYTES / 1024 / 1024} MB`, missing: '请选择签署后的扫描件' });
      return { contractId: query.contractId, scan: actions.checkScan(file.filename, file.data) };
    },
    handler: (c) => {
      const r = c.received as { contractId: number; scan: actions.ReceivedScan };
      return actions.markPaperSigned(s, c, r.contractId, r.scan);
    },
  });
  defineRoute(app, s, {
    url: P.contractDownload,
    access: 'member',
    summary: '下载合同 PDF {contractId}（未签署的文件带企业水印）',
    tags,
    body: zContractId,
    handler: async (c) => {
      const f = await views.download(s, c, c.body.contractId);
      return sendFile(c.reply, { name: f.name, type: 'application/pdf', body: f.bytes });
    },
  });
  defineRoute(app, s, {
    url: P.contractPaperScan,
    access: 'member',
    summary: '纸质合同扫描件 {contractId}',
    tags,
    body: zContractId,
    handler: async (c) => {
      const f = await views.paperScan(s, c, c.body.contractId);
      return sendFile(c.reply, { name: f.name, type: f.mime, body: f.bytes });
    },
  });
  defineRoute(app, s, { url: P.contractEvidence, access: 'member', summary: '合同签署证据链 {contractId}（含哈希链校验结果）', tags, body: zContractId, handler: (c) => evidence.evidence(c, c.body.contractId) });
  defineRoute(app, s, {
    url: P.contractEvidenceReport,
    access: 'member',
    summary: '签署证据报告 PDF {contractId}（以企业证书签名并加时间戳）',
    tags,
    body: zContractId,
    handler: async (c) => {
      const f = await evidence.evidenceReport(s, c, c.body.contractId);
      return sendFile(c.reply, { name: f.name, type: 'application/pdf', body: f.bytes });
    },
  });
}

/** The employee's phone page: open the link, verify, read, fill in, sign, download. */
function registerPhoneRoutes(app: FastifyInstance, s: AppServices) {
  const ptags = ['电子合同（员工手机签署）'];
  defineRoute(app, s, { url: P.phoneOpen, access: 'public', summary: '打开签署链接 {contractId, t}', tags: ptags, body: zPhoneLink, handler: (c) => phone.open(s, c) });
  defineRoute(app, s, { url: P.phoneSendCode, access: 'public', summary: '发送短信验证码', tags: ptags, body: zPhoneLink, handler: (c) => phone.sendCode(s, c) });
  defineRoute(app, s, { url: P.phoneVerify, access: 'public', summary: '核验身份（短信验证码 + 姓名 + 证件号后6位），返回查看凭证', tags: ptags, body: zPhoneVerify, handler: (c) => phone.verify(s, c) });
  defineRoute(app, s, { url: P.phoneDetail, access: 'public', summary: '合同签署信息（需查看凭证）', tags: ptags, body: zPhoneTicket, handler: (c) => phone.detail(s, c) });
  defineRoute(app, s, {
    url: P.phoneView,
    access: 'public',
    summary: '查看合同 PDF（需查看凭证）',
    tags: ptags,
    body: zPhoneTicket,
    handler: async (c) => {
      const f = await phone.viewPdf(s, c);
      return sendFile(c.reply, { name: f.name, type: 'application/pdf', body: f.bytes, disposition: 'inline' });
    },
  });
  defineRoute(app, s, { url: P.phoneFill, access: 'public', summary: '填写员工填写项 {values}', tags: ptags, body: zPhoneFill, handler: (c) => phone.fill(s, c) });
  defineRoute(app, s, { url: P.phoneSign, access: 'public', summary: '签署：手写签名 PNG 与签署意愿确认', tags: ptags, body: zPhoneSign, handler: (c) => phone.sign(s, c) });
  defineRoute(app, s, {
    url: P.phoneDownload,
    access: 'public',
    summary: '下载合同 PDF（免费，随时可下载）',
    tags: ptags,
    body: zPhoneTicket,
    handler: async (c) => {
      const f = await phone.download(s, c);
      return sendFile(c.reply, { name: f.name, type: 'application/pdf', body: f.bytes });
    },
  });
}
