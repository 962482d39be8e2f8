import type { SalaryGroupConfig, SalaryGroupItem } from './group.ts';

/** The salary group of the engine benchmark (bench/payroll.ts), also used by the tests of the calculation. */

/** Its 20 imported allowances. */
export const SAMPLE_INPUTS = Array.from({ length: 20 }, (_, i) => `补贴${i + 1}`);

/**
 * 40 items: the record's salary, 20 imported allowances and the attendance, five system items, and
 * 13 formulas with SUM, IF, ROUND, MAX and divisions, before and after the tax.
 */
export function fortyItemGroup(): SalaryGroupConfig {
  const items: SalaryGroupItem[] = [
    { name: '基本工资', type: 3, decimals: 2 },
    ...SAMPLE_INPUTS.map((name) => ({ name, type: 1 as const, decimals: 2 })),
    { name: '实际出勤天数', type: 1, decimals: 1 },
    { name: '应出勤天数', type: 4, systemKey: 'requiredDays', decimals: 0 },
    { name: '在职应出勤天数', type: 4, systemKey: 'employedDays', decimals: 0 },
    { name: '社保个人', type: 4, systemKey: 'siEmployee', decimals: 2 },
    { name: '公积金个人', type: 4, systemKey: 'hfEmployee', decimals: 2 },
    { name: '个税', type: 4, systemKey: 'tax', decimals: 2 },
    { name: '补贴合计', type: 2, formula: `SUM(${SAMPLE_INPUTS.map((n) => `【${n}】`).join(',')})`, decimals: 2 },
    { name: '日工资', type: 2, formula: 'ROUND(【基本工资】/【在职应出勤天数】,2)', decimals: 2 },
    { name: '缺勤天数', type: 2, formula: 'MAX(【在职应出勤天数】-【实际出勤天数】,0)', decimals: 1 },
    { name: '缺勤扣款', type: 2, formula: 'ROUND(【日工资】*【缺勤天数】,2)', decimals: 2 },
    { name: '全勤奖', type: 2, formula: 'IF(【缺勤天数】=0,300,0)', decimals: 2 },
    { name: '加班费', type: 2, formula: 'ROUND(【日工资】/8*1.5*【补贴20】/100,2)', decimals: 2 },
    { name: '应发工资', type: 2, formula: '【基本工资】+【补贴合计】+【全勤奖】+【加班费】-【缺勤扣款】', decimals: 2 },
    { name: '扣款合计', type: 2, formula: '【社保个人】+【公积金个人】+【个税】', decimals: 2 },
    { name: '实发工资', type: 2, formula: '【应发工资】-【扣款合计】', decimals: 2 },
    { name: '税后比例', type: 2, formula: 'IF(【应发工资】>0,ROUND(【实发工资】/【应发工资】,4),0)', decimals: 4 },
    { name: '单位成本', type: 2, formula: '【应发工资】+【社保个人】*2', decimals: 2 },
    { name: '补贴均值', type: 2, formula: 'ROUND(【补贴合计】/20,2)', decimals: 2 },
    { name: '年化实发', type: 2, formula: '【实发工资】*12', decimals: 2 },
  ];
  return { items, grossItem: '应发工资', netItem: '实发工资', taxRule: 1, siBaseRule: 'salary' };
}
