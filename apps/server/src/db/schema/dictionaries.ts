import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A company's own dictionary (字典中心); its code starts with `c_`. System dictionaries live in code, not here. */
export const dictionaries = pgTable(
  'dictionaries',
  {
    companyId: companyId(),
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('dictionaries_code_uq').on(t.companyId, t.code),
    check('dictionaries_code_ck', sql`left(${t.code}, 2) = 'c_'`),
    tenantPolicy('dictionaries'),
  ],
);

/**
 * The company's items: of its own dictionaries, and those it added to an extendable system
 * dictionary (`dict_code` is then the system code, the value starts with `c_`). `value` never changes.
 */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    companyId: companyId(),
    id: idColumn(),
    dictCode: text('dict_code').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('dictionary_items_value_uq').on(t.companyId, t.dictCode, t.value),
    index('dictionary_items_dict_idx').on(t.companyId, t.dictCode, t.sort),
    tenantPolicy('dictionary_items'),
  ],
);
