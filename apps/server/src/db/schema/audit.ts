import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

/** Append-only: the application role may insert and read, never update or delete (see platform/db.ts). */
export const auditLog = pgTable(
  'audit_log',
  {
    companyId: companyId(),
    id: idColumn(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('audit_log_entity_idx').on(t.companyId, t.entity, t.entityId), tenantPolicy('audit_log')],
);
