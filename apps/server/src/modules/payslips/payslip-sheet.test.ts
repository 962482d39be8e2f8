import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { canonicalJson, chainHash, GENESIS_HASH } from '../../platform/hash-chain.ts';
import { checkPayslipTicket, signPayslipTicket } from './payslip-links.ts';
import { detectIdentity, displayValue, isEmptyValue, MSG_TOO_MANY_COLUMNS, readPayslipSheet, suggestGroup } from './payslip-sheet.ts';
import { buildPayslipWorkbook } from './payslip-fixtures.ts';

describe('displayValue', () => {
  it.each([
    ['8000', 'income', '8000.00'],
    ['1,234.5', 'income', '1234.50'],
    ['￥ 99', 'net', '99.00'],
    ['0.30000000000000004', 'deduction', '0.30'],
    ['-12.345', 'deduction', '-12.35'],
    ['待定', 'income', '待定'],
    ['', 'income', ''],
    ['00123', 'info', '00123'],
    ['1200.5', 'other', '1200.5'],
  ] as const)('%s in %s → %s', (raw, group, shown) => {
    expect(displayValue(raw, group)).toBe(shown);
  });
});

describe('isEmptyValue', () => {
  it.each([
    ['', true],
    ['0', true],
    ['0.00', true],
    ['-0.00', true],
    ['0.01', false],
    ['无', false],
  ])('%s → %s', (v, empty) => expect(isEmptyValue(v)).toBe(empty));
});

describe('suggestGroup', () => {
  it.each([
    ['基本工资', 'income'],
    ['应发工资/绩效', 'income'],
    ['代扣项目/住房公积金', 'deduction'],
    ['个税', 'deduction'],
    ['实发金额', 'net'],
    ['部门', 'info'],
    ['餐补', 'income'],
    ['备注', 'other'],
  ] as const)('%s → %s', (label, group) => expect(suggestGroup(label)).toBe(group));
});

describe('detectIdentity', () => {
  it('finds name first and one column per kind', () => {
    expect(detectIdentity(['工号', '员工姓名', '身份证号', '手机', '手机号码'])).toEqual([
      { index: 1, kind: 'name' },
      { index: 0, kind: 'employeeNo' },
      { index: 2, kind: 'idNumber' },
      { index: 3, kind: 'mobile' },
    ]);
  });
});

describe('readPayslipSheet', () => {
  it('reads a header spanning two rows by merged cells, and one row when asked', async () => {
    const file = await buildPayslipWorkbook({
      header: [
        ['姓名', '应发', null, '实发工资'],
        [null, '基本工资', '绩效', null],
      ],
      merges: ['A1:A2', 'B1:C1', 'D1:D2'],
      rows: [['张伟', 1, 2, 3], [null, null, null, null], ['王芳', '4', '5', '6']],
    });
    const two = await readPayslipSheet(file);
    expect(two.headerRows).toBe(2);
    expect(two.labels).toEqual(['姓名', '应发/基本工资', '应发/绩效', '实发工资']);
    expect(two.rows.map((r) => r.rowNo)).toEqual([3, 5]);
    const one = await readPayslipSheet(file, 1);
    expect(one.headerRows).toBe(1);
    expect(one.labels).toEqual(['姓名', '应发', '应发', '实发工资']);
    expect(one.rows).toHaveLength(3);
  });

  it('reads the first visible sheet with data; a department merged down its employees reads on each row', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('说明', { state: 'hidden' }).addRow(['隐藏']);
    wb.addWorksheet('空白');
    const ws = wb.addWorksheet('五月');
    ws.addRow(['部门', '姓名', '实发工资']);
    ws.addRow(['研发部', '张伟', 100]);
    ws.addRow([null, '王芳', 200]);
    ws.mergeCells('A2:A3');
    const sheet = await readPayslipSheet(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(sheet.headerRows).toBe(1);
    expect(sheet.rows).toEqual([
      { rowNo: 2, cells: ['研发部', '张伟', '100'] },
      { rowNo: 3, cells: ['研发部', '王芳', '200'] },
    ]);
  });

  it('refuses a value past column 200', async () => {
    const header = [Array.from({ length: 201 }, (_, i) => `列${i + 1}`)];
    await expect(readPayslipSheet(await buildPayslipWorkbook({ header, rows: [] }))).rejects.toMatchObject({ code: 400, message: MSG_TOO_MANY_COLUMNS });
  });
});

describe('evidence hashing and tickets', () => {
  it('hashes the same event the same way whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    const e = { companyId: 1, batchId: 2, seq: 1, payslipId: 3, kind: 'view', actorUserId: null, ip: '1.1.1.1', userAgent: 'x', detail: { a: 1 }, at: 1 };
    expect(chainHash(GENESIS_HASH, e)).toBe(chainHash(GENESIS_HASH, { ...e, detail: { a: 1 } }));
    expect(chainHash(GENESIS_HASH, e)).not.toBe(chainHash(GENESIS_HASH, { ...e, ip: '1.1.1.2' }));
  });

  it('accepts a ticket for its own link until it expires', () => {
    const s = { hashToken: (v: string) => createHmac('sha256', 'k').update(v).digest('hex') };
    const now = 1_800_000_000_000;
    const t = signPayslipTicket(s, 'link-a', now + 1000);
    expect(checkPayslipTicket(s, 'link-a', t, now)).toBe('ok');
    expect(checkPayslipTicket(s, 'link-a', t, now + 2000)).toBe('expired');
    expect(checkPayslipTicket(s, 'link-b', t, now)).toBe('invalid');
    expect(checkPayslipTicket(s, 'link-a', `${now + 1000}.${'0'.repeat(64)}`, now)).toBe('invalid');
    expect(checkPayslipTicket(s, 'link-a', 'garbage', now)).toBe('invalid');
  });
});
