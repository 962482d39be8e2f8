/** Social-insurance hosting (社保托管): entities, employees' insurance, monthly declarations and their results. What other modules and the app's wiring may use of it. */
export { registerSocialInsuranceJobHandlers } from './social-insurance.jobs.ts';
export { registerSocialInsuranceRoutes } from './social-insurance.routes.ts';
export { seedDemoSocialInsurance } from './social-insurance.seed.ts';
export { setSiPortal, FilePortal, type SiPortal } from './portal.ts';
export { boardView, insuredHeadcount } from './insured.service.ts';
