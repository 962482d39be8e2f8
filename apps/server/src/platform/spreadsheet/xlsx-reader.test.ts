import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildFixtureWorkbook, fixtureCells, fixtureRow } from '../../modules/employee-import/import-fixtures.ts';
import { STANDARD_IMPORT_FIELDS } from '../../modules/employee-import/import-fields.ts';
import { buildImportTemplate } from '../../modules/employee-import/import-xlsx.ts';
import { buildDepartmentTemplate } from '../../modules/org/department-template.ts';
import { openingTemplate } from '../../modules/payroll/payroll-opening.service.ts';
import { buildPayslipWorkbook, TWO_ROW_HEADER, TWO_ROW_MERGES } from '../../modules/payslips/payslip-fixtures.ts';
import { buildXlsx, sheetXml } from './spreadsheet-fixtures.ts';
import { openXlsxSheet, readXlsxSheet, type SheetRow } from './index.ts';

/** The bounded reader on ordinary files: the texts the former ExcelJS-based reading gave, and the options. */

/** The former readers' cellText (employee import), over ExcelJS's whole-workbook load: the reference. */
function formerCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return formerCellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('error' in value) return '';
  }
  return String(value).trim();
}

async function formerRows(data: Buffer, sheetName: string): Promise<SheetRow[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet(sheetName)!;
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(formerCellText(row.getCell(c).value));
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.length > 0) rows.push({ rowNo, cells });
  });
  return rows;
}

/** Every sheet of the workbook reads to the rows ExcelJS gave. */
async function expectSameAsFormer(data: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  expect(wb.worksheets.length).toBeGreaterThan(0);
  for (const ws of wb.worksheets) {
    const read = await readXlsxSheet(data, { sheet: { name: ws.name }, limits: { maxRows: 1_000_000 } });
    expect(read.name).toBe(ws.name);
    expect(read.rows, ws.name).toEqual(await formerRows(data, ws.name));
  }
}

async function richWorkbook(options: { useSharedStrings: boolean; date1904?: boolean }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  if (options.date1904) wb.properties.date1904 = true;
  const ws = wb.addWorksheet('全部类型');
  ws.addRow(['文本', '整数', '小数', '日期', '布尔', '公式', '富文本', '链接', '错误']);
  ws.addRow(['  前后空格  ', 42, 0.1 + 0.2, new Date(Date.UTC(2024, 1, 29)), true, { formula: 'B2*2', result: 84 }, { richText: [{ text: '加粗', font: { bold: true } }, { text: '普通 ' }] }, { text: '官网', hyperlink: 'https://example.com' }, { error: '#N/A' }]);
  ws.addRow(['<&>"\'', -7, 1e21, new Date(Date.UTC(1999, 11, 31, 23, 59)), false, { formula: 'A2', result: '前后空格' }, '换行\n第二行', '😀表情', 1e-7]);
  ws.addRow([null, null, 123.456]);
  ws.addRow([]);
  ws.addRow(['隔一行', null, 3]);
  const formats = wb.addWorksheet('格式');
  formats.addRow(['百分比', '千分位', '年月日', '时间', '文本格式数字', '日期公式']);
  const r = formats.addRow([0.25, 1234567.891, 45292, 0.75, 13800000000, { formula: 'DATE(2024,1,1)', result: 45292 }]);
  r.getCell(1).numFmt = '0.00%';
  r.getCell(2).numFmt = '#,##0.00';
  r.getCell(3).numFmt = 'yyyy"年"m"月"d"日"';
  r.getCell(4).numFmt = 'hh:mm';
  r.getCell(5).numFmt = '@';
  r.getCell(6).numFmt = 'yyyy-mm-dd';
  const merged = wb.addWorksheet('合并');
  merged.addRow(['标题', null, null, '右']);
  merged.addRow(['部门', '姓名', '金额']);
  merged.addRow(['研发部', '张伟', 100]);
  merged.addRow([null, '王芳', 200]);
  merged.addRow([null, '李娜', 300]);
  merged.mergeCells('A1:C1');
  merged.mergeCells('A3:A5');
  const hidden = wb.addWorksheet('隐藏', { state: 'hidden' });
  hidden.addRow(['隐藏的数据']);
  return Buffer.from(await wb.xlsx.writeBuffer({ useSharedStrings: options.useSharedStrings } as ExcelJS.XlsxWriteOptions));
}

