import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What a stored file belongs to; its download follows the permission and data scope of the screen
 * that shows the owner (docs/security.md). 'upload' is a member's upload not yet attached to anything.
 */
export const FILE_KINDS = [
  'upload',
  'static',
  'export',
  'employee',
  'seal',
  'contract',
  'contract_template',
  'employee_import',
  'payslip_sheet',
  'payslip_signature',
  'onboarding_photo',
  'invoice',
  'deposit_proof',
  'company_licence',
  'platform_bill_proof',
  'work_order',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Stored files: the bytes live in the file store under storage_key, this row describes them. */
export const files = pgTable(
  'files',
  {
    companyId: companyId(),
    id: idColumn(),
    /** The identifier clients see: 128 random bits in hex, never the sequential id. */
    publicId: text('public_id').notNull(),
    uploadedBy: bigint('uploaded_by', { mode: 'number' }),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    isImage: boolean('is_image').notNull().default(false),
    kind: text('kind').$type<FileKind>().notNull().default('upload'),
    /** The owning record's id within the kind (employee, seal, contract, batch, invitation …). */
    ownerId: bigint('owner_id', { mode: 'number' }),
    /** For uploads from a phone page: the look-up hash of who uploaded it, so only they can attach it. */
    claimKey: text('claim_key'),
    createdAt: ts('created_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('files_storage_key_uq').on(t.companyId, t.storageKey),
    uniqueIndex('files_public_id_uq').on(t.companyId, t.publicId),
    // Public assets are fetched by their public id alone (their URL carries no company).
    index('files_static_public_idx').on(t.publicId).where(sql`kind = 'static'`),
    check('files_kind_ck', sql.raw(`kind in (${FILE_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    tenantPolicy('files'),
  ],
);

/**
 * The downloads centre: one row per export a user asked for.
 * status: 0 排队中, 1 生成中, 2 已完成, 3 失败, 4 已过期.
 */
export const fileExports = pgTable(
  'file_exports',
  {
    companyId: companyId(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** The job type that produces the file. */
    type: text('type').notNull(),
    status: smallint('status').notNull().default(0),
    jobId: bigint('job_id', { mode: 'number' }),
    fileId: bigint('file_id', { mode: 'number' }),
    size: bigint('size', { mode: 'number' }),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    error: text('error'),
    /** Seven days after completion. */
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    /** Removed from the user's list (the row and its file stay until they expire). */
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('file_exports_user_idx').on(t.companyId, t.userId, t.createdAt),
    index('file_exports_expiry_idx').on(t.expiresAt).where(sql`status = 2`),
    check('file_exports_status_ck', sql`${t.status} between 0 and 4`),
    tenantPolicy('file_exports'),
  ],
);
