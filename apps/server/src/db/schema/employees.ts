import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const day = (name: string) => date(name, { mode: 'string' });

/** The emergency contact as stored: the phone encrypted, with its masked form for display. */
export type StoredEmergencyContact = { name: string; relation: string | null; phoneEnc: string; phoneMasked: string };

/**
 * The employee record. Personal identifiers (mobile, document number, bank account, the emergency
 * contact's phone) are encrypted, with a keyed look-up hash for uniqueness and exact search, and a
 * masked copy so that lists never decrypt. The name's search tokens live in employee_name_tokens;
 * `name_indexed` says they were written (a row inserted without them is still searched, by a scan of
 * the few such rows).
 * Records are never removed: `archived_at` marks a deleted one.
 * status: 0 待入职, 1 试用期, 2 正式, 3 待离职, 4 已离职.
 */
export const employees = pgTable(
  'employees',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    employeeNo: text('employee_no'),
    mobileEnc: text('mobile_enc'),
    mobileHash: text('mobile_hash'),
    idNumberEnc: text('id_number_enc'),
    idNumberHash: text('id_number_hash'),
    /** 0 pending, 1 probation, 2 regular, 3 leaving, 4 left */
    status: smallint('status').notNull().default(2),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),

    nameIndexed: boolean('name_indexed').notNull().default(false),
    mobileMasked: text('mobile_masked'),
    /** 1 身份证, 2 护照, 3 港澳台通行证 */
    idType: smallint('id_type'),
    idNumberMasked: text('id_number_masked'),
    gender: smallint('gender'),
    birthDate: day('birth_date'),
    email: text('email'),
    nationality: text('nationality'),
    ethnicity: text('ethnicity'),
    hukouType: smallint('hukou_type'),
    education: smallint('education'),
    maritalStatus: smallint('marital_status'),
    emergencyContact: jsonb('emergency_contact').$type<StoredEmergencyContact>(),
    address: text('address'),
    bankName: text('bank_name'),
    bankAccountEnc: text('bank_account_enc'),
    bankAccountHash: text('bank_account_hash'),
    bankAccountMasked: text('bank_account_masked'),
    departmentId: bigint('department_id', { mode: 'number' }),
    positionId: bigint('position_id', { mode: 'number' }),
    rankId: bigint('rank_id', { mode: 'number' }),
    costCenterId: bigint('cost_center_id', { mode: 'number' }),
    /** 1 全职, 2 实习, 3 兼职, 4 劳务派遣, 5 外包, 6 退休返聘 */
    employmentType: smallint('employment_type'),
    workLocation: text('work_location'),
    hireDate: day('hire_date'),
    probationEndDate: day('probation_end_date'),
    /** 月基本工资 (yuan), set by regularisation and pay changes (employee_changes). */
    salary: numeric('salary', { precision: 14, scale: 2 }),
    leaveDate: day('leave_date'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    photoFileId: bigint('photo_file_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('employees_mobile_idx').on(t.companyId, t.mobileHash).where(sql`archived_at is null and mobile_hash is not null`),
    uniqueIndex('employees_id_number_uq').on(t.companyId, t.idNumberHash).where(sql`archived_at is null and id_number_hash is not null`),
    uniqueIndex('employees_employee_no_uq').on(t.companyId, t.employeeNo).where(sql`archived_at is null and employee_no is not null`),
    index('employees_employee_no_prefix_idx').using('btree', t.companyId, t.employeeNo.op('text_pattern_ops')),
    index('employees_list_idx').on(t.companyId, t.departmentId, t.status).where(sql`archived_at is null`),
    index('employees_created_idx').on(t.companyId, t.createdAt, t.id).where(sql`archived_at is null`),
    index('employees_hire_date_idx').on(t.companyId, t.hireDate).where(sql`archived_at is null`),
    index('employees_unindexed_idx').on(t.companyId).where(sql`not name_indexed`),
    index('employees_custom_fields_idx').using('gin', sql`${t.customFields} jsonb_path_ops`),
    check('employees_status_ck', sql`${t.status} between 0 and 4`),
    tenantPolicy('employees'),
  ],
);

