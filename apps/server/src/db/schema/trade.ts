import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * A bill the company issues (the trade module owns bills; outsourcing raises client statements).
 * bill_type: 1 客户月度账单, 5 一次性账单; status: the twelve bill codes (docs/outsourcing.md).
 * source/source_id name what raised it (e.g. 'outsourcing' and the client id); totals are the sums of its lines.
 */
export const bills = pgTable(
  'bills',
  {
    companyId: companyId(),
    id: idColumn(),
    billNo: text('bill_no').notNull(),
    billType: smallint('bill_type').notNull(),
    source: text('source').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    counterpartyName: text('counterparty_name').notNull(),
    month: text('month'),
    status: smallint('status').notNull(),
    wages: money('wages').notNull().default('0'),
    siEmployer: money('si_employer').notNull().default('0'),
    hfEmployer: money('hf_employer').notNull().default('0'),
    serviceFee: money('service_fee').notNull().default('0'),
    vat: money('vat').notNull().default('0'),
    total: money('total').notNull().default('0'),
    lineCount: integer('line_count').notNull().default(0),
    /** What the bill was computed with (plan name, fee and VAT wording), kept as generated. */
    terms: text('terms').notNull().default('{}'),
    generatedAt: ts('generated_at').notNull().defaultNow(),
    generatedBy: bigint('generated_by', { mode: 'number' }),
    confirmedAt: ts('confirmed_at'),
    confirmedBy: text('confirmed_by'),
    paidAt: ts('paid_at'),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('bills_no_uq').on(t.companyId, t.billNo),
    uniqueIndex('bills_source_month_uq').on(t.companyId, t.source, t.sourceId, t.month, t.billType).where(sql`archived_at is null`),
    index('bills_status_idx').on(t.companyId, t.status),
    tenantPolicy('bills'),
  ],
);

/** One line of a bill: a worker of a client statement, with its amounts. */
export const billLines = pgTable(
  'bill_lines',
  {
    companyId: companyId(),
    billId: bigint('bill_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }),
    name: text('name').notNull(),
    employeeNo: text('employee_no'),
    post: text('post').notNull().default(''),
    wages: money('wages').notNull().default('0'),
    siEmployer: money('si_employer').notNull().default('0'),
    hfEmployer: money('hf_employer').notNull().default('0'),
    serviceFee: money('service_fee').notNull().default('0'),
    vat: money('vat').notNull().default('0'),
    total: money('total').notNull().default('0'),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.billId, t.lineNo] }), tenantPolicy('bill_lines')],
);

/**
 * A bill the platform issues to the company (subscriptions, usage statements, wage payouts through
 * the custody account): the company pays it. bill_type 1 月度结算账单, 5 一次性账单; status: the twelve
 * bill codes, moved only along the transition table of docs/trade.md.
 */
export const platformBills = pgTable(
  'platform_bills',
  {
    companyId: companyId(),
    id: idColumn(),
    billNo: text('bill_no').notNull(),
    billType: smallint('bill_type').notNull(),
    /** What raised it: 'subscription' (a price order), 'usage' (a month's metered usage), 'payout' (a wage payout). */
    kind: text('kind').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }),
    title: text('title').notNull(),
    month: text('month'),
    status: smallint('status').notNull(),
    amount: money('amount').notNull().default('0'),
    dueDate: text('due_date'),
    /** Why generation or an update failed (states 10–12), or why the bill was suspended. */
    reason: text('reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    confirmedBy: bigint('confirmed_by', { mode: 'number' }),
    paidAt: ts('paid_at'),
    /** How many times a failed generation or update was retried. */
    retryCount: integer('retry_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('platform_bills_no_uq').on(t.companyId, t.billNo),
    /** One monthly statement per company and month. */
    uniqueIndex('platform_bills_statement_uq').on(t.companyId, t.month).where(sql`bill_type = 1`),
    index('platform_bills_status_idx').on(t.companyId, t.status),
    tenantPolicy('platform_bills'),
  ],
);

/** A line of a platform bill: an item, its quantity and price. */
export const platformBillLines = pgTable(
  'platform_bill_lines',
  {
    companyId: companyId(),
    billId: bigint('bill_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    item: text('item').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 2 }).notNull().default('1'),
    unit: text('unit').notNull().default(''),
    unitPrice: money('unit_price').notNull().default('0'),
    amount: money('amount').notNull().default('0'),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.billId, t.lineNo] }), tenantPolicy('platform_bill_lines')],
);

/** Every status change of a platform bill: who (member, operator or job), from, to, why. */
export const platformBillEvents = pgTable(
  'platform_bill_events',
  {
    companyId: companyId(),
    id: idColumn(),
    billId: bigint('bill_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    reason: text('reason'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('platform_bill_events_bill_idx').on(t.companyId, t.billId), tenantPolicy('platform_bill_events')],
);

/**
 * A payment of a platform bill: a bank transfer (reference and proof image, waiting for an operator
 * to confirm or reject it), the custody account or online (confirmed at once). status 1 待平台确认,
 * 2 已确认, 3 已驳回; at most one transfer of a bill waits at a time.
 */
export const platformBillPayments = pgTable(
  'platform_bill_payments',
  {
    companyId: companyId(),
    id: idColumn(),
    billId: bigint('bill_id', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    amount: money('amount').notNull(),
    reference: text('reference').notNull(),
    proofFileId: bigint('proof_file_id', { mode: 'number' }),
    status: smallint('status').notNull(),
    submittedBy: bigint('submitted_by', { mode: 'number' }),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('platform_bill_payments_bill_idx').on(t.companyId, t.billId),
    uniqueIndex('platform_bill_payments_pending_uq').on(t.companyId, t.billId).where(sql`status = 1`),
    index('platform_bill_payments_pending_idx').on(t.status).where(sql`status = 1`),
    tenantPolicy('platform_bill_payments'),
  ],
);
