/** The roster import. What other modules and the app's wiring may use of it. */
export { registerEmployeeImportJobHandlers } from './employee-import.jobs.ts';
export { registerEmployeeImportRoutes } from './employee-import.routes.ts';
export { importFileRule } from './import-files.ts';
