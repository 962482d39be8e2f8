import { sql } from 'drizzle-orm';
import { departments, employees } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';
import type { AppServices } from '../../platform/services.ts';

/** Test and benchmark data for payroll: departments and employees written directly. */

/** Creates a department (a root) and answers its id. */
export async function createDepartment(exec: Executor, companyId: number, name: string): Promise<number> {
  const [row] = await exec.insert(departments).values({ companyId, name, path: '/' }).returning({ id: departments.id });
  await exec
    .update(departments)
    .set({ path: `/${row!.id}/` })
    .where(sql`${departments.companyId} = ${companyId} and ${departments.id} = ${row!.id}`);
  return row!.id;
}

export type FixtureEmployee = { name: string; employeeNo: string; salary: string; hireDate?: string; leaveDate?: string; idNumber?: string; bankAccount?: string; departmentId?: number; employmentType?: number };

/** Inserts employees directly (multi-row), with encrypted identifiers as the roster stores them. */
export async function insertEmployees(s: AppServices, exec: Executor, companyId: number, list: FixtureEmployee[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < list.length; i += 1000) {
    const rows = await exec
      .insert(employees)
      .values(
        list.slice(i, i + 1000).map((e) => ({
          companyId,
          name: e.name,
          employeeNo: e.employeeNo,
          status: 2,
          salary: e.salary,
          hireDate: e.hireDate ?? '2024-03-01',
          leaveDate: e.leaveDate ?? null,
          departmentId: e.departmentId ?? null,
          employmentType: e.employmentType ?? 1,
          idType: e.idNumber ? 1 : null,
          idNumberEnc: e.idNumber ? s.cipher.encrypt(e.idNumber) : null,
          idNumberHash: e.idNumber ? s.cipher.lookupHash(e.idNumber) : null,
          idNumberMasked: e.idNumber ? `${e.idNumber.slice(0, 6)}********${e.idNumber.slice(-4)}` : null,
          bankName: e.bankAccount ? '中国工商银行' : null,
          bankAccountEnc: e.bankAccount ? s.cipher.encrypt(e.bankAccount) : null,
          bankAccountHash: e.bankAccount ? s.cipher.lookupHash(e.bankAccount) : null,
          bankAccountMasked: e.bankAccount ? `${e.bankAccount.slice(0, 4)}****${e.bankAccount.slice(-4)}` : null,
        })),
      )
      .returning({ id: employees.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
