import { BANK_LAYOUT_SPECS } from '@wfsaas/contracts';
import { PayrollDecimal } from '@wfsaas/payroll';
import { describe, expect, it } from 'vitest';
import { bankFileTable, bankTextFile, type BankPayee } from './payroll-bank-layouts.ts';
import { encodeGbk } from './gbk.ts';

/** Each bank's 代发工资 layout for two employees: its columns in order, amounts with two decimals, account numbers whole. */

const payees: BankPayee[] = [
  { employeeNo: 'E001', name: '张伟', bankName: '中国建设银行杭州分行', account: '6217001234567890123', amount: new PayrollDecimal('10623.09') },
  { employeeNo: 'E002', name: '欧阳娜娜', bankName: '招商银行杭州高新支行', account: '6225880012345678', amount: new PayrollDecimal('8000') },
];
const payer = { accountNumber: '1202020209900012345', accountName: '杭州云帆科技有限公司', bankName: '中国工商银行' };
const gbk = (b: Buffer) => new TextDecoder('gbk').decode(b);

describe('bank file layouts', () => {
  it('工商银行: GBK text, 付款账号|总笔数|总金额 first, then 账号|姓名|金额|用途', () => {
    const spec = BANK_LAYOUT_SPECS.icbc;
    const body = bankTextFile(spec, bankFileTable(spec, payees, payer));
    expect(body.includes(Buffer.from('张伟', 'utf8'))).toBe(false);
    expect(gbk(body).split('\r\n')).toEqual(['1202020209900012345|2|18623.09', '6217001234567890123|张伟|10623.09|工资', '6225880012345678|欧阳娜娜|8000.00|工资', '']);
    expect(() => bankFileTable(spec, payees, null)).toThrow('工商银行代发文件须写明付款账号');
  });

  it('建设银行: xlsx rows, 总笔数/总金额 above the headers; same-bank flag from the payee’s bank', () => {
    const table = bankFileTable(BANK_LAYOUT_SPECS.ccb, payees, null);
    expect(table.preamble).toEqual([['总笔数', 2, '总金额', 18623.09]]);
    expect(table.header).toEqual(['序号', '账号', '户名', '金额', '跨行标识', '行名', '摘要']);
    expect(table.rows).toEqual([
      [1, '6217001234567890123', '张伟', 10623.09, '0', '中国建设银行杭州分行', '工资'],
      [2, '6225880012345678', '欧阳娜娜', 8000, '1', '招商银行杭州高新支行', '工资'],
    ]);
    expect(table.footer).toBeNull();
  });

  it('农业银行: GBK CSV with its headers; a comma in a name is quoted', () => {
    const spec = BANK_LAYOUT_SPECS.abc;
    const lines = gbk(bankTextFile(spec, bankFileTable(spec, [payees[0]!, { ...payees[1]!, name: '李,娜' }], null))).split('\r\n');
    expect(lines).toEqual(['收款方账号,收款方户名,金额,备注', '6217001234567890123,张伟,10623.09,工资', '6225880012345678,"李,娜",8000.00,工资', '']);
  });

  it('招商银行: xlsx with 账号, 户名, 金额, 注释; account numbers stay text', () => {
    const table = bankFileTable(BANK_LAYOUT_SPECS.cmb, payees, payer);
    expect(table.preamble).toEqual([]);
    expect(table.header).toEqual(['账号', '户名', '金额', '注释']);
    expect(table.rows).toEqual([
      ['6217001234567890123', '张伟', 10623.09, '工资'],
      ['6225880012345678', '欧阳娜娜', 8000, '工资'],
    ]);
  });

  it('通用格式 keeps its columns and the 合计 row', () => {
    const table = bankFileTable(BANK_LAYOUT_SPECS.generic, payees, null);
    expect(table.header).toEqual(['工号', '姓名', '开户银行', '银行账号', '实发金额', '备注']);
    expect(table.rows[1]).toEqual(['E002', '欧阳娜娜', '招商银行杭州高新支行', '6225880012345678', 8000, '']);
    expect(table.footer).toEqual(['合计', '共2人', null, null, 18623.09, null]);
  });

  it('GBK encodes what GBK holds and refuses what it does not', () => {
    expect([...encodeGbk('中文A', () => '?')]).toEqual([0xd6, 0xd0, 0xce, 0xc4, 0x41]);
    const spec = BANK_LAYOUT_SPECS.abc;
    expect(() => bankTextFile(spec, bankFileTable(spec, [{ ...payees[0]!, name: '张😀' }], null))).toThrow('「😀」无法以GBK编码写入');
  });
});
