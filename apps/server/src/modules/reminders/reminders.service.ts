import {
  DEFAULT_REMINDER_CONFIG,
  REMINDER_KINDS,
  zReminderConfig,
  type ReminderConfig,
  type ReminderConfigView,
  type ReminderKind,
  type ReminderOccasion,
} from '@wfsaas/contracts';
import type { Executor, Tx } from '../../platform/db.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { listMembersHolding } from '../../platform/permissions.ts';
import { MESSAGE_TYPES, notify, publicBaseUrl, type NotifyEvent } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';
import { daysBetween, monthDaysOfWindow, yearsOn } from './reminder-dates.ts';
import * as q from './reminders.queries.ts';
import { addDays } from '../../platform/china-date.ts';


const KIND_LABEL = new Map(REMINDER_KINDS.map((k) => [k.key, k.label]));

/**
 * A stored config, read part by part: a kind saved before it existed (or a part the schema no longer
 * accepts) takes its default, and the rest of what the company saved still holds.
 */
export function readStoredConfig(stored: unknown): ReminderConfig {
  const raw: Record<string, unknown> = stored !== null && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const shape = zReminderConfig.shape;
  const config: ReminderConfig = { ...DEFAULT_REMINDER_CONFIG };
  for (const { key } of REMINDER_KINDS) {
    const rule = shape[key].safeParse(raw[key]);
    if (rule.success) config[key] = rule.data;
  }
  const emails = shape.emails.safeParse(raw.emails);
  if (emails.success) config.emails = emails.data;
  return config;
}

/** The stored settings, or the defaults for a company that never saved any. */
export async function loadReminderConfig(exec: Executor, companyId: number): Promise<{ config: ReminderConfig; updatedAt: Date | null }> {
  const row = await q.findReminderSettings(exec, companyId);
  if (!row) return { config: DEFAULT_REMINDER_CONFIG, updatedAt: null };
  return { config: readStoredConfig(row.config), updatedAt: row.updatedAt };
}

export async function getReminderConfig(c: ServiceCtx): Promise<ReminderConfigView> {
  const { config, updatedAt } = await loadReminderConfig(c.tx, c.companyId);
  const recipients = await listMembersHolding(c.tx, c.companyId, 'staffRoll');
  return { ...config, updatedAt: updatedAt?.toISOString() ?? null, recipientCount: recipients.length };
}

export async function saveReminderConfig(c: ServiceCtx, input: ReminderConfig): Promise<ReminderConfigView> {
  const before = await q.findReminderSettings(c.tx, c.companyId);
  const config: ReminderConfig = { ...input, emails: [...new Set(input.emails.map((e) => e.trim().toLowerCase()))] };
  await q.upsertReminderSettings(c.tx, c.companyId, config, c.user.userId);
  await c.audit({ action: 'reminder.settings.save', entity: 'reminderSettings', entityId: c.companyId, before: before?.config ?? null, after: config });
  return getReminderConfig(c);
}

/** The occasions of one kind in the window [today, today + daysAhead]. */
export async function occasionsOf(exec: Executor, companyId: number, kind: ReminderKind, today: string, daysAhead: number): Promise<ReminderOccasion[]> {
  const label = KIND_LABEL.get(kind)!;
  const view = (r: q.OccasionRow, date: string, years: number | null): ReminderOccasion => ({
    kind,
    kindLabel: label,
    employeeId: r.employeeId,
    employeeName: r.name,
    employeeNo: r.employeeNo,
    departmentName: r.departmentName,
    date,
    daysLeft: daysBetween(today, date),
    years,
  });
  if (kind === 'probationEnd' || kind === 'contractExpiry') {
    const list = kind === 'probationEnd' ? q.listProbationEnds : q.listContractEnds;
    const rows = await list(exec, companyId, today, addDays(today, daysAhead));
    return rows.map((r) => view(r, r.date, null));
  }
  const window = monthDaysOfWindow(today, daysAhead);
  const rows = await q.listByMonthDay(exec, companyId, kind === 'birthday' ? 'birth_date' : 'hire_date', [...window.keys()]);
  const out: ReminderOccasion[] = [];
  for (const r of rows) {
    const date = window.get(r.date.slice(5))!;
    const years = yearsOn(r.date, date);
    // an anniversary needs a full year; a birthday needs the person born
    if (kind === 'workAnniversary' ? years < 1 : years < 0) continue;
    out.push(view(r, date, kind === 'workAnniversary' ? years : null));
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.employeeId - b.employeeId);
}

/** remind/upcoming: the occasions the enabled kinds (or the one asked for) will remind of. */
export async function upcomingReminders(c: ServiceCtx, kind: ReminderKind | undefined, today: string): Promise<ReminderOccasion[]> {
  const { config } = await loadReminderConfig(c.tx, c.companyId);
  const kinds = kind ? [kind] : REMINDER_KINDS.map((k) => k.key).filter((k) => config[k].enabled);
  const out: ReminderOccasion[] = [];
  for (const k of kinds) out.push(...(await occasionsOf(c.tx, c.companyId, k, today, config[k].daysAhead)));
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.employeeId - b.employeeId);
}

