export * from './enterprise/assets.ts';
