import { index, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companyId, idColumn, tenantPolicy } from './tenancy.ts';

/**
 * The employee record's core. The roster work extends it; the platform needs it so a sub-account
 * can be bound to an employee and so isolation can be proven on personal data.
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('employees_mobile_idx').on(t.companyId, t.mobileHash), tenantPolicy('employees')],
);
