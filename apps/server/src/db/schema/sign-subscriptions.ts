import { bigint, boolean, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { companyId, tenantPolicy } from './tenancy.ts';

/** 消息订阅 of e-contract events, per member and company; no row means subscribed to every event. */
export const signSubscriptions = pgTable(
  'sign_subscriptions',
  {
    companyId: companyId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    toSign: boolean('to_sign').notNull().default(true),
    completed: boolean('completed').notNull().default(true),
    withdrawn: boolean('withdrawn').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), tenantPolicy('sign_subscriptions')],
);
