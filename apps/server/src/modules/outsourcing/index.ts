/** Outsourced labour (外包用工): clients, plans, orders, placements, client bills and joint custody. What the app's wiring may use of it. */
export { registerOutsourcingRoutes } from './outsourcing.routes.ts';
export { seedDemoOutsourcing } from './outsourcing.seed.ts';
export { registerBillExports as registerOutsourcingJobHandlers } from './bills-export.ts';
