import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Which permission keys (route names and action keys) a company has switched on. */
export const companyPermissions = pgTable(
  'company_permissions',
  {
    companyId: companyId(),
    permissionKey: text('permission_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.permissionKey] }), tenantPolicy('company_permissions')],
);

export const roles = pgTable(
  'roles',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    /** 1 active, 0 archived (roles are never hard-deleted) */
    status: smallint('status').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // role names are unique among a company's active roles; archived names may be reused
    uniqueIndex('roles_active_name_uq').on(t.companyId, t.name).where(sql`status = 1`),
    tenantPolicy('roles'),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    companyId: companyId(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    permissionKey: text('permission_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.roleId, t.permissionKey] }), tenantPolicy('role_permissions')],
);

export const userRoles = pgTable(
  'user_roles',
  {
    companyId: companyId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.roleId] }), index('user_roles_role_idx').on(t.companyId, t.roleId), tenantPolicy('user_roles')],
);

/** Permissions granted to one user directly, on top of their roles. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    companyId: companyId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    permissionKey: text('permission_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.permissionKey] }), tenantPolicy('user_permissions')],
);

/** Data permissions: limit a role to some departments or some seals. kind: 'dept' | 'seal'. */
export const dataPermissions = pgTable(
  'data_permissions',
  {
    companyId: companyId(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** true: every department/seal of the company; the target list is then ignored */
    allTargets: boolean('all_targets').notNull().default(false),
    targetIds: jsonb('target_ids').$type<number[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.roleId, t.kind] }), tenantPolicy('data_permissions')],
);

/**
 * Three-party initial authorisation: this company (company_id) lets another company (party) — an
 * outsourcing or agency partner — act on some of its departments, seals and company information.
 */
export const threeInitAuth = pgTable(
  'three_init_auth',
  {
    companyId: companyId(),
    id: idColumn(),
    partyCompanyId: bigint('party_company_id', { mode: 'number' }).notNull(),
    departmentIds: jsonb('department_ids').$type<number[]>().notNull().default([]),
    sealIds: jsonb('seal_ids').$type<number[]>().notNull().default([]),
    companyInfoConfig: jsonb('company_info_config').$type<Record<string, boolean>>().notNull().default({}),
    /** 1 authorised, 2 cancelled, 9 deleted (archived) */
    status: smallint('status').notNull().default(1),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // at most one live authorisation per partner company
    uniqueIndex('three_init_auth_active_party_uq').on(t.companyId, t.partyCompanyId).where(sql`status = 1`),
    tenantPolicy('three_init_auth'),
  ],
);
