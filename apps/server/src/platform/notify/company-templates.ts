import { pushEvent, renderTemplate, smsParams, type PushEventKey } from '@wfsaas/contracts';
import { and, eq } from 'drizzle-orm';
import { pushTemplates } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';

/** What the caller of notify() knows of a push event: which one, and its variables' values by name. */
export type NotifyEvent = { key: PushEventKey; values: Record<string, string> };

/** The parameters an SMS provider's template is sent with (SmsGateway.send). */
export type SmsTemplateCall = { signName: string; templateCode: string; params: Record<string, string> };

async function enabledTemplate(exec: Executor, companyId: number, channel: 'email' | 'sms', event: PushEventKey) {
  const rows = await exec
    .select()
    .from(pushTemplates)
    .where(and(eq(pushTemplates.companyId, companyId), eq(pushTemplates.channel, channel), eq(pushTemplates.event, event), eq(pushTemplates.enabled, true)))
    .limit(1);
  return rows[0];
}

/** The company's own email for the event, rendered; undefined: the product's default text is sent. */
export async function companyEmail(exec: Executor, companyId: number, e: NotifyEvent): Promise<{ subject: string; body: string } | undefined> {
  const t = await enabledTemplate(exec, companyId, 'email', e.key);
  if (!t?.subject || !t.body) return undefined;
  return { subject: renderTemplate(t.subject, e.values), body: renderTemplate(t.body, e.values) };
}

/** The company's SMS provider template for the event; undefined: the text alone is sent. */
export async function companySmsTemplate(exec: Executor, companyId: number, e: NotifyEvent): Promise<SmsTemplateCall | undefined> {
  const t = await enabledTemplate(exec, companyId, 'sms', e.key);
  const event = pushEvent(e.key);
  if (!t?.signName || !t.templateCode || !event) return undefined;
  return { signName: t.signName, templateCode: t.templateCode, params: smsParams(event, e.values) };
}
