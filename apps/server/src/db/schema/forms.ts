import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A company's custom form. `scene` binds it to where it is used ('employee': the record's custom
 * fields; 'change.<type>': a change type's form); a free form has none. Its definition is the row of
 * custom_form_versions numbered current_version.
 */
export const customForms = pgTable(
  'custom_forms',
  {
    companyId: companyId(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scene: text('scene'),
    currentVersion: integer('current_version').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('custom_forms_scene_uq').on(t.companyId, t.scene).where(sql`${t.scene} is not null`),
    tenantPolicy('custom_forms'),
  ],
);

/** Every saved version of a form, never changed once written. */
export const customFormVersions = pgTable(
  'custom_form_versions',
  {
    companyId: companyId(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    formConfig: jsonb('form_config').$type<Record<string, unknown>>().notNull(),
    widgetList: jsonb('widget_list').$type<unknown[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.formId, t.version] }),
    foreignKey({ name: 'custom_form_versions_form_fk', columns: [t.companyId, t.formId], foreignColumns: [customForms.companyId, customForms.id] }).onDelete('cascade'),
    tenantPolicy('custom_form_versions'),
  ],
);

/**
 * A filled form: which version the values were filled against, for one subject (an employee, a
 * self-onboarding registration, a free record). `values` is null where the subject keeps them on its
 * own record (the employee's custom fields).
 */
export const customFormFills = pgTable(
  'custom_form_fills',
  {
    companyId: companyId(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.formId, t.subjectType, t.subjectId] }),
    index('custom_form_fills_version_idx').on(t.companyId, t.formId, t.version),
    foreignKey({ name: 'custom_form_fills_version_fk', columns: [t.companyId, t.formId, t.version], foreignColumns: [customFormVersions.companyId, customFormVersions.formId, customFormVersions.version] }),
    tenantPolicy('custom_form_fills'),
  ],
);
