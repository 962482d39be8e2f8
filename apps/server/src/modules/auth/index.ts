/** Sign-in and sessions. What other modules and the app's wiring may use of it. */
export { registerAuthRoutes } from './auth.routes.ts';
export { consumeTempToken, issueTempTokens } from './auth.service.ts';
