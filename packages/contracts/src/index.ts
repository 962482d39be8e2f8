export * from './envelope.ts';
export * from './errors.ts';
export * from './masking.ts';
export * from './uscc.ts';
export * from './auth.ts';
export * from './routes.ts';
export * from './permissions.ts';
export * from './system.ts';
