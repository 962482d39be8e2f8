import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companyId, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A company's template of one event on one channel (docs/push-channels.md). channel 'email': subject
 * and body with {{变量}}; 'sms': the provider's signature and template code; 'mp': the official
 * account's template id, its fields' mapping and the link it opens. No row: the product's default.
 */
export const pushTemplates = pgTable(
  'push_templates',
  {
    companyId: companyId(),
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    subject: text('subject'),
    body: text('body'),
    signName: text('sign_name'),
    templateCode: text('template_code'),
    mpTemplateId: text('mp_template_id'),
    mpFields: jsonb('mp_fields').$type<Record<string, string>>(),
    mpUrl: text('mp_url'),
    enabled: boolean('enabled').notNull().default(true),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.channel, t.event] }), tenantPolicy('push_templates')],
);

/** The company's WeChat official account: the secret and the cached access token are encrypted. */
export const pushMpAccounts = pgTable(
  'push_mp_accounts',
  {
    companyId: companyId().primaryKey(),
    appId: text('app_id').notNull(),
    secretEnc: text('secret_enc').notNull(),
    accessTokenEnc: text('access_token_enc'),
    tokenExpiresAt: ts('token_expires_at'),
    lastPulledAt: ts('last_pulled_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [tenantPolicy('push_mp_accounts')],
);

/** Templates pulled from the official account (replaced whole at each pull). */
export const pushMpTemplates = pgTable(
  'push_mp_templates',
  {
    companyId: companyId(),
    templateId: text('template_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    example: text('example').notNull().default(''),
    pulledAt: ts('pulled_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.templateId] }), tenantPolicy('push_mp_templates')],
);
