import { registerEmployeeExport } from './employee-export.ts';

/** The job types of the employees module (every process that runs jobs registers them). */
export function registerEmployeeJobHandlers(): void {
  registerEmployeeExport();
}
