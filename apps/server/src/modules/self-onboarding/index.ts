/** Self-service onboarding. What other modules and the app's wiring may use of it. */
export { registerSelfOnboardingRoutes } from './self-onboarding.routes.ts';
export { createInvite, invitesByIds, onboardingPhotoFileRule, pageSubmissions } from './self-onboarding.service.ts';
