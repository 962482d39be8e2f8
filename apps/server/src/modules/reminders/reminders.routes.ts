import { zReminderConfig, zReminderUpcoming } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './reminders.service.ts';
import { chinaToday } from '../../platform/china-date.ts';

const BASE = '/wfsaas-saas/api/remind';

/** 提醒设置 (/employmentRelationship): what HR is reminded of, and the reminders coming up. */
export function registerReminderRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['提醒设置'];
  defineRoute(app, s, { url: `${BASE}/config/get`, access: 'employmentRelationship', summary: '提醒设置（未保存过时为默认设置）', tags, handler: (c) => svc.getReminderConfig(c) });
  defineRoute(app, s, { url: `${BASE}/config/save`, access: 'employmentRelationship.edit', summary: '保存提醒设置', tags, body: zReminderConfig, handler: (c) => svc.saveReminderConfig(c, c.body) });
  defineRoute(app, s, {
    url: `${BASE}/upcoming`,
    access: 'employmentRelationship',
    summary: '近期提醒：已开启的提醒在提前天数内涉及的员工（可按类型查看）',
    tags,
    body: zReminderUpcoming,
    handler: (c) => svc.upcomingReminders(c, c.body.kind, chinaToday()),
  });
}
