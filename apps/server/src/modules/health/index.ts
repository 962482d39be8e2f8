/** The health check. What other modules and the app's wiring may use of it. */
export { registerHealthRoutes } from './health.routes.ts';
