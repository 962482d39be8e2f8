export * from './assets.exports.ts';
/** Enterprise settings: profile, certification, login sharing. What other modules and the app's wiring may use of it. */
export { registerEnterpriseRoutes } from './enterprise.routes.ts';
export { licenceFileRule } from './certification.service.ts';
export { paymentVerifier, usePaymentVerifier, type PaymentVerifier } from './payment-verifier.ts';
export { seedDemoEnterprise } from './enterprise.seed.ts';
