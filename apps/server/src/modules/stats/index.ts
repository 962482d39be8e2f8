/** Statistics: the service board's counts and the employee-structure, risk, tax and insurance figures. */
export { registerStatsRoutes } from './stats.routes.ts';
