import { bigint, date, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** 入职邀请: a link (and QR code) candidates open to register themselves. status: 1 open, 0 closed. */
export const onboardingInvites = pgTable(
  'onboarding_invites',
  {
    companyId: companyId(),
    id: idColumn(),
    title: text('title').notNull(),
    /** The link's token, encrypted (kept so HR can show the QR code again); looked up by hash through onboarding_links. */
    tokenEnc: text('token_enc'),
    /** Tokens stored before they were encrypted; encrypted and cleared at start (platform/data-fixes.ts). */
    token: text('token'),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    departmentId: bigint('department_id', { mode: 'number' }),
    positionId: bigint('position_id', { mode: 'number' }),
    hireDate: date('hire_date', { mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), tenantPolicy('onboarding_invites')],
);

/** The phone page has no sign-in: the link's token hash finds its company and invitation. */
export const onboardingLinks = pgTable('onboarding_links', {
  tokenHash: text('token_hash').primaryKey(),
  companyId: bigint('company_id', { mode: 'number' }).notNull(),
  inviteId: bigint('invite_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * 入职登记: what a candidate submitted through an invitation, one per invitation and verified mobile
 * (a rejected one is submitted again in place). Identifiers encrypted with look-up hashes and masked
 * copies, like the employee record. status: 0 待审核, 1 已通过 (employee_id set), 2 已驳回.
 */
export const onboardingSubmissions = pgTable(
  'onboarding_submissions',
  {
    companyId: companyId(),
    id: idColumn(),
    inviteId: bigint('invite_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(0),
    name: text('name').notNull(),
    mobileEnc: text('mobile_enc').notNull(),
    mobileHash: text('mobile_hash').notNull(),
    mobileMasked: text('mobile_masked').notNull(),
    idType: smallint('id_type').notNull(),
    idNumberEnc: text('id_number_enc').notNull(),
    idNumberMasked: text('id_number_masked').notNull(),
    gender: smallint('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    email: text('email'),
    education: smallint('education'),
    address: text('address'),
    emergencyName: text('emergency_name'),
    emergencyPhoneEnc: text('emergency_phone_enc'),
    bankName: text('bank_name'),
    bankAccountEnc: text('bank_account_enc'),
    bankAccountMasked: text('bank_account_masked'),
    idFrontFileId: bigint('id_front_file_id', { mode: 'number' }),
    idBackFileId: bigint('id_back_file_id', { mode: 'number' }),
    rejectReason: text('reject_reason'),
    employeeId: bigint('employee_id', { mode: 'number' }),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('onboarding_submissions_mobile_uq').on(t.companyId, t.inviteId, t.mobileHash),
    index('onboarding_submissions_status_idx').on(t.companyId, t.status, t.submittedAt),
    tenantPolicy('onboarding_submissions'),
  ],
);
