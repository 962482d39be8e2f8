import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * A company's subscription to one product of the catalogue (docs/subscriptions.md): edition, seats and
 * term; for e-contracts the signatures bought in packs. Changed only by an activated price order.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    companyId: companyId(),
    id: idColumn(),
    product: text('product').notNull(),
    edition: text('edition').notNull(),
    seats: integer('seats').notNull().default(0),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    signaturesBought: integer('signatures_bought').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('subscriptions_product_uq').on(t.companyId, t.product), tenantPolicy('subscriptions')],
);

/**
 * 订阅价格订单: what the company buys (a new term, a renewal, more seats, an upgrade, a pack) at the price
 * the server computed. status 1 待付款, 2 已生效 (its bill was paid; it is then a service agreement),
 * 3 已取消. action: new | renew | expand | upgrade | pack.
 */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    companyId: companyId(),
    id: idColumn(),
    orderNo: text('order_no').notNull(),
    product: text('product').notNull(),
    action: text('action').notNull(),
    edition: text('edition').notNull(),
    seats: integer('seats').notNull().default(0),
    months: integer('months'),
    pack: integer('pack'),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    unitPrice: money('unit_price').notNull(),
    amount: money('amount').notNull(),
    formula: text('formula').notNull(),
    status: smallint('status').notNull().default(1),
    billId: bigint('bill_id', { mode: 'number' }),
    agreementNo: text('agreement_no'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    activatedAt: ts('activated_at'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('subscription_orders_no_uq').on(t.companyId, t.orderNo),
    // one order waiting for payment per product
    uniqueIndex('subscription_orders_pending_uq').on(t.companyId, t.product).where(sql`status = 1`),
    index('subscription_orders_status_idx').on(t.companyId, t.status),
    tenantPolicy('subscription_orders'),
  ],
);

/**
 * Metered usage: one row per thing used (a completed signature, a locked payroll run), keyed by what
 * it was so metering twice changes nothing. covered_by: 'pack' (drawn from the signature packs),
 * 'overage' (beyond every pack, billed on the month's usage statement), 'unmetered' (no subscription).
 */
export const usageRecords = pgTable(
  'usage_records',
  {
    companyId: companyId(),
    id: idColumn(),
    meter: text('meter').notNull(),
    ref: text('ref').notNull(),
    qty: integer('qty').notNull(),
    month: text('month').notNull(),
    coveredBy: text('covered_by').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('usage_records_ref_uq').on(t.companyId, t.meter, t.ref),
    index('usage_records_month_idx').on(t.companyId, t.meter, t.month),
    tenantPolicy('usage_records'),
  ],
);
