import type { EmployeeTaxDetail } from '@wfsaas/payroll';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A contribution item of a city policy as stored (ContributionItemPolicy of @wfsaas/payroll). */
export type StoredContributionItem = {
  key: 'pension' | 'medical' | 'unemployment' | 'injury' | 'maternity' | 'housingFund';
  name: string;
  baseFloor: string;
  baseCeiling: string;
  employerRate: string;
  employeeRate: string;
  rateRange?: { min: string; max: string };
  employerFixed?: string;
  employeeFixed?: string;
  rounding: { places: 0 | 1 | 2; mode: 'halfUp' | 'up' | 'down' };
  source: string;
  verified: boolean;
  note?: string;
};

/**
 * A company's own social-insurance and housing-fund policy of a city for a period: a new city, or
 * its edited copy of a built-in policy (same city and effective date), which then replaces it.
 */
export const payrollCityPolicies = pgTable(
  'payroll_city_policies',
  {
    companyId: companyId(),
    id: idColumn(),
    city: text('city').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    effectiveTo: date('effective_to', { mode: 'string' }),
    source: text('source').notNull().default(''),
    items: jsonb('items').$type<StoredContributionItem[]>().notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('payroll_city_policies_key_uq').on(t.companyId, t.city, t.effectiveFrom).where(sql`archived_at is null`),
    tenantPolicy('payroll_city_policies'),
  ],
);

/** A company's calendar setting for one day: 1 休息, 2 调休上班, 0 按周末规则 (clears a built-in day). */
export const payrollCalendarDays = pgTable(
  'payroll_calendar_days',
  {
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: smallint('kind').notNull(),
    name: text('name').notNull().default(''),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), check('payroll_calendar_days_kind_ck', sql`${t.kind} between 0 and 2`), tenantPolicy('payroll_calendar_days')],
);

/** A salary item of a group as stored (SalaryItem of @wfsaas/contracts). */
export type StoredSalaryItem = {
  name: string;
  type: 1 | 2 | 3 | 4;
  formula?: string;
  systemKey?: string;
  decimals: number;
  category: 'info' | 'income' | 'deduction' | 'net' | 'other';
  showOnPayslip: boolean;
};

/** Everything a group is configured with, besides its name. */
export type StoredGroupConfig = {
  departmentIds: number[];
  employmentTypes: number[];
  includeEmployeeIds: number[];
  excludeEmployeeIds: number[];
  items: StoredSalaryItem[];
  grossItem: string;
  netItem: string;
  taxRule: 0 | 1 | 2;
  siCity: string | null;
  siBaseRule: 'salary' | 'fixed' | 'floor' | 'insured';
  siBaseAmount?: string;
  hfRate?: string;
  payDay: number;
  /** How fixed pay is prorated for a mid-month join, leave or pay change; absent: working days. */
  prorationBasis?: 'workdays' | 'calendar';
};

/** A salary group: members, items with formulas, tax rule, social-insurance policy and pay day. */
export const payrollGroups = pgTable(
  'payroll_groups',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    config: jsonb('config').$type<StoredGroupConfig>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('payroll_groups_name_uq').on(t.companyId, t.name).where(sql`archived_at is null`),
    tenantPolicy('payroll_groups'),
  ],
);

/** An employee's tax data of a year: the two 2020 flags and monthly special additional deductions. */
export const payrollTaxProfiles = pgTable(
  'payroll_tax_profiles',
  {
    companyId: companyId(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    year: integer('year').notNull(),
    firstJobOfYear: boolean('first_job_of_year').notNull().default(false),
    previousYearLowIncome: boolean('previous_year_low_income').notNull().default(false),
    deductions: jsonb('deductions').$type<Record<string, string>>().notNull().default({}),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.employeeId, t.year] }), tenantPolicy('payroll_tax_profiles')],
);

/** Totals of a calculated run. */
export type StoredRunTotals = { headcount: number; gross: string; net: string; tax: string; siEmployee: string; siEmployer: string; hfEmployee: string; hfEmployer: string };

