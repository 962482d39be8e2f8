import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const IMPORT_BATCH_STATUSES = ['uploaded', 'checked', 'importing', 'done', 'failed', 'archived'] as const;
export type ImportBatchStatus = (typeof IMPORT_BATCH_STATUSES)[number];
export const IMPORT_ROW_STATUSES = ['pending', 'valid', 'invalid', 'imported', 'failed'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** The column mapping of a batch: the file's headers and, per column, the field it fills (null: not imported). */
export type StoredImportMapping = { headers: string[]; fields: (string | null)[] };
/** One problem of a row: the field (or '' for the whole row) and the message. */
export type StoredImportError = { field: string; label: string; message: string };

/**
 * One uploaded import file (the roster import and later imports reusing the pipeline). Batches are
 * never deleted: `delete` archives them.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    companyId: companyId(),
    id: idColumn(),
    /** What the file imports: 'employee' (own staff). */
    templateName: text('template_name').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    mapping: jsonb('mapping').$type<StoredImportMapping>().notNull(),
    status: text('status').$type<ImportBatchStatus>().notNull().default('uploaded'),
    total: integer('total').notNull().default(0),
    validCount: integer('valid_count').notNull().default(0),
    invalidCount: integer('invalid_count').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    jobId: bigint('job_id', { mode: 'number' }),
    /** How many times the batch was confirmed (each confirmation is one job). */
    runs: integer('runs').notNull().default(0),
    errorFileId: bigint('error_file_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('import_batches_list_idx').on(t.companyId, t.templateName, t.createdAt),
    check('import_batches_status_ck', sql`${t.status} in ('uploaded', 'checked', 'importing', 'done', 'failed', 'archived')`),
    tenantPolicy('import_batches'),
  ],
);

/** The rows of a batch: the cell texts by column, the check's errors, what became of the row. */
export const importRows = pgTable(
  'import_rows',
  {
    companyId: companyId(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    /** The row number in the sheet (the header is row 1). */
    rowNo: integer('row_no').notNull(),
    /** The row's cells (JSON string[]), encrypted like personal data; cleared once imported and after 7 days. */
    dataEnc: text('data_enc'),
    /** Rows written before cells were encrypted; encrypted and cleared at start (platform/data-fixes.ts). */
    data: jsonb('data').$type<string[]>(),
    errors: jsonb('errors').$type<StoredImportError[]>().notNull().default([]),
    status: text('status').$type<ImportRowStatus>().notNull().default('pending'),
    /** The employee the row created or updated. */
    employeeId: bigint('employee_id', { mode: 'number' }),
    /** 'created' | 'updated' once imported. */
    outcome: text('outcome'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.batchId, t.rowNo] }),
    index('import_rows_status_idx').on(t.companyId, t.batchId, t.status),
    check('import_rows_status_ck', sql`${t.status} in ('pending', 'valid', 'invalid', 'imported', 'failed')`),
    tenantPolicy('import_rows'),
  ],
);
