import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgPolicy, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appRole, companyId, currentCompany, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** The ledger is append-only for the application: it may read and insert its company's rows, never update or delete them. */
const appendOnly = (table: string) => [
  pgPolicy(`${table}_tenant_read`, { as: 'permissive', for: 'select', to: appRole, using: sql`company_id = ${currentCompany}` }),
  pgPolicy(`${table}_tenant_append`, { as: 'permissive', for: 'insert', to: appRole, withCheck: sql`company_id = ${currentCompany}` }),
];

/**
 * A company's custody account (托管账户) held by the platform: one row per company, opened on first
 * use. Every ledger transaction locks this row first, so balance checks and postings are serialised.
 */
export const custodyAccounts = pgTable(
  'custody_accounts',
  {
    companyId: companyId(),
    accountNo: text('account_no').notNull(),
    openedAt: ts('opened_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId] }), tenantPolicy('custody_accounts')],
);

/**
 * One money movement of a custody account (docs/custody-account.md): its postings sum to zero.
 * Append-only: a correction is a reversing transaction. ref_kind/ref_id name the deposit or payout.
 */
export const custodyTransactions = pgTable(
  'custody_transactions',
  {
    companyId: companyId(),
    id: idColumn(),
    type: text('type').notNull(),
    refKind: text('ref_kind').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    memo: text('memo').notNull().default(''),
    actorKind: text('actor_kind').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('custody_transactions_ref_idx').on(t.companyId, t.refKind, t.refId),
    ...appendOnly('custody_transactions'),
  ],
);

/** A posting of a transaction: a signed amount on one ledger account (custody, in_transit, payable, paid_out, fees, external). */
export const custodyPostings = pgTable(
  'custody_postings',
  {
    companyId: companyId(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    account: text('account').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.transactionId, t.lineNo] }),
    index('custody_postings_account_idx').on(t.companyId, t.account),
    check('custody_postings_account_ck', sql`${t.account} in ('custody', 'in_transit', 'payable', 'paid_out', 'fees', 'external')`),
    check('custody_postings_nonzero_ck', sql`${t.amount} <> 0`),
    ...appendOnly('custody_postings'),
  ],
);

/**
 * A deposit the company registered (登记充值): 1 待确认 until a platform operator matches it against the
 * bank statement, then 2 已确认 or 3 已驳回. The transfer reference (流水号) is unique per company among
 * deposits not rejected.
 */
export const custodyDeposits = pgTable(
  'custody_deposits',
  {
    companyId: companyId(),
    id: idColumn(),
    amount: money('amount').notNull(),
    reference: text('reference').notNull(),
    payerName: text('payer_name').notNull(),
    transferDate: text('transfer_date').notNull(),
    proofFileId: bigint('proof_file_id', { mode: 'number' }),
    status: smallint('status').notNull().default(1),
    rejectReason: text('reject_reason'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('custody_deposits_reference_uq').on(t.companyId, t.reference).where(sql`status <> 3`),
    index('custody_deposits_status_idx').on(t.status),
    check('custody_deposits_status_ck', sql`${t.status} in (1, 2, 3)`),
    check('custody_deposits_amount_ck', sql`${t.amount} > 0`),
    tenantPolicy('custody_deposits'),
  ],
);

/**
 * A wage payout (工资发放) of one locked payroll run, paid through a platform bill (kind 'payout').
 * status: 1 待付款, 2 已发放, 3 已取消; one live (not cancelled) payout per run.
 * funded_by: 'custody' (paid from the balance) or 'transfer' (a bank transfer the operator confirmed).
 * disbursement: how the wages reach the employees' banks ('manual': the platform executes the list by hand).
 */
export const custodyPayouts = pgTable(
  'custody_payouts',
  {
    companyId: companyId(),
    id: idColumn(),
    payoutNo: text('payout_no').notNull(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    groupName: text('group_name').notNull(),
    headcount: integer('headcount').notNull(),
    wages: money('wages').notNull(),
    feePerHead: money('fee_per_head').notNull(),
    fee: money('fee').notNull(),
    total: money('total').notNull(),
    status: smallint('status').notNull().default(1),
    billId: bigint('bill_id', { mode: 'number' }),
    fundedBy: text('funded_by'),
    disbursement: text('disbursement'),
    cancelReason: text('cancel_reason'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('custody_payouts_no_uq').on(t.companyId, t.payoutNo),
    uniqueIndex('custody_payouts_run_live_uq').on(t.companyId, t.runId).where(sql`status <> 3`),
    check('custody_payouts_status_ck', sql`${t.status} in (1, 2, 3)`),
    tenantPolicy('custody_payouts'),
  ],
);

/** One employee of a payout: net pay as the locked run has it, the bank account masked. */
export const custodyPayoutLines = pgTable(
  'custody_payout_lines',
  {
    companyId: companyId(),
    payoutId: bigint('payout_id', { mode: 'number' }).notNull(),
    lineNo: integer('line_no').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    employeeNo: text('employee_no'),
    bankName: text('bank_name'),
    bankAccountMasked: text('bank_account_masked'),
    net: money('net').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.payoutId, t.lineNo] }), tenantPolicy('custody_payout_lines')],
);