const MAX_NAMES = 20;

/** 张三（11月28日，还有 6 天）… */
function describe(o: ReminderOccasion): string {
  const [, m, d] = o.date.split('-');
  const when = o.daysLeft === 0 ? '今天' : `还有 ${o.daysLeft} 天`;
  const extra = o.years !== null ? `，满 ${o.years} 年` : '';
  return `${o.employeeName}（${Number(m)}月${Number(d)}日${extra}，${when}）`;
}

const nameList = (items: ReminderOccasion[]): string => items.slice(0, MAX_NAMES).map(describe).join('、') + (items.length > MAX_NAMES ? ` 等 ${items.length} 人` : '');

function composeNotice(kind: ReminderKind, items: ReminderOccasion[], daysAhead: number): { title: string; content: string } {
  const names = nameList(items);
  const n = items.length;
  const within = daysAhead === 0 ? '今天' : `${daysAhead} 天内`;
  switch (kind) {
    case 'probationEnd':
      return { title: `试用期到期提醒：${n} 名员工`, content: `以下员工的试用期将于${within}结束，请及时办理转正或延长试用：${names}` };
    case 'birthday':
      return { title: `员工生日提醒：${n} 名员工`, content: `以下员工${within}过生日：${names}` };
    case 'workAnniversary':
      return { title: `入职周年提醒：${n} 名员工`, content: `以下员工${within}迎来入职周年：${names}` };
    case 'contractExpiry':
      return { title: `合同到期提醒：${n} 名员工`, content: `以下员工的劳动合同将于${within}到期，请及时办理续签或不续签：${names}` };
  }
}

const REMINDER_EVENTS: Record<ReminderKind, NotifyEvent['key']> = {
  probationEnd: 'probationReminder',
  birthday: 'birthdayReminder',
  workAnniversary: 'anniversaryReminder',
  contractExpiry: 'contractExpiryReminder',
};

/** The push event of a reminder email, for the company's email template (PUSH_EVENTS). */
function reminderEvent(kind: ReminderKind, items: ReminderOccasion[], daysAhead: number, link: string): NotifyEvent {
  return { key: REMINDER_EVENTS[kind], values: { 人数: String(items.length), 员工名单: nameList(items), 提醒范围: daysAhead === 0 ? '今天' : `${daysAhead} 天内`, 链接: link } };
}

/** Where a notice of the kind takes the reader: contracts to the renewal screen, the rest to the roster. */
const NOTICE_LINK: Record<ReminderKind, string> = {
  probationEnd: '/staffRoll',
  birthday: '/staffRoll',
  workAnniversary: '/staffRoll',
  contractExpiry: '/staffManagement/changeAlternation/renewal',
};

/**
 * The daily run for one company on `today`: each enabled kind's occasions not reminded of before are
 * recorded and sent, as one notice per kind, in-app to the roster's holders and by email to the
 * settings' addresses — all in one transaction, so a retried run sends nothing twice.
 */
export async function runDailyReminders(services: AppServices, tx: Tx, companyId: number, today: string): Promise<Record<ReminderKind, number>> {
  const { config } = await loadReminderConfig(tx, companyId);
  const sent: Record<ReminderKind, number> = { probationEnd: 0, birthday: 0, workAnniversary: 0, contractExpiry: 0 };
  let recipients: number[] | null = null;
  for (const { key: kind } of REMINDER_KINDS) {
    const rule = config[kind];
    if (!rule.enabled) continue;
    const occasions = await occasionsOf(tx, companyId, kind, today, rule.daysAhead);
    if (occasions.length === 0) continue;
    const fresh = await q.recordOccasions(
      tx,
      companyId,
      occasions.map((o) => ({ kind, employeeId: o.employeeId, occasion: o.date })),
    );
    const items = occasions.filter((o) => fresh.has(`${kind}:${o.employeeId}:${o.date}`));
    if (items.length === 0) continue;
    const { title, content } = composeNotice(kind, items, rule.daysAhead);
    recipients ??= await listMembersHolding(tx, companyId, 'staffRoll');
    const key = `remind:${kind}:${today}`;
    const link = NOTICE_LINK[kind];
    for (const userId of recipients) {
      await notify(tx, services, { companyId, userId, channels: ['inapp'], type: MESSAGE_TYPES.expiry, title, content, link, idempotencyKey: `${key}:u${userId}` });
    }
    const event = reminderEvent(kind, items, rule.daysAhead, `${publicBaseUrl(services.config) ?? ''}${link}`);
    for (const email of config.emails) {
      await notify(tx, services, { companyId, recipient: { email }, channels: ['email'], type: MESSAGE_TYPES.expiry, title, content, link, idempotencyKey: `${key}:${email}`, event });
    }
    sent[kind] = items.length;
  }
  return sent;
}
