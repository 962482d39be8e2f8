import { ITEM_TYPE, type GroupSaveInput, type GroupView, type SalaryItemInput } from '@wfsaas/contracts';

/** The editable draft of a salary group: the save body without the id. */
export type GroupDraft = Omit<GroupSaveInput, 'id' | 'items' | 'departmentIds' | 'employmentTypes' | 'includeEmployeeIds' | 'excludeEmployeeIds'> & {
  items: SalaryItemInput[];
  departmentIds: number[];
  employmentTypes: number[];
  includeEmployeeIds: number[];
  excludeEmployeeIds: number[];
};

/** A saved group as a save body (without its id): what copying a group sends. */
export function toGroupSave(g: GroupView): GroupDraft {
  return {
    name: g.name,
    departmentIds: [...g.departmentIds],
    employmentTypes: [...g.employmentTypes],
    includeEmployeeIds: [...g.includeEmployeeIds],
    excludeEmployeeIds: [...g.excludeEmployeeIds],
    items: g.items.map((i) => ({ ...i })),
    grossItem: g.grossItem,
    netItem: g.netItem,
    taxRule: g.taxRule,
    siCity: g.siCity,
    siBaseRule: g.siBaseRule,
    ...(g.siBaseAmount ? { siBaseAmount: g.siBaseAmount } : {}),
    ...(g.hfRate ? { hfRate: g.hfRate } : {}),
    payDay: g.payDay,
    prorationBasis: g.prorationBasis,
  };
}

/** A new group starts with the usual monthly items: salary, allowances, attendance deduction, contributions, tax, net. */
export function newGroupDraft(): GroupDraft {
  return {
    name: '',
    departmentIds: [],
    employmentTypes: [1],
    includeEmployeeIds: [],
    excludeEmployeeIds: [],
    items: [
      { name: '基本工资', type: ITEM_TYPE.salary, category: 'income', decimals: 2, showOnPayslip: true },
      { name: '应出勤天数', type: ITEM_TYPE.system, systemKey: 'requiredDays', category: 'info', decimals: 2, showOnPayslip: true },
      { name: '实际出勤天数', type: ITEM_TYPE.input, category: 'info', decimals: 2, showOnPayslip: true },
      { name: '绩效奖金', type: ITEM_TYPE.input, category: 'income', decimals: 2, showOnPayslip: true },
      {
        name: '缺勤扣款',
        type: ITEM_TYPE.formula,
        formula: 'IF(【应出勤天数】=0, 0, ROUND(【基本工资】/【应出勤天数】*MAX(【应出勤天数】-【实际出勤天数】, 0), 2))',
        category: 'deduction',
        decimals: 2,
        showOnPayslip: true,
      },
      { name: '应发工资', type: ITEM_TYPE.formula, formula: '【基本工资】+【绩效奖金】-【缺勤扣款】', category: 'income', decimals: 2, showOnPayslip: true },
      { name: '社保公积金个人', type: ITEM_TYPE.system, systemKey: 'contributionEmployee', category: 'deduction', decimals: 2, showOnPayslip: true },
      { name: '个税', type: ITEM_TYPE.system, systemKey: 'tax', category: 'deduction', decimals: 2, showOnPayslip: true },
      { name: '实发工资', type: ITEM_TYPE.formula, formula: '【应发工资】-【社保公积金个人】-【个税】', category: 'net', decimals: 2, showOnPayslip: true },
    ],
    grossItem: '应发工资',
    netItem: '实发工资',
    taxRule: 1,
    siCity: null,
    siBaseRule: 'salary',
    payDay: 10,
    prorationBasis: 'workdays',
  };
}

/**
 * The item a server message is about: messages name it as 工资项「名称」 (or 「名称」 first);
 * null when the message names no item of the group.
 */
export function itemOfMessage(message: string, names: readonly string[]): string | null {
  const tagged = /工资项「([^」]+)」/.exec(message);
  if (tagged && names.includes(tagged[1]!)) return tagged[1]!;
  for (const m of message.matchAll(/「([^」]+)」/g)) if (names.includes(m[1]!)) return m[1]!;
  return null;
}
