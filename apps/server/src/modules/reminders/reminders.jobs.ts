import { registerDailyJob, registerJobHandler } from '../../platform/jobs/index.ts';
import { listCompaniesWithEmployees } from './reminders.queries.ts';
import { runDailyReminders } from './reminders.service.ts';
import { chinaToday } from '../../platform/china-date.ts';

export const REMINDER_DAILY_JOB = 'reminders.daily';

/** The daily reminders: enqueued once a day per company with employees; the payload names the day. */
export function registerReminderJobHandlers(): void {
  registerJobHandler<{ day?: string }>(REMINDER_DAILY_JOB, async (ctx) => {
    const day = ctx.job.payload?.day ?? chinaToday();
    const sent = await ctx.services.database.inTenant(ctx.job.companyId, (tx) => runDailyReminders(ctx.services, tx, ctx.job.companyId, day));
    return { day, sent };
  });
  registerDailyJob({ type: REMINDER_DAILY_JOB, keyPrefix: 'remind', companies: listCompaniesWithEmployees });
}
