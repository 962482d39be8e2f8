import ExcelJS from 'exceljs';

/** Test and bench workbooks built in code. */

export type SheetSpec = {
  /** Header rows as written (two rows for a merged header). */
  header: (string | null)[][];
  /** Merged ranges such as 'C1:E1'. */
  merges?: string[];
  rows: (string | number | null)[][];
};

export async function buildPayslipWorkbook(spec: SheetSpec): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('工资表');
  for (const h of spec.header) sheet.addRow(h);
  for (const m of spec.merges ?? []) sheet.mergeCells(m);
  for (const r of spec.rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The usual two-row header: 应发工资 over 基本工资/绩效/奖金, identity columns spanning both rows. */
export const TWO_ROW_HEADER: SheetSpec['header'] = [
  ['姓名', '手机号', '部门', '应发工资', null, null, '个人所得税', '实发工资'],
  [null, null, null, '基本工资', '绩效', '奖金', null, null],
];
export const TWO_ROW_MERGES = ['A1:A2', 'B1:B2', 'C1:C2', 'D1:F1', 'G1:G2', 'H1:H2'];
