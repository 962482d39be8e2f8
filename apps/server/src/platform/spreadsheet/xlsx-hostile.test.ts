import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { bombDeflated, buildXlsx, buildZip, hugeSharedStringXlsx, manyRowsXlsx, measure, sheetXml, xlsxEntries, type MemoryMeasure } from './spreadsheet-fixtures.ts';
import { readXlsxSheet, type XlsxReadOptions } from './index.ts';

/**
 * Hostile workbooks, generated here: each is refused with a 400 naming the cap, quickly, and the
 * heap and resident memory grow by less than 64 MB while it is read (ExcelJS's whole-workbook load
 * ran the server out of heap on the first two).
 */

const MB = 1024 * 1024;
const MSG_NOT_XLSX = '文件不是有效的 Excel（.xlsx）文件';
const MSG_TOO_LARGE = '文件解压后超过 100 MB，请删减后再上传';
const MSG_CELL = '单元格内容过长（超过 32767 个字符），请删减后再上传';
const MSG_ROWS = '数据行数超过单次导入上限 20000 行，请分批导入';
const MSG_COLUMNS = '列数超过上限 200 列，请删减后再上传';

function expectRefused(m: MemoryMeasure, message: string, label: string) {
  console.info(`${label}: ${Math.round(m.ms)} ms, heap +${m.heapMb.toFixed(1)} MB, rss +${m.rssMb.toFixed(1)} MB`);
  expect(m.error).toBeInstanceOf(AppError);
  expect(m.error).toMatchObject({ code: 400, httpStatus: 200, message });
  expect(m.heapMb).toBeLessThan(64);
  expect(m.rssMb).toBeLessThan(64);
}

const refusal = async (data: Buffer, options?: XlsxReadOptions) => {
  try {
    await readXlsxSheet(data, options);
  } catch (err) {
    return err;
  }
  throw new Error('read without refusal');
};

describe('a 200 MB shared string in a 200 KB file', () => {
  it('is refused from the declared size, before anything is inflated', async () => {
    const file = await hugeSharedStringXlsx(200);
    expect(file.length).toBeLessThan(300 * 1024);
    expectRefused(await measure(() => readXlsxSheet(file)), MSG_TOO_LARGE, '200 MB string, size refused');
  });

  it('with a higher size cap, is refused by the cell length while inflating, holding no more than a chunk', async () => {
    const file = await hugeSharedStringXlsx(200);
    expectRefused(await measure(() => readXlsxSheet(file, { limits: { maxUncompressedBytes: 300 * MB } })), MSG_CELL, '200 MB string, cell refused');
  });

  it('declaring a small size, is refused as soon as it inflates past it', async () => {
    const file = await hugeSharedStringXlsx(200, 1000);
    expectRefused(await measure(() => readXlsxSheet(file)), MSG_NOT_XLSX, '200 MB string declared 1000 B');
  });
});

describe('600,000 rows in an 8 MB file', () => {
  it('stops at the row cap, quickly, in bounded memory', async () => {
    const file = await manyRowsXlsx(600_000);
    const m = await measure(() => readXlsxSheet(file, { limits: { maxRows: 20_000 } }));
    expectRefused(m, MSG_ROWS, `600,000 rows (${(file.length / MB).toFixed(1)} MB)`);
    expect(m.ms).toBeLessThan(10_000);
  }, 120_000);
});

