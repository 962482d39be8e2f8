export * from './tenancy.ts';
export * from './identity.ts';
export * from './audit.ts';
export * from './access.ts';
export * from './employees.ts';
export * from './notify.ts';
export * from './jobs.ts';
export * from './files.ts';
