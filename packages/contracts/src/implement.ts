/** The implementation centre: dictionaries, push channels, the set-up checklist, pay configuration. */
export * from './implement/dictionaries.ts';
export * from './implement/push.ts';
export * from './implement/setup.ts';
export * from './implement/pay-config.ts';
export * from './implement/system-config.ts';
