export { createLocalFileStore, getFileStore, setFileStore, FileMissingError, type FileStore, type StoredBlob } from './store.ts';
export { checkUploadContent, sniffContent, isImageExtension, IMAGE_EXTENSIONS, ACCEPTED_EXTENSIONS, type SniffedType, type UploadCheck } from './sniff.ts';
export {
  storeUpload,
  recordUpload,
  type StoredUpload,
  findFile,
  findFileByPublicId,
  findPublicStaticFile,
  publicIdsOf,
  attachFile,
  claimUpload,
  newPublicFileId,
  type FileOwner,
  type NewFileRow,
  archiveFile,
  insertFileRow,
  newStorageKey,
  openStoredFile,
  deleteStoredFile,
  contentDisposition,
  cleanFileName,
  fileTooLarge,
  type FileRow,
  type UploadInput,
} from './files.ts';
export {
  startExport,
  registerExportHandler,
  sheetCaughtUp,
  registerExportCleanup,
  findExport,
  listExpiredExportIds,
  listCompaniesWithExpiredExports,
  EXPORT_STATUS,
  EXPORT_STATUS_NAMES,
  EXPORT_TTL_DAYS,
  EXPORT_CLEANUP_JOB,
  XLSX_MIME,
  type ExportRow,
  type ExportContext,
  type ExportHandler,
  type StartExportInput,
  type XlsxWriter,
} from './exports.ts';
export { sendFile, type FileReply } from './reply.ts';
export { readSingleUpload, type ReadUploadMessages } from './read-upload.ts';
export { registerFileAccess, fileAccessRule, readerHolds, type FileAccessRule, type FileReader } from './access.ts';
