import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * 客户线索: the platform's own sales leads (docs/leads.md), so platform-global — a user with no company
 * may ask too. The phone is encrypted with the platform key, with a keyed hash for merging repeats.
 * status: 1 新线索, 2 已联系, 3 已转化, 4 无效.
 */
export const leads = pgTable(
  'leads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    companyId: bigint('company_id', { mode: 'number' }),
    mobileEnc: text('mobile_enc').notNull(),
    mobileHash: text('mobile_hash').notNull(),
    clueSeat: text('clue_seat').notNull(),
    sourceType: smallint('source_type').notNull(),
    insuranceType: smallint('insurance_type').notNull(),
    planNumType: text('plan_num_type').notNull(),
    adSign: text('ad_sign'),
    gwSource: text('gw_source'),
    isPost: smallint('is_post'),
    remark: text('remark'),
    inEmp: integer('in_emp'),
    promoter: jsonb('promoter'),
    promoterId: text('promoter_id'),
    status: smallint('status').notNull().default(1),
    followNote: text('follow_note'),
    followedBy: bigint('followed_by', { mode: 'number' }),
    followedAt: ts('followed_at'),
    submitCount: integer('submit_count').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSubmittedAt: ts('last_submitted_at').notNull().defaultNow(),
  },
  (t) => [
    index('leads_merge_idx').on(t.mobileHash, t.planNumType, t.lastSubmittedAt),
    index('leads_status_idx').on(t.status, t.id),
    index('leads_promoter_idx').on(t.promoterId),
  ],
);

/**
 * The lead's history, append-only (platform/db.ts): every submission (for the per-user rate limit),
 * merge, phone reveal and follow-up, with who and when.
 */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leadId: bigint('lead_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    detail: jsonb('detail').notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.id), index('lead_events_actor_idx').on(t.actorUserId, t.kind, t.at)],
);

/** Who sent the creator of a company here (the promoter cookie at 创建企业): platform marketing data. */
export const companyPromoters = pgTable('company_promoters', {
  companyId: bigint('company_id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  promoterId: text('promoter_id').notNull(),
  promoter: jsonb('promoter').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
