import type { GroupSaveInput, SalaryItemInput } from '@wfsaas/contracts';

/** A typical monthly salary group's items (基本工资 … 实发工资). */
export const STANDARD_ITEMS: SalaryItemInput[] = [
  { name: '基本工资', type: 3, category: 'income' },
  { name: '岗位津贴', type: 1, category: 'income' },
  { name: '绩效奖金', type: 1, category: 'income' },
  { name: '应出勤天数', type: 4, systemKey: 'requiredDays', decimals: 0, category: 'info' },
  { name: '在职应出勤天数', type: 4, systemKey: 'employedDays', decimals: 0, category: 'info', showOnPayslip: false },
  { name: '实际出勤天数', type: 1, decimals: 1, category: 'info' },
  { name: '缺勤扣款', type: 2, formula: 'ROUND(【基本工资】/【在职应出勤天数】*(【在职应出勤天数】-【实际出勤天数】),2)', category: 'deduction' },
  { name: '应发工资', type: 2, formula: '【基本工资】+【岗位津贴】+【绩效奖金】-【缺勤扣款】', category: 'income' },
  { name: '社保个人', type: 4, systemKey: 'siEmployee', category: 'deduction' },
  { name: '公积金个人', type: 4, systemKey: 'hfEmployee', category: 'deduction' },
  { name: '个税', type: 4, systemKey: 'tax', category: 'deduction' },
  { name: '实发工资', type: 2, formula: '【应发工资】-【社保个人】-【公积金个人】-【个税】', category: 'net' },
];

export function standardGroup(name: string, extra: Partial<GroupSaveInput> = {}): GroupSaveInput {
  return { name, items: STANDARD_ITEMS, grossItem: '应发工资', netItem: '实发工资', taxRule: 1, siCity: '北京', siBaseRule: 'salary', payDay: 10, ...extra };
}

/** A valid (checksummed) 18-digit resident ID number for a serial. */
export function idNumberFor(serial: number): string {
  const body = `1101011990${String(1 + (Math.floor(serial / 28_000) % 12)).padStart(2, '0')}${String(1 + (Math.floor(serial / 1000) % 28)).padStart(2, '0')}${String(serial % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}
