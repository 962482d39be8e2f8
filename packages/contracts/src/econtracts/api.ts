import { ESIGN_API } from '../esign.ts';

/** The e-contract permission keys and API paths. */

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