describe('files written by ExcelJS read to the texts the former reading gave', () => {
  it('every cell type, with shared strings and with inline strings, and a 1904 workbook', async () => {
    for (const opts of [{ useSharedStrings: true }, { useSharedStrings: false }, { useSharedStrings: true, date1904: true }]) await expectSameAsFormer(await richWorkbook(opts));
    const read = await readXlsxSheet(await richWorkbook({ useSharedStrings: true }));
    expect(read.rows.slice(0, 3)).toEqual([
      { rowNo: 1, cells: ['文本', '整数', '小数', '日期', '布尔', '公式', '富文本', '链接', '错误'] },
      { rowNo: 2, cells: ['前后空格', '42', '0.30000000000000004', '2024-02-29', '是', '84', '加粗普通', '官网'] },
      { rowNo: 3, cells: ['<&>"\'', '-7', '1e+21', '1999-12-31', '否', '前后空格', '换行\n第二行', '😀表情', '1e-7'] },
    ]);
    const formats = await readXlsxSheet(await richWorkbook({ useSharedStrings: true }), { sheet: { name: '格式' } });
    expect(formats.rows[1]!.cells).toEqual(['0.25', '1234567.891', '2024-01-01', '1899-12-30', '13800000000', '2024-01-01']);
  });

  it('merged ranges: every covered cell reads as the top-left one, and the ranges are given', async () => {
    const read = await readXlsxSheet(await richWorkbook({ useSharedStrings: true }), { sheet: { name: '合并' } });
    expect(read.merges).toEqual([
      { top: 1, left: 1, bottom: 1, right: 3 },
      { top: 3, left: 1, bottom: 5, right: 1 },
    ]);
    expect(read.rows.map((r) => r.cells)).toEqual([
      ['标题', '标题', '标题', '右'],
      ['部门', '姓名', '金额'],
      ['研发部', '张伟', '100'],
      ['研发部', '王芳', '200'],
      ['研发部', '李娜', '300'],
    ]);
  });

  it("the project's own templates and test workbooks", async () => {
    await expectSameAsFormer(await buildImportTemplate(STANDARD_IMPORT_FIELDS, { name: '张伟', hireDate: '2024-01-02' }));
    await expectSameAsFormer(await buildFixtureWorkbook([fixtureCells(fixtureRow(0, 100)), fixtureCells(fixtureRow(1, 100))]));
    await expectSameAsFormer(
      await buildDepartmentTemplate([{ id: 1, name: '总部', code: 'HQ', parentId: null, parentCode: null, path: '/1/', status: 1 }]),
    );
    await expectSameAsFormer((await openingTemplate(2026)).body);
    await expectSameAsFormer(await buildPayslipWorkbook({ header: TWO_ROW_HEADER, merges: TWO_ROW_MERGES, rows: [['张伟', '13901100000', '研发部', 8000, 1200.5, 0, 310.2, 8890.3]] }));
  });
});

