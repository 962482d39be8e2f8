/** The implementation centre: dictionaries, push channels, the set-up checklist, pay configuration. What other modules and the app's wiring may use of it. */
export { registerImplementRoutes } from './implement.registry.ts';
export { registerDictionaryUsageSource, requireDictionaryItem, type DictionaryUsageSource } from './dictionaries.service.ts';
export { resolveBankFileChoice, payerForBankFile } from './pay-config.service.ts';
