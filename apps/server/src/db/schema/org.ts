import { bigint, date, index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One department tree per company. `path` is the chain of ids from the root, e.g. '/1/5/9/', so a
 * subtree is `path like '/1/5/%'`. status: 1 active, 0 disabled, 9 deleted (archived, never removed).
 */
export const departments = pgTable(
  'departments',
  {
    companyId: companyId(),
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    code: text('code'),
    path: text('path').notNull(),
    leaderEmployeeId: bigint('leader_employee_id', { mode: 'number' }),
    /** 编制: planned headcount; null when not planned */
    headcountPlan: integer('headcount_plan'),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('departments_path_idx').using('btree', t.companyId, t.path.op('text_pattern_ops')),
    index('departments_parent_idx').on(t.companyId, t.parentId),
    uniqueIndex('departments_code_uq').on(t.companyId, t.code).where(sql`code is not null and status <> 9`),
    tenantPolicy('departments'),
  ],
);

/** The tree saved as a version with an effective date (companyDepartmentVersion). */
export const departmentVersions = pgTable(
  'department_versions',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    /** the departments as they were: [{ id, parentId, name, code, leaderEmployeeId, headcountPlan, sort, status }] */
    snapshot: jsonb('snapshot').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('department_versions_date_idx').on(t.companyId, t.effectiveDate), tenantPolicy('department_versions')],
);

/** Positions: company-wide (department_id null) or of one department. status: 1 active, 0 disabled, 9 deleted. */
export const positions = pgTable(
  'positions',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code'),
    departmentId: bigint('department_id', { mode: 'number' }),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), tenantPolicy('positions')],
);

export const rankCategories = pgTable(
  'rank_categories',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code'),
    sort: integer('sort').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), tenantPolicy('rank_categories')],
);

/** Ranks (P1–P10, M1–M5 …) with a monthly pay band. */
export const ranks = pgTable(
  'ranks',
  {
    companyId: companyId(),
    id: idColumn(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    level: integer('level').notNull().default(0),
    payMin: numeric('pay_min', { precision: 14, scale: 2 }),
    payMax: numeric('pay_max', { precision: 14, scale: 2 }),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('ranks_category_idx').on(t.companyId, t.categoryId), tenantPolicy('ranks')],
);

export const costCenters = pgTable(
  'cost_centers',
  {
    companyId: companyId(),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ownerEmployeeId: bigint('owner_employee_id', { mode: 'number' }),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('cost_centers_code_uq').on(t.companyId, t.code).where(sql`status <> 9`), tenantPolicy('cost_centers')],
);

/** Which departments a cost centre covers (a department belongs to at most one cost centre). */
export const costCenterDepartments = pgTable(
  'cost_center_departments',
  {
    companyId: companyId(),
    costCenterId: bigint('cost_center_id', { mode: 'number' }).notNull(),
    departmentId: bigint('department_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.departmentId] }), index('cost_center_departments_cc_idx').on(t.companyId, t.costCenterId), tenantPolicy('cost_center_departments')],
);