/**
 * One month's payroll of one group.
 * status: 0 待导入, 1 待计算, 2 计算中, 3 待审核, 4 已锁定, 5 已提交. A removed run is archived.
 * `config` is the group's configuration as last calculated.
 */
export const payrollRuns = pgTable(
  'payroll_runs',
  {
    companyId: companyId(),
    id: idColumn(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    status: smallint('status').notNull().default(0),
    workingDays: integer('working_days').notNull(),
    config: jsonb('config').$type<StoredGroupConfig>(),
    totals: jsonb('totals').$type<StoredRunTotals>(),
    errorCount: integer('error_count').notNull().default(0),
    jobId: bigint('job_id', { mode: 'number' }),
    calcVersion: integer('calc_version').notNull().default(0),
    calculatedAt: ts('calculated_at'),
    lockedAt: ts('locked_at'),
    lockedBy: bigint('locked_by', { mode: 'number' }),
    unlockReason: text('unlock_reason'),
    submittedAt: ts('submitted_at'),
    submittedBy: bigint('submitted_by', { mode: 'number' }),
    payslipBatchId: bigint('payslip_batch_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('payroll_runs_group_month_uq').on(t.companyId, t.groupId, t.month).where(sql`archived_at is null`),
    index('payroll_runs_month_idx').on(t.companyId, t.month),
    check('payroll_runs_status_ck', sql`${t.status} between 0 and 5`),
    tenantPolicy('payroll_runs'),
  ],
);

/** An employee's input values (imported or typed) of a run: input item name → amount. */
export const payrollRunInputs = pgTable(
  'payroll_run_inputs',
  {
    companyId: companyId(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    /** Item name → where its value came from (a data table's batch, or typed); absent: imported into the run. */
    sources: jsonb('sources').$type<Record<string, StoredInputSource>>().notNull().default({}),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.runId, t.employeeId] }), tenantPolicy('payroll_run_inputs')],
);

/** The tax figures of one result, kept for the cumulative withholding of later months and the declaration. */
export type StoredTaxDetail = EmployeeTaxDetail;

export type StoredContributionLine = { key: string; name: string; base: string; employerRate: string; employeeRate: string; employer: string; employee: string };

/** One employee's calculated payroll of a run. `error` is set when this employee's calculation failed. */
export const payrollResults = pgTable(
  'payroll_results',
  {
    companyId: companyId(),
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    employeeNo: text('employee_no'),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    gross: money('gross').notNull(),
    net: money('net').notNull(),
    siEmployee: money('si_employee').notNull(),
    siEmployer: money('si_employer').notNull(),
    hfEmployee: money('hf_employee').notNull(),
    hfEmployer: money('hf_employer').notNull(),
    contributions: jsonb('contributions').$type<StoredContributionLine[]>().notNull(),
    taxableIncome: money('taxable_income').notNull(),
    specialDeduction: money('special_deduction').notNull(),
    additionalDeduction: money('additional_deduction').notNull(),
    otherDeduction: money('other_deduction').notNull(),
    tax: money('tax').notNull(),
    taxDetail: jsonb('tax_detail').$type<StoredTaxDetail>().notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull(),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.runId, t.employeeId] }),
    index('payroll_results_employee_idx').on(t.companyId, t.employeeId),
    tenantPolicy('payroll_results'),
  ],
);

/** The month's individual income tax declaration status: 0 未申报, 1 已申报. */
export const payrollDeclarations = pgTable(
  'payroll_declarations',
  {
    companyId: companyId(),
    month: text('month').notNull(),
    status: smallint('status').notNull().default(0),
    declaredAt: ts('declared_at'),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] }), check('payroll_declarations_status_ck', sql`${t.status} in (0, 1)`), tenantPolicy('payroll_declarations')],
);

/** Where a run input value came from (RunInputSource of @wfsaas/contracts). */
export type StoredInputSource = { kind: 'table'; tableId: number; tableName: string; batchId: number } | { kind: 'manual' };

/** A column of a data table: the header as in the sheet or the push, and the salary input item it feeds. */
export type StoredDataColumn = { column: string; item: string };

