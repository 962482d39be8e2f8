import { idCardCheckChar } from '@wfsaas/contracts';
import ExcelJS from 'exceljs';

/** Generated roster files for tests and benchmarks: valid people unless a row is spoiled on purpose. */

export const FIXTURE_HEADERS = ['*工号', '*姓名', '手机号码', '身份证号', '*部门', '*入职日期', '*用工类型', '学历'] as const;

/** A valid resident ID number (region 110105, born 1990–1999). */
export function fixtureIdNumber(seq: number, gender: 1 | 2 = 1): string {
  const year = 1990 + (seq % 10);
  const month = String(1 + (seq % 12)).padStart(2, '0');
  const day = String(1 + (seq % 28)).padStart(2, '0');
  const order = String(Math.floor(seq / 10) % 100).padStart(2, '0') + String(gender === 1 ? 1 + 2 * (seq % 5) : 2 * (seq % 5));
  const first17 = `110105${year}${month}${day}${order}`;
  return first17 + idCardCheckChar(first17)!;
}

export type FixtureRow = { employeeNo: string; name: string; mobile: string; idNumber: string; department: string; hireDate: string; employmentType: string; education: string };

/** Row i (0-based) of a generated file; `base` keeps numbers apart between files. */
export function fixtureRow(i: number, base = 0): FixtureRow {
  const seq = base + i;
  return {
    employeeNo: `IMP${String(seq).padStart(6, '0')}`,
    name: `导入员工${seq}`,
    mobile: `156${String(seq).padStart(8, '0')}`,
    idNumber: fixtureIdNumber(seq),
    department: i % 3 === 0 ? '技术中心/后端组' : i % 3 === 1 ? '产品部' : '财务部',
    hireDate: '2024-03-01',
    employmentType: '全职',
    education: '本科',
  };
}

export function fixtureCells(r: FixtureRow): string[] {
  return [r.employeeNo, r.name, r.mobile, r.idNumber, r.department, r.hireDate, r.employmentType, r.education];
}

/** An xlsx with these headers and rows (first sheet). */
export async function buildFixtureWorkbook(rows: readonly (readonly string[])[], headers: readonly string[] = FIXTURE_HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('员工信息');
  sheet.addRow([...headers]);
  for (const r of rows) sheet.addRow([...r]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
