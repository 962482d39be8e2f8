/** Reminders. What other modules and the app's wiring may use of it. */
export { registerReminderJobHandlers } from './reminders.jobs.ts';
export { registerReminderRoutes } from './reminders.routes.ts';