/**
 * A shared data table: kind 1 导入数据 (xlsx), 2 物联网数据, 3 应用数据 (pushed through the API).
 * match_key: 'employeeNo' (工号) or 'idNumber' (证件号码). A table with batches is archived, not deleted.
 */
export const payrollDataTables = pgTable(
  'payroll_data_tables',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    category: text('category').notNull().default('其他'),
    matchKey: text('match_key').notNull().default('employeeNo'),
    columns: jsonb('columns').$type<StoredDataColumn[]>().notNull(),
    source: text('source').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    archivedAt: ts('archived_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('payroll_data_tables_name_uq').on(t.companyId, t.name).where(sql`archived_at is null`),
    check('payroll_data_tables_kind_ck', sql`${t.kind} between 1 and 3`),
    tenantPolicy('payroll_data_tables'),
  ],
);

/** One month's data of a table (an upload or a push). status: 1 有效, 2 已作废; one valid batch per table and month. */
export const payrollDataBatches = pgTable(
  'payroll_data_batches',
  {
    companyId: companyId(),
    id: idColumn(),
    tableId: bigint('table_id', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    origin: text('origin').notNull().default(''),
    status: smallint('status').notNull().default(1),
    rowCount: integer('row_count').notNull().default(0),
    matchedCount: integer('matched_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    voidedBy: bigint('voided_by', { mode: 'number' }),
    voidedAt: ts('voided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('payroll_data_batches_valid_uq').on(t.companyId, t.tableId, t.month).where(sql`status = 1`),
    index('payroll_data_batches_table_idx').on(t.companyId, t.tableId, t.month),
    check('payroll_data_batches_status_ck', sql`${t.status} in (1, 2)`),
    tenantPolicy('payroll_data_batches'),
  ],
);

/** A row of a batch: the key as given (an ID number masked), the matched employee, values (column → amount) and the row's error. */
export const payrollDataRows = pgTable(
  'payroll_data_rows',
  {
    companyId: companyId(),
    batchId: bigint('batch_id', { mode: 'number' }).notNull(),
    rowNo: integer('row_no').notNull(),
    key: text('key').notNull().default(''),
    employeeId: bigint('employee_id', { mode: 'number' }),
    name: text('name').notNull().default(''),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    /** The row as given (cells by column), for the error download. */
    raw: jsonb('raw').$type<Record<string, string>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.batchId, t.rowNo] }), tenantPolicy('payroll_data_rows')],
);

/** The data tables a salary group takes its input data from. */
export const payrollGroupDataTables = pgTable(
  'payroll_group_data_tables',
  {
    companyId: companyId(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    tableId: bigint('table_id', { mode: 'number' }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.groupId, t.tableId] }), tenantPolicy('payroll_group_data_tables')],
);

/**
 * 期初累计数据: one employee's cumulative wage figures of a year at this company through a month, as a
 * previous payroll system (or the withholding client) recorded them, so that the cumulative
 * withholding of the months calculated here continues from them. `deductions` holds the cumulative
 * special additional deductions per kind and the personal pension (the declaration's 累计 columns);
 * other_deduction is the other deductions besides the personal pension.
 */
export const payrollOpeningBalances = pgTable(
  'payroll_opening_balances',
  {
    companyId: companyId(),
    year: integer('year').notNull(),
    employeeId: bigint('employee_id', { mode: 'number' }).notNull(),
    throughMonth: smallint('through_month').notNull(),
    income: money('income').notNull(),
    taxFreeIncome: money('tax_free_income').notNull(),
    basicDeduction: money('basic_deduction').notNull(),
    specialDeduction: money('special_deduction').notNull(),
    deductions: jsonb('deductions').$type<Record<string, string>>().notNull().default({}),
    otherDeduction: money('other_deduction').notNull(),
    taxRelief: money('tax_relief').notNull(),
    taxWithheld: money('tax_withheld').notNull(),
    origin: text('origin').notNull().default(''),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.year, t.employeeId] }),
    check('payroll_opening_balances_month_ck', sql`${t.throughMonth} between 1 and 11`),
    tenantPolicy('payroll_opening_balances'),
  ],
);
