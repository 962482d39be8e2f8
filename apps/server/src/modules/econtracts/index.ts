/** Electronic contracts. What other modules and the app's wiring may use of it (the lifecycle starts a scene's contracts and withdraws unfinished ones). */
export { withdrawPendingContractsForEmployee } from './contract-actions.service.ts';
export { startPackageSigning, startSceneSigning } from './initiation.service.ts';
export { contractFileRule, contractTemplateFileRule } from './econtract-files.ts';
export { registerEcontractJobHandlers } from './econtracts.jobs.ts';
export { registerEcontractRoutes } from './econtracts.routes.ts';
export { seedDemoEcontracts } from './econtracts.seed.ts';
export { pageContracts } from './contract-views.service.ts';
