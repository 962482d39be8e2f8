/** Departments, positions, ranks and cost centres. What other modules and the app's wiring may use of it. */
export { departmentOptions } from './departments.service.ts';
export { registerOrgRoutes } from './org.routes.ts';
export { seedDemoOrg } from './org.seed.ts';
