/** In-app messages. What other modules and the app's wiring may use of it. */
export { registerMessageRoutes } from './messages.routes.ts';
export { seedDemoMessages } from './messages.seed.ts';
