/** The group archive. What other modules and the app's wiring may use of it. */
export { registerGroupArchiveRoutes } from './group-archive.routes.ts';
