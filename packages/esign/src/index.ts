export { EsignInputError, TsaUnavailableError } from './errors.ts';
export {
  createRootCa,
  exportEncryptedKey,
  loadRootCa,
  issueCompanyCertificate,
  issueEventCertificate,
  issueTsaCertificate,
  readP12,
  type CertifiedKey,
  type RootCa,
  type RootCaOptions,
  type IssuedCertificate,
  type CompanyCertificateOptions,
  type EventCertificateOptions,
} from './ca.ts';
export { findMissingGlyphs } from './fonts.ts';
export { renderTextPdf, fillFields, watermarkPdf, pdfPageSizes, A4, type Paragraph, type RenderTextOptions, type LaidOutLine, type FieldFill } from './render.ts';
export { generateRoundSeal, generateNameSignature, renderTextImage, type SealOptions } from './seal.ts';
export { signPdf, type SignOptions, type SignAppearance, type SignStamp } from './sign.ts';
export {
  createHttpTsa,
  createInternalTsa,
  parseTimeStampToken,
  readTimeStampRequest,
  timeStampRequest,
  timeStampResponse,
  INTERNAL_TSA_POLICY,
  type HttpTsaOptions,
  type Tsa,
  type InternalTsaOptions,
} from './tsa.ts';
export { verifyPdf, type VerifyOptions, type VerifyResult, type SignatureReport, type SignatureTimeStamp } from './verify.ts';
