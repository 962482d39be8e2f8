import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Platform users (people who sign in). The phone is stored encrypted with a keyed hash for look-up. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneHash: text('phone_hash').notNull(),
    phoneEnc: text('phone_enc').notNull(),
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull(),
    /** 1 active, 0 disabled */
    status: smallint('status').notNull().default(1),
    financeUserId: text('finance_user_id'),
    /** A platform operator: confirms transfers, reviews certifications, issues invoices (docs/trade.md). Not a company role. */
    platformOperator: boolean('platform_operator').notNull().default(false),
    /** When the person proved they hold the phone (an SMS code). Until then the account cannot join companies. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_phone_hash_uq').on(t.phoneHash)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, for the 5-in-10-minutes lock. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneHash: text('phone_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_phone_idx').on(t.phoneHash, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    phoneHash: text('phone_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose').notNull(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phoneHash, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** A phone locked after too many failed sign-ins. */
export const loginLocks = pgTable('login_locks', {
  phoneHash: text('phone_hash').primaryKey(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
});

/** One-time keys for the login hand-off. */
export const cacheTemp = pgTable('cache_temp', {
  keyHash: text('key_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  companyId: bigint('company_id', { mode: 'number' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Short-lived single-use download tokens. */
export const tempTokens = pgTable('temp_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  /** The sign-in it was issued to: a download needs that sign-in still valid. */
  sessionId: bigint('session_id', { mode: 'number' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const companies = pgTable(
  'companies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    creditCode: text('credit_code'),
    contactName: text('contact_name'),
    contactPhoneEnc: text('contact_phone_enc'),
    logoUrl: text('logo_url'),
    /** The enterprise profile (docs/enterprise.md): industry and size are codes of fixed lists. */
    legalRepresentative: text('legal_representative'),
    registeredAddress: text('registered_address'),
    industry: text('industry'),
    sizeBand: text('size_band'),
    contactEmail: text('contact_email'),
    /** 1 when the company is an outsourcing (外包) company */
    isWb: smallint('is_wb').notNull().default(0),
    /** 企业认证: 0 未认证, 1 审核中, 2 已认证, 3 未通过 (docs/enterprise.md). */
    certificationStatus: smallint('certification_status').notNull().default(0),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    /** 1 active, 0 disabled */
    status: smallint('status').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('companies_credit_code_uq').on(t.creditCode).where(sql`credit_code is not null`)],
);

/** Who belongs to which company. A sub-account is a member created by an administrator. */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: companyId().references(() => companies.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    isAdmin: boolean('is_admin').notNull().default(false),
    isSubAccount: boolean('is_sub_account').notNull().default(false),
    /** 1 active, 0 removed */
    status: smallint('status').notNull().default(1),
    employeeId: bigint('employee_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_members_user_idx').on(t.userId), tenantPolicy('company_members')],
);

/**
 * An invitation to join a company, made by its administrator for a phone number. It takes effect
 * only when the person holding the phone accepts it, signed in with that phone proven by an SMS code.
 * status: 0 待接受, 1 已接受, 2 已拒绝, 3 已撤销.
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    companyId: companyId().references(() => companies.id),
    id: idColumn(),
    phoneHash: text('phone_hash').notNull(),
    phoneEnc: text('phone_enc').notNull(),
    nickname: text('nickname').notNull(),
    /** The roles the member gets on joining. */
    roleIds: jsonb('role_ids').$type<number[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    /** The account that accepted or declined. */
    userId: bigint('user_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('member_invitations_pending_uq').on(t.companyId, t.phoneHash).where(sql`status = 0`),
    // a person's pending invitations across companies, read when they sign in
    index('member_invitations_phone_idx').on(t.phoneHash).where(sql`status = 0`),
    tenantPolicy('member_invitations'),
  ],
);