describe('zip bombs', () => {
  const PREFIX = '<worksheet><sheetData><row><c t="inlineStr"><is><t>';
  const bomb = (declaredSize: number) =>
    buildZip([
      ...xlsxEntries({ sheets: [] }).filter((e) => e.name !== 'xl/workbook.xml'),
      { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1" xmlns:r="r"/></sheets></workbook>' },
      { name: 'xl/_rels/workbook.xml.rels', data: '<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>' },
      { name: 'xl/worksheets/sheet1.xml', data: bombDeflated(2048, { prefix: PREFIX }), isDeflated: true, declaredSize },
    ]);

  it('an entry that declares 1 KB and inflates to 2 GB', async () => {
    expectRefused(await measure(async () => readXlsxSheet(await bomb(1024))), MSG_NOT_XLSX, '2 GB bomb declared 1 KB');
  });

  it('an entry that declares 4 GB, and entries whose sizes add up past the cap', async () => {
    expectRefused(await measure(async () => readXlsxSheet(await bomb(0xfffffffe))), MSG_TOO_LARGE, '2 GB bomb declared 4 GB');
    const three = await buildXlsx({ sheets: [1, 2, 3].map((i) => ({ name: `S${i}`, xml: 'x', declaredSize: 40 * MB })) });
    expect(await refusal(three)).toMatchObject({ code: 400, message: MSG_TOO_LARGE });
  });

  it('declaring its 2 GB truly, under a cap raised past it: the cell length stops it after a few chunks', async () => {
    const zip = await bomb(2048 * MB + PREFIX.length);
    expect(await refusal(zip)).toMatchObject({ code: 400, message: MSG_TOO_LARGE });
    expectRefused(await measure(() => readXlsxSheet(zip, { limits: { maxUncompressedBytes: 4096 * MB } })), MSG_CELL, '2 GB bomb declared 2 GB, cap 4 GB');
  });

  it('more than 10,000 entries', async () => {
    const many = await buildZip([...xlsxEntries({ sheets: [{ name: 'S', xml: sheetXml('') }] }), ...Array.from({ length: 10_001 }, (_, i) => ({ name: `x/${i}`, data: '', isStored: true }))]);
    expect(await refusal(many)).toMatchObject({ code: 400, message: MSG_NOT_XLSX });
  });
});

describe('files that are not an xlsx', () => {
  it('a truncated zip, an empty file, a text file, a zip without the workbook, damaged deflate data, a DOCTYPE, an endless tag', async () => {
    const good = await buildXlsx({ sheets: [{ name: 'S', xml: sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>') }] });
    expect((await readXlsxSheet(good)).rows).toEqual([{ rowNo: 1, cells: ['1'] }]);
    const damaged = Buffer.from(good);
    const at = damaged.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length + 5;
    damaged.fill(0xff, at, at + 20);
    const bad = [
      good.subarray(0, good.length - 1),
      good.subarray(0, Math.floor(good.length / 2)),
      Buffer.alloc(0),
      Buffer.from('工号,姓名\nE1,张三\n'),
      await buildZip([{ name: '[Content_Types].xml', data: '<Types/>' }]),
      damaged,
      await buildXlsx({ sheets: [{ name: 'S', xml: '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>' }] }),
      await buildXlsx({ sheets: [{ name: 'S', xml: `<worksheet><sheetData><row r="1" x="${'a'.repeat(70_000)}"/></sheetData></worksheet>` }] }),
      await buildXlsx({ sheets: [{ name: 'S', xml: '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></row></sheetData></worksheet>' }] }),
    ];
    for (const [i, data] of bad.entries()) expect(await refusal(data), `file ${i}`).toMatchObject({ code: 400, message: MSG_NOT_XLSX });
    expect(await refusal(Buffer.alloc(0), { messages: { notXlsx: '文件无法读取' } })).toMatchObject({ message: '文件无法读取' });
  });
});

describe('cells past the caps', () => {
  const oneCell = (cell: string, sharedStrings?: string) =>
    buildXlsx({ sheets: [{ name: 'S', xml: sheetXml(`<row r="1">${cell}</row>`) }], ...(sharedStrings ? { sharedStrings } : {}) });

  it('a value in column XFD, or in 201, is refused naming the limit; an empty formatted cell out there is not', async () => {
    expect(await refusal(await oneCell('<c r="XFD1"><v>1</v></c>'))).toMatchObject({ code: 400, message: MSG_COLUMNS });
    expect(await refusal(await oneCell('<c r="GS1" t="inlineStr"><is><t>x</t></is></c>'))).toMatchObject({ code: 400, message: MSG_COLUMNS });
    expect((await readXlsxSheet(await oneCell('<c r="A1"><v>1</v></c><c r="GR1"><v>2</v></c><c r="XFD1" s="1"/>'))).rows[0]!.cells).toHaveLength(200);
    expect(await refusal(await oneCell('<c r="Z1"><v>1</v></c>'), { limits: { maxColumns: 20 }, messages: { tooManyColumns: '列太多' } })).toMatchObject({ message: '列太多' });
  });

  it('a 40,000-character cell (shared, inline or formula text) is refused; 32,767 characters are read', async () => {
    const long = '长'.repeat(40_000);
    expect(await refusal(await oneCell('<c r="A1" t="s"><v>0</v></c>', `<sst><si><t>${long}</t></si></sst>`))).toMatchObject({ code: 400, message: MSG_CELL });
    expect(await refusal(await oneCell('<c r="A1" t="s"><v>0</v></c>', `<sst><si><r><t>${long.slice(20_000)}</t></r><r><t>${long.slice(20_000)}</t></r></si></sst>`))).toMatchObject({ message: MSG_CELL });
    expect(await refusal(await oneCell(`<c r="A1" t="inlineStr"><is><t>${long}</t></is></c>`))).toMatchObject({ message: MSG_CELL });
    expect(await refusal(await oneCell(`<c r="A1" t="str"><f>X</f><v>${'a'.repeat(40_000)}</v></c>`))).toMatchObject({ message: MSG_CELL });
    const max = '长'.repeat(32_767);
    expect((await readXlsxSheet(await oneCell(`<c r="A1" t="inlineStr"><is><t>${max}</t></is></c>`))).rows[0]!.cells[0]).toBe(max);
  });

  it('too many shared strings, or too many characters in them', async () => {
    const strings = `<sst>${'<si><t>abc</t></si>'.repeat(11)}</sst>`;
    const file = await oneCell('<c r="A1" t="s"><v>0</v></c>', strings);
    expect(await refusal(file, { limits: { maxSharedStrings: 10 } })).toMatchObject({ code: 400, message: '文件中的文字内容过多（超过 10 条或 33554432 个字符），请删减后再上传' });
    expect(await refusal(file, { limits: { maxSharedStringChars: 30 } })).toMatchObject({ code: 400 });
    expect((await readXlsxSheet(file, { limits: { maxSharedStrings: 11 } })).rows).toEqual([{ rowNo: 1, cells: ['abc'] }]);
  });

  it('a merged range over a million rows stops at the row cap; too many merged ranges are refused', async () => {
    const tall = await buildXlsx({ sheets: [{ name: 'S', xml: sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>', ['A1:GR1048576']) }] });
    expectRefused(await measure(() => readXlsxSheet(tall)), MSG_ROWS, 'merge A1:GR1048576');
    const merges = Array.from({ length: 11 }, (_, i) => `A${i * 2 + 1}:B${i * 2 + 1}`);
    const many = await buildXlsx({ sheets: [{ name: 'S', xml: sheetXml('', merges) }] });
    expect(await refusal(many, { limits: { maxMerges: 10 } })).toMatchObject({ code: 400, message: '合并单元格过多（超过 10 个），请取消合并后再上传' });
  });
});
