/** Hooks for the employee lifecycle: start a scene's contracts, withdraw an employee's unfinished ones. */
export { startSceneSigning, withdrawPendingContractsForEmployee } from './contracts.service.ts';
