/** Self-service onboarding. What other modules and the app's wiring may use of it. */
export { registerSelfOnboardingRoutes } from './self-onboarding.routes.ts';
export { onboardingPhotoFileRule } from './self-onboarding.service.ts';
