/** Companies and their members. What other modules and the app's wiring may use of it. */
export { registerCompanyRoutes } from './company.routes.ts';
export { isActiveMember } from './company.service.ts';
