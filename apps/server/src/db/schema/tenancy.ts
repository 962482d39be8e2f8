import { sql } from 'drizzle-orm';
import { bigint, pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/**
 * The role the application's tenant queries run as. Row-level security applies to it (it owns
 * nothing). It is created outside the migrations, at start-up (see platform/db.ts).
 */
export const APP_ROLE = 'wfsaas_app';
export const appRole = pgRole(APP_ROLE).existing();

/** The request's company, set per transaction with set_config('app.company_id', …, true). */
export const currentCompany = sql`nullif(current_setting('app.company_id', true), '')::bigint`;

/** Every tenant table: company_id first in the primary key, and this policy as a second wall. */
export function tenantPolicy(table: string) {
  return pgPolicy(`${table}_tenant`, {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: sql`company_id = ${currentCompany}`,
    withCheck: sql`company_id = ${currentCompany}`,
  });
}

export const companyId = () => bigint('company_id', { mode: 'number' }).notNull();
export const idColumn = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();
