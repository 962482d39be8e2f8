export * from './assets.exports.ts';
