import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

/** Contract types (初始化分类): labour contract, confidentiality agreement … */
export const contractTypes = pgTable(
  'contract_types',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), tenantPolicy('contract_types')],
);

/**
 * Contract templates: an uploaded PDF or rich text rendered to PDF (the PDF in file_id either way),
 * with the placed fields. kind: pdf | richText.
 */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    contractTypeId: bigint('contract_type_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    title: text('title'),
    paragraphs: jsonb('paragraphs').$type<{ text: string; heading?: boolean; indent?: boolean; align?: 'left' | 'center' | 'right' }[]>(),
    fields: jsonb('fields').$type<Record<string, unknown>[]>().notNull().default([]),
    pages: jsonb('pages').$type<{ width: number; height: number }[]>().notNull(),
    remark: text('remark').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    check('contract_templates_kind_ck', sql`${t.kind} in ('pdf', 'richText')`),
    tenantPolicy('contract_templates'),
  ],
);

/** Packages: templates signed together, with the signing order and deadline. */
export const signPackages = pgTable(
  'sign_packages',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    templateIds: jsonb('template_ids').$type<number[]>().notNull(),
    signOrder: smallint('sign_order').notNull().default(1),
    deadlineDays: integer('deadline_days').notNull().default(7),
    remark: text('remark').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), check('sign_packages_order_ck', sql`${t.signOrder} in (1, 2, 3)`), tenantPolicy('sign_packages')],
);

/** Signing scenes: which packages an HR event (deal code 1000–1005) starts. */
export const signScenes = pgTable(
  'sign_scenes',
  {
    companyId: companyId(),
    id: idColumn(),
    dealCode: integer('deal_code').notNull(),
    name: text('name').notNull(),
    packageIds: jsonb('package_ids').$type<number[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    check('sign_scenes_deal_code_ck', sql`${t.dealCode} between 1000 and 1005`),
    index('sign_scenes_deal_idx').on(t.companyId, t.dealCode),
    tenantPolicy('sign_scenes'),
  ],
);

/**
 * One electronic (or paper) contract with one employee. status: 0 pending, 1 signing (one party
 * signed), 2 signed, 3 withdrawn, 5 suspended, 6 ended (4, about to expire, is derived). The base
 * document (record fields filled at initiation) is kept with its SHA-256; each signature makes a
 * new current document (incremental update).
 */
export const econtracts = pgTable(
  'econtracts',
  {
    companyId: companyId(),
    id: idColumn(),
    contractNo: text('contract_no').notNull(),
    title: text('title').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    templateId: bigint('template_id', { mode: 'number' }),
    packageId: bigint('package_id', { mode: 'number' }),
    contractTypeId: bigint('contract_type_id', { mode: 'number' }),
    jobId: bigint('job_id', { mode: 'number' }),
    dealCode: integer('deal_code'),
    signOrder: smallint('sign_order').notNull(),
    form: smallint('form').notNull().default(1),
    status: smallint('status').notNull().default(0),
    complete: smallint('complete').notNull().default(0),
    deadline: day('deadline'),
    contractStart: day('contract_start'),
    contractEnd: day('contract_end'),
    /** The template's fields at initiation, with the record values filled in. */
    fields: jsonb('fields').$type<Record<string, unknown>[]>().notNull().default([]),
    /** Values of the employee-filled fields. */
    inputValues: jsonb('input_values').$type<Record<string, string>>().notNull().default({}),
    baseFileId: bigint('base_file_id', { mode: 'number' }).notNull(),
    baseSha256: text('base_sha256').notNull(),
    currentFileId: bigint('current_file_id', { mode: 'number' }),
    currentSha256: text('current_sha256'),
    pageCount: integer('page_count').notNull().default(1),
    companySignedAt: ts('company_signed_at'),
    companySealId: bigint('company_seal_id', { mode: 'number' }),
    companySignedBy: bigint('company_signed_by', { mode: 'number' }),
    companyCertSerial: text('company_cert_serial'),
    employeeSignedAt: ts('employee_signed_at'),
    employeeCertSerial: text('employee_cert_serial'),
    completedAt: ts('completed_at'),
    paperScanFileId: bigint('paper_scan_file_id', { mode: 'number' }),
    reason: text('reason'),
    lastUrgedAt: ts('last_urged_at'),
    /** Bumped when a link must stop working (withdrawn); part of the link signature. */
    linkVersion: integer('link_version').notNull().default(1),
    initiatedBy: bigint('initiated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('econtracts_no_uq').on(t.companyId, t.contractNo),
    index('econtracts_employee_idx').on(t.companyId, t.employeeId),
    index('econtracts_status_idx').on(t.companyId, t.status, t.createdAt),
    check('econtracts_status_ck', sql`${t.status} in (0, 1, 2, 3, 5, 6)`),
    check('econtracts_order_ck', sql`${t.signOrder} in (1, 2, 3)`),
    check('econtracts_form_ck', sql`${t.form} in (1, 2)`),
    tenantPolicy('econtracts'),
  ],
);

/**
 * The evidence of a contract: append-only events in a hash chain (hash = sha256(prev_hash +
 * canonical JSON of the event)); the first event's prev_hash is 64 zeros.
 */
export const econtractEvents = pgTable(
  'econtract_events',
  {
    companyId: companyId(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    type: text('type').notNull(),
    actorUserId: bigint('actor_user_id', { mode: 'number' }),
    actorName: text('actor_name'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.contractId, t.seq] }), tenantPolicy('econtract_events')],
);

/**
 * A company's signing certificate, issued by the platform CA on first use and again before it
 * expires. The PKCS#12 is stored encrypted with a passphrase derived from the master key.
 */
export const companyCertificates = pgTable(
  'company_certificates',
  {
    companyId: companyId(),
    id: idColumn(),
    serialNumber: text('serial_number').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    p12: text('p12').notNull(),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('company_certificates_valid_idx').on(t.companyId, t.notAfter), tenantPolicy('company_certificates')],
);

/** The company watermark on previews and downloads of unsigned documents (one row per company). */
export const contractWatermarks = pgTable(
  'contract_watermarks',
  {
    companyId: companyId(),
    enabled: boolean('enabled').notNull().default(true),
    text: text('text').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId] }), tenantPolicy('contract_watermarks')],
);