/**
 * The inverted index of employee names: every character and every pair of neighbouring characters
 * (lower-cased) of the name, one row each. A keyword is looked up by equality on the token, which,
 * unlike array or pattern operators, the planner may use through an index under row-level security
 * (texteq is leakproof); the name itself is then checked with `like`. Only live employees hold
 * tokens: archiving an employee removes them (archived records are never searched).
 */
export const employeeNameTokens = pgTable(
  'employee_name_tokens',
  {
    companyId: companyId(),
    token: text('token').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    /**
     * The employee's department, copied so a keyword search within a department subtree is answered
     * from this index alone. Kept in step by triggers (migration 0003): filled from the employee on
     * insert when not given, and rewritten whenever the employee's department changes.
     */
    departmentId: bigint('department_id', { mode: 'number' }),
    /**
     * The employee's created_at (the roster's default sort key), copied so that a keyword the tokens
     * answer exactly (one or two characters) is counted and paged from this index alone, without
     * reading each holder's record. Filled and kept in step like department_id (migration 0016).
     */
    employeeCreatedAt: timestamp('employee_created_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.token, t.employeeId] }),
    index('employee_name_tokens_employee_idx').on(t.companyId, t.employeeId),
    index('employee_name_tokens_department_idx').on(t.companyId, t.token, t.departmentId, t.employeeCreatedAt, t.employeeId),
    tenantPolicy('employee_name_tokens'),
  ],
);

/** A company's form definitions (formConfig + widgetList), one per scene ('employee': the record's custom fields). */
export const customFormDefinitions = pgTable(
  'custom_form_definitions',
  {
    companyId: companyId(),
    id: idColumn(),
    scene: text('scene').notNull(),
    formConfig: jsonb('form_config').$type<Record<string, unknown>>().notNull(),
    widgetList: jsonb('widget_list').$type<unknown[]>().notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('custom_form_definitions_scene_uq').on(t.companyId, t.scene), tenantPolicy('custom_form_definitions')],
);

/** Files kept on an employee's record: photo, document scans, certificates. */
export const employeeAttachments = pgTable(
  'employee_attachments',
  {
    companyId: companyId(),
    id: idColumn(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    fileId: bigint('file_id', { mode: 'number' }).notNull(),
    /** 'photo' | 'idFront' | 'idBack' | 'certificate' | 'other' */
    category: text('category').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('employee_attachments_employee_idx').on(t.companyId, t.employeeId),
    check('employee_attachments_category_ck', sql`${t.category} in ('photo', 'idFront', 'idBack', 'certificate', 'other')`),
    tenantPolicy('employee_attachments'),
  ],
);

/** Tasks per employee (missing documents, expiring papers …). status: 0 open, 1 done. */
export const employeeTasks = pgTable(
  'employee_tasks',
  {
    companyId: companyId(),
    id: idColumn(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    type: smallint('type').notNull(),
    dueDate: day('due_date'),
    status: smallint('status').notNull().default(0),
    doneAt: ts('done_at'),
    doneBy: bigint('done_by', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('employee_tasks_status_idx').on(t.companyId, t.status, t.dueDate),
    index('employee_tasks_employee_idx').on(t.companyId, t.employeeId),
    check('employee_tasks_status_ck', sql`${t.status} in (0, 1)`),
    tenantPolicy('employee_tasks'),
  ],
);

/**
 * 工号规则, one row per company: a new record left without an employee number gets prefix + the next
 * free sequence zero-padded to `digits`. `next_seq` is where the search for a free number starts; the
 * row is locked while a number is taken, so concurrent adds never get the same one. No row: off.
 */
export const employeeNumberRules = pgTable(
  'employee_number_rules',
  {
    companyId: companyId(),
    enabled: boolean('enabled').notNull().default(false),
    prefix: text('prefix').notNull().default(''),
    digits: smallint('digits').notNull().default(4),
    nextSeq: bigint('next_seq', { mode: 'number' }).notNull().default(1),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId] }),
    check('employee_number_rules_digits_ck', sql`${t.digits} between 1 and 10`),
    check('employee_number_rules_next_ck', sql`${t.nextSeq} >= 1`),
    tenantPolicy('employee_number_rules'),
  ],
);
