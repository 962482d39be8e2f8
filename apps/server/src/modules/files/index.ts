/** Uploads, downloads and the download centre. What other modules and the app's wiring may use of it. */
export { exportFileRule } from './export-files.ts';
export { myExportDetail, type ExportView } from './exports.service.ts';
export { registerFilesJobHandlers } from './files.jobs.ts';
export { registerFilesRoutes } from './files.routes.ts';
export { myExportStats } from './exports.service.ts';
