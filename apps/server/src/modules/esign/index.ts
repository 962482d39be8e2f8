/** Seals and signature verification. What other modules and the app's wiring may use of it. */
export { registerEsignRoutes } from './esign.routes.ts';
export { seedDemoSeals } from './esign.seed.ts';
export { findDocumentSeal, pngSize, readSealPng, recordSealStamp, recordSealUse, requireSeal, sealFileRule } from './seals.service.ts';
