/** Onboarding, regularisation, transfers, resignations and labour contracts. What other modules and the app's wiring may use of it. */
export { addPendingHire, closeHire, confirmHires } from './induction.service.ts';
export { doQuit, rehire } from './quit.service.ts';
export { registerLifecycleJobHandlers } from './lifecycle.jobs.ts';
export { registerLifecycleRoutes } from './lifecycle.routes.ts';
export { seedDemoLifecycle } from './lifecycle.seed.ts';
export { conversionCounts, pageConversion } from './regularisation.service.ts';
export { pageRenewals, renewalCounts } from './labour-contracts.service.ts';
export { inductionCounts, pageInductions } from './induction.service.ts';
