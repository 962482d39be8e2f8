/** Short public links. What other modules and the app's wiring may use of it. */
export { registerLinkRoutes } from './links.routes.ts';
