/** The implementation centre: dictionaries, push channels, the set-up checklist, pay configuration. What other modules and the app's wiring may use of it. */
export { registerImplementRoutes } from './implement.registry.ts';
export { registerDictionaryUsageSource, requireDictionaryItem, type DictionaryUsageSource } from './dictionaries.service.ts';
export { resolveBankFileChoice, payerForBankFile } from './pay-config.service.ts';
export { loadFieldSettings, loadSavedFieldSettings } from './system-config.service.ts';
export { checkNewPassword, passwordExpired, recordPasswordSet, signInPolicyFor } from './system-config.policy.ts';
export { registerRetentionJobs, retentionDaysOf } from './system-config.jobs.ts';