describe('choosing the sheet', () => {
  const file = () =>
    buildXlsx({
      sheets: [
        { name: '说明', xml: sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>隐藏说明</t></is></c></row>'), isHidden: true },
        { name: '空表', xml: sheetXml('<row r="1"><c r="A1" s="0"/></row>') },
        { name: '数据', xml: sheetXml('<row r="2"><c r="B2"><v>7</v></c></row>') },
      ],
    });

  it('the first, the first visible one holding a value, or by name (else the first)', async () => {
    const data = await file();
    expect((await readXlsxSheet(data)).name).toBe('说明');
    expect(await readXlsxSheet(data, { sheet: 'firstVisibleWithData' })).toMatchObject({ name: '数据', rows: [{ rowNo: 2, cells: ['', '7'] }] });
    expect((await readXlsxSheet(data, { sheet: { name: '空表' } })).rows).toEqual([]);
    expect((await readXlsxSheet(data, { sheet: { name: '没有' } })).name).toBe('说明');
  });

  it('streams rows, and reads them again on a second pass', async () => {
    const sheet = await openXlsxSheet(await file(), { sheet: 'firstVisibleWithData' });
    for (let pass = 0; pass < 2; pass++) {
      const rows: SheetRow[] = [];
      for await (const row of sheet.rows()) rows.push(row);
      expect(rows).toEqual([{ rowNo: 2, cells: ['', '7'] }]);
    }
  });
});

describe('what other writers put in a sheet', () => {
  const read = async (rows: string, o: { merges?: string[]; strings?: string; styles?: string } = {}) =>
    (
      await readXlsxSheet(
        await buildXlsx({
          sheets: [{ name: 'S', xml: sheetXml(rows, o.merges) }],
          ...(o.strings !== undefined ? { sharedStrings: `<sst>${o.strings}</sst>` } : {}),
          ...(o.styles !== undefined ? { styles: o.styles } : {}),
        }),
        { booleanText: ['TRUE', 'FALSE'] },
      )
    ).rows;

  it('rows and cells without references, namespace prefixes, CDATA, comments, phonetic runs', async () => {
    expect(await read('<row><c t="inlineStr"><is><t>a</t></is></c><c><v>1</v></c></row><row><c t="b"><v>1</v></c></row>')).toEqual([
      { rowNo: 1, cells: ['a', '1'] },
      { rowNo: 2, cells: ['TRUE'] },
    ]);
    const prefixed = await readXlsxSheet(
      await buildXlsx({
        sheets: [{ name: 'P', xml: '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="3"><x:c r="C3" t="s"><x:v>0</x:v></x:c></x:row></x:sheetData></x:worksheet>' }],
        sharedStrings: '<x:sst xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:si><x:t>前缀</x:t></x:si></x:sst>',
      }),
    );
    expect(prefixed.rows).toEqual([{ rowNo: 3, cells: ['', '', '前缀'] }]);
    expect(await read('<!-- note --><row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[<b>&]]></t></is></c><?pi x?></row>')).toEqual([{ rowNo: 1, cells: ['<b>&'] }]);
    expect(await read('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', { strings: '<si><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>' })).toEqual([{ rowNo: 1, cells: ['東京'] }]);
  });

  it('dates: built-in formats (the Chinese ones too), custom formats with y/m/d/h/s outside quotes, ISO date cells', async () => {
    const styles = `<styleSheet><numFmts><numFmt numFmtId="164" formatCode="0.0&quot;days&quot;"/><numFmt numFmtId="165" formatCode="[Red]0.00"/><numFmt numFmtId="166" formatCode="yyyy/m/d"/></numFmts>
      <cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="31"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="10"/></cellXfs></styleSheet>`;
    const cells = [1, 2, 3, 4, 5, 6].map((s, i) => `<c r="${String.fromCharCode(65 + i)}1" s="${s}"><v>45292.5</v></c>`).join('');
    expect(await read(`<row r="1">${cells}<c r="G1" t="d"><v>2024-05-06T00:00:00</v></c></row>`, { styles })).toEqual([
      { rowNo: 1, cells: ['2024-01-01', '2024-01-01', '45292.5', '45292.5', '2024-01-01', '45292.5', '2024-05-06'] },
    ]);
  });

  it('a vertical merge over rows the file leaves out fills them in; formulas read their cached value; errors read empty', async () => {
    // a formula without a cached value reads empty (ExcelJS gave "[object Object]")
    expect(
      await read('<row r="2"><c r="A2" t="inlineStr"><is><t>部门</t></is></c><c r="B2" t="str"><f>X</f><v>结果</v></c><c r="C2" t="e"><v>#DIV/0!</v></c><c r="D2"><f>NOW()</f></c></row><row r="5"><c r="B5"><v>5</v></c></row>', {
        merges: ['A2:A4'],
      }),
    ).toEqual([
      { rowNo: 2, cells: ['部门', '结果'] },
      { rowNo: 3, cells: ['部门'] },
      { rowNo: 4, cells: ['部门'] },
      { rowNo: 5, cells: ['', '5'] },
    ]);
  });
});
