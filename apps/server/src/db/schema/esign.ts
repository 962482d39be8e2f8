import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The platform's own certificate authority (not a tenant table): one root, created at first start.
 * `id` is always 1, so two processes starting at once cannot store two roots (insert … on conflict
 * do nothing, then read the one row). The private key is stored as encrypted PKCS#8 PEM, its
 * passphrase derived from the configured ENCRYPTION_KEY.
 */
export const platformCa = pgTable(
  'platform_ca',
  {
    id: smallint('id').primaryKey().default(1),
    commonName: text('common_name').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    encryptedKeyPem: text('encrypted_key_pem').notNull(),
    serialNumber: text('serial_number').notNull(),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [check('platform_ca_singleton_ck', sql`${t.id} = 1`)],
);

/**
 * Company seals (认证与印章). type: 1 公章, 2 合同专用章, 3 人事专用章. source: generated | uploaded.
 * status: 1 enabled, 0 disabled. Removing archives the seal (archived_at); its image stays in the
 * file store for contracts already sealed with it.
 */
export const seals = pgTable(
  'seals',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    source: text('source').notNull(),
    /** The PNG in the files table / file store. */
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    status: smallint('status').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('seals_company_created_idx').on(t.companyId, t.createdAt),
    check('seals_type_ck', sql`${t.type} in (1, 2, 3)`),
    check('seals_source_ck', sql`${t.source} in ('generated', 'uploaded')`),
    check('seals_status_ck', sql`${t.status} in (0, 1)`),
    tenantPolicy('seals'),
  ],
);

/**
 * Every use of a seal and every change to it: create, enable, disable, remove now; sign (with the
 * contract) once contracts are signed.
 */
export const sealUsageLog = pgTable(
  'seal_usage_log',
  {
    companyId: companyId(),
    id: idColumn(),
    sealId: bigint('seal_id', { mode: 'number' }).notNull(),
    contractId: bigint('contract_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    /** create | enable | disable | remove | sign */
    action: text('action').notNull(),
    detail: jsonb('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('seal_usage_log_seal_idx').on(t.companyId, t.sealId, t.createdAt),
    index('seal_usage_log_contract_idx').on(t.companyId, t.contractId).where(sql`contract_id is not null`),
    tenantPolicy('seal_usage_log'),
  ],
);
