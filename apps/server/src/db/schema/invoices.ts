import { sql } from 'drizzle-orm';
import { bigint, boolean, index, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** 发票抬头 of a company: one may be the default. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    taxNo: text('tax_no').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    account: text('account').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), tenantPolicy('invoice_titles')],
);

/**
 * 开票申请 against paid platform bills. status: 1 待开票, 2 已开票, 3 已驳回, 4 已撤回 (docs/invoices.md).
 * The title is copied as requested, so a later edit of the title does not change the request.
 */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    companyId: companyId(),
    id: idColumn(),
    requestNo: text('request_no').notNull(),
    type: smallint('type').notNull(),
    titleName: text('title_name').notNull(),
    taxNo: text('tax_no').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bank: text('bank').notNull().default(''),
    account: text('account').notNull().default(''),
    amount: money('amount').notNull(),
    email: text('email').notNull(),
    status: smallint('status').notNull().default(1),
    invoiceNo: text('invoice_no'),
    invoiceDate: text('invoice_date'),
    fileId: bigint('file_id', { mode: 'number' }),
    rejectReason: text('reject_reason'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('invoice_requests_no_uq').on(t.companyId, t.requestNo),
    index('invoice_requests_status_idx').on(t.status),
    tenantPolicy('invoice_requests'),
  ],
);

/** The bills of a request; `held` while the request is 待开票 or 已开票, so a bill is invoiced at most once. */
export const invoiceRequestBills = pgTable(
  'invoice_request_bills',
  {
    companyId: companyId(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    billId: bigint('bill_id', { mode: 'number' }).notNull(),
    amount: money('amount').notNull(),
    held: boolean('held').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.requestId, t.billId] }),
    uniqueIndex('invoice_request_bills_held_uq').on(t.companyId, t.billId).where(sql`held`),
    tenantPolicy('invoice_request_bills'),
  ],
);
