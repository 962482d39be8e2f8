import { sql } from 'drizzle-orm';
import { bigint, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './identity.ts';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A licence certification (企业认证, docs/enterprise.md): the company's business licence and its legal
 * representative, reviewed by a platform operator. status: 1 审核中, 2 已通过, 3 未通过.
 */
export const companyCertifications = pgTable(
  'company_certifications',
  {
    companyId: companyId().references(() => companies.id),
    id: idColumn(),
    licenceFileId: bigint('licence_file_id', { mode: 'number' }).notNull(),
    legalName: text('legal_name').notNull(),
    legalIdEnc: text('legal_id_enc').notNull(),
    legalPhoneEnc: text('legal_phone_enc').notNull(),
    status: smallint('status').notNull().default(1),
    rejectReason: text('reject_reason'),
    submittedBy: bigint('submitted_by', { mode: 'number' }).notNull(),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // one submission under review per company
    uniqueIndex('company_certifications_pending_uq').on(t.companyId).where(sql`status = 1`),
    index('company_certifications_status_idx').on(t.status, t.createdAt),
    tenantPolicy('company_certifications'),
  ],
);

/**
 * A small-amount payment verification: the platform transfers `amount` (¥0.01–0.99) to the company's
 * corporate account; the company proves the account by typing it back. status: 0 待打款, 1 已打款,
 * 2 已验证, 3 已锁定 (three wrong tries), 4 已作废 (replaced by a new attempt).
 */
export const certificationPayments = pgTable(
  'certification_payments',
  {
    companyId: companyId().references(() => companies.id),
    id: idColumn(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name').notNull(),
    accountEnc: text('account_enc').notNull(),
    /** The last four digits, for the masked display without decrypting. */
    accountTail: text('account_tail').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    status: smallint('status').notNull().default(0),
    wrongTries: integer('wrong_tries').notNull().default(0),
    requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
    executedBy: bigint('executed_by', { mode: 'number' }),
    executedAt: ts('executed_at'),
    verifiedAt: ts('verified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // one open attempt per company: a new one voids the old in the same transaction
    uniqueIndex('certification_payments_open_uq').on(t.companyId).where(sql`status in (0, 1)`),
    index('certification_payments_status_idx').on(t.status, t.createdAt),
    tenantPolicy('certification_payments'),
  ],
);

/**
 * Login sharing (登录共享): a member of this company given membership of another company that the
 * same administrator runs, with a role of that company. A grant is made only for someone not already
 * a member there, so revoking removes exactly the membership it made. status: 1 有效, 0 已撤销.
 */
export const loginShareGrants = pgTable(
  'login_share_grants',
  {
    companyId: companyId().references(() => companies.id),
    id: idColumn(),
    targetCompanyId: bigint('target_company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('login_share_grants_active_uq').on(t.companyId, t.targetCompanyId, t.userId).where(sql`status = 1`),
    tenantPolicy('login_share_grants'),
  ],
);
