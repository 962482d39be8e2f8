import { describe, expect, it } from 'vitest';
import { PayrollInputError } from './errors.ts';
import { compileFormulas, evaluateFormulas, explainFormula, type FormulaItemDefinition } from './formula-engine.ts';
import { FormulaError, parseFormula } from './formula-parser.ts';

/** Evaluates one formula item named 结果 over the given inputs. */
function calc(formula: string, inputs: Record<string, string> = {}, decimals?: number): string {
  const plan = compileFormulas([{ name: '结果', formula, decimals }], Object.keys(inputs));
  return evaluateFormulas(plan, inputs)['结果'];
}

function formulaError(run: () => unknown): FormulaError {
  try {
    run();
  } catch (caught) {
    if (caught instanceof FormulaError) return caught;
    throw caught;
  }
  throw new Error('expected a FormulaError');
}

describe('formula arithmetic and precedence', () => {
  it.each([
    ['1+2*3', '7.00'],
    ['(1+2)*3', '9.00'],
    ['10-4-3', '3.00'], // left-associative
    ['12/4/3', '1.00'], // left-associative
    ['2*3/4', '1.50'],
    ['-2*3', '-6.00'],
    ['2--1', '3.00'],
    ['-(1+2)', '-3.00'],
    ['+5', '5.00'],
    ['1+2>2', '1.00'], // arithmetic before comparison
    ['2*3=6', '1.00'],
    ['1<>1', '0.00'],
    ['3>=3', '1.00'],
    ['3<=2', '0.00'],
    ['3<4', '1.00'],
    ['10%*200', '20.00'],
    ['.5+1', '1.50'],
    [' 1 +\t2 ', '3.00'],
    ['（1＋2）×3÷2', '4.50'], // full-width input from a Chinese input method
  ])('%s = %s', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('is decimal-exact: 0.1 + 0.2 = 0.30, and equals 0.3 exactly', () => {
    expect(calc('0.1+0.2')).toBe('0.30');
    expect(calc('【甲】+【乙】', { 甲: '0.1', 乙: '0.2' }, 10)).toBe('0.3000000000');
    expect(calc('IF(0.1+0.2=0.3, 1, 0)')).toBe('1.00'); // false in binary floating point
    expect(calc('1/3*3', {}, 10)).toBe('1.0000000000');
    expect(calc('【大额】*100', { 大额: '123456789012.34' })).toBe('12345678901234.00');
  });

  it('rounds each item half-up to its decimal places (default 2)', () => {
    expect(calc('2.345')).toBe('2.35');
    expect(calc('2.344')).toBe('2.34');
    expect(calc('-2.345')).toBe('-2.35');
    expect(calc('2.5', {}, 0)).toBe('3');
    expect(calc('-0.001')).toBe('0.00');
  });
});

describe('formula functions', () => {
  it.each([
    ['IF(1>0, 10, 20)', '10.00'],
    ['IF(1<0, 10, 20)', '20.00'],
    ['IF(0, 10)', '0.00'],
    ['if(2, 10, 20)', '10.00'], // function names are case-insensitive
    ['ROUND(2.345, 2)', '2.35'],
    ['ROUND(2.5)', '3.00'],
    ['ROUND(-2.5, 0)', '-3.00'], // ties away from zero, as in Excel
    ['ROUNDUP(2.301, 1)', '2.40'],
    ['ROUNDUP(-2.301, 1)', '-2.40'],
    ['ROUNDDOWN(2.399, 1)', '2.30'],
    ['MAX(1, 5, 3)', '5.00'],
    ['MIN(4, -2, 3)', '-2.00'],
    ['MAX(7)', '7.00'],
    ['SUM(1, 2, 3.5)', '6.50'],
    ['ABS(-4.2)', '4.20'],
    ['AND(1, 2>1)', '1.00'],
    ['AND(1, 0)', '0.00'],
    ['OR(0, 0)', '0.00'],
    ['OR(0, 3)', '1.00'],
    ['NOT(0)', '1.00'],
    ['NOT(5)', '0.00'],
    ['IF(AND(1>0, OR(0, 1)), MAX(1, 2) * 2, 0)', '4.00'],
  ])('%s = %s', (formula, expected) => {
    expect(calc(formula)).toBe(expected);
  });

  it('rejects a ROUND with impossible places while computing', () => {
    expect(formulaError(() => calc('ROUND(1.5, 0.5)')).message).toBe('工资项「结果」计算出错：ROUND的小数位数必须是0到10之间的整数，实际为0.5');
    expect(formulaError(() => calc('ROUNDUP(1.5, -1)')).message).toBe('工资项「结果」计算出错：ROUNDUP的小数位数必须是0到10之间的整数，实际为-1');
  });
});

describe('salary items over Chinese names', () => {
  const items: FormulaItemDefinition[] = [
    { name: '应发工资', formula: '【出勤工资】+【绩效奖金】' },
    { name: '出勤工资', formula: '【日薪】*【实际出勤天数】' },
    { name: '日薪', formula: 'IF(【应出勤天数】=0, 0, 【基本工资】/【应出勤天数】)' },
  ];
  const inputNames = ['基本工资', '应出勤天数', '实际出勤天数', '绩效奖金'];
  const employee = { 基本工资: '8000', 应出勤天数: '21.75', 实际出勤天数: '20', 绩效奖金: '1500.5' };

  it('computes 【基本工资】/【应出勤天数】*【实际出勤天数】 in one formula', () => {
    // 8000 / 21.75 = 367.8160919540…; × 20 = 7356.3218… → 7356.32
    expect(calc('【基本工资】/【应出勤天数】*【实际出勤天数】', employee)).toBe('7356.32');
  });

  it('orders items by their dependencies and feeds the rounded value forward', () => {
    const plan = compileFormulas(items, inputNames);
    expect(plan.order).toEqual(['日薪', '出勤工资', '应发工资']);
    // 日薪 8000 / 21.75 = 367.816… → 367.82; 出勤工资 367.82 × 20 = 7356.40; 应发工资 7356.40 + 1500.5 = 8856.90
    expect(evaluateFormulas(plan, employee)).toEqual({ 日薪: '367.82', 出勤工资: '7356.40', 应发工资: '8856.90' });
  });

  it('evaluates a compiled plan for many employees', () => {
    const plan = compileFormulas(items, inputNames);
    expect(evaluateFormulas(plan, { ...employee, 实际出勤天数: '10' })['应发工资']).toBe('5178.70'); // 3678.20 + 1500.50
    expect(evaluateFormulas(plan, { ...employee, 应出勤天数: '0' })).toEqual({ 日薪: '0.00', 出勤工资: '0.00', 应发工资: '1500.50' });
  });

  it('explains one item for one employee: formula, inputs, result, with the items it depends on', () => {
    const plan = compileFormulas(items, inputNames);
    expect(explainFormula(plan, employee, '出勤工资')).toEqual([
      {
        name: '日薪',
        formula: 'IF(【应出勤天数】=0, 0, 【基本工资】/【应出勤天数】)',
        inputs: [
          { name: '应出勤天数', value: '21.75' },
          { name: '基本工资', value: '8000' },
        ],
        result: '367.82',
      },
      {
        name: '出勤工资',
        formula: '【日薪】*【实际出勤天数】',
        inputs: [
          { name: '日薪', value: '367.82' },
          { name: '实际出勤天数', value: '20' },
        ],
        result: '7356.40',
      },
    ]);
    expect(explainFormula(plan, employee, '应发工资').map((step) => step.name)).toEqual(['日薪', '出勤工资', '应发工资']);
    expect(() => explainFormula(plan, employee, '基本工资')).toThrow('工资项「基本工资」不是公式项，无法说明计算过程');
  });

  it('evaluates only the IF branch taken, so a guarded division never fails', () => {
    expect(calc('IF(【天数】>0, 【金额】/【天数】, 0)', { 天数: '0', 金额: '100' })).toBe('0.00');
    expect(calc('IF(AND(【天数】>0, 【金额】/【天数】>1), 1, 2)', { 天数: '0', 金额: '100' })).toBe('2.00');
  });
});

describe('formula errors name the item', () => {
  it('division by zero names the item and the divisor', () => {
    const plan = compileFormulas([{ name: '日薪', formula: '【基本工资】/【应出勤天数】' }], ['基本工资', '应出勤天数']);
    const caught = formulaError(() => evaluateFormulas(plan, { 基本工资: '8000', 应出勤天数: '0' }));
    expect(caught.message).toBe('工资项「日薪」计算出错：除数【应出勤天数】为0');
    expect(caught.itemName).toBe('日薪');
    expect(caught).toBeInstanceOf(PayrollInputError);
    expect(formulaError(() => calc('1/(2-2)')).message).toBe('工资项「结果」计算出错：除数(2-2)为0');
  });

  it.each([
    [['A→B→A', [{ name: '甲', formula: '【乙】+1' }, { name: '乙', formula: '【甲】*2' }]], '工资项之间存在循环引用：【甲】→【乙】→【甲】'],
    [['self', [{ name: '奖金', formula: '【奖金】+1' }]], '工资项之间存在循环引用：【奖金】→【奖金】'],
    [
      ['three', [{ name: '个税', formula: '【应税工资】*0.1' }, { name: '应税工资', formula: '【实发工资】+1' }, { name: '实发工资', formula: '【基数】-【个税】' }]],
      '工资项之间存在循环引用：【个税】→【应税工资】→【实发工资】→【个税】',
    ],
  ] as const)('reports a cycle by item name (%j)', ([, items], message) => {
    expect(formulaError(() => compileFormulas(items, ['基数'])).message).toBe(message);
  });

  it('reports a reference to an unknown item', () => {
    const caught = formulaError(() => compileFormulas([{ name: '加班费', formula: '【加班小时】*【时薪】' }], ['加班小时']));
    expect(caught.message).toBe('工资项「加班费」的公式引用了不存在的项目【时薪】');
    expect(caught.itemName).toBe('加班费');
  });

  it.each([
    ['', '工资项「结果」的公式不能为空'],
    ['   ', '工资项「结果」的公式不能为空'],
    ['(1+2', '工资项「结果」的公式末尾有误：缺少右括号「)」'],
    ['1+2)', '工资项「结果」的公式第4个字符处有误：多余的内容「)」'],
    ['1+', '工资项「结果」的公式末尾有误：公式不完整'],
    ['1 2', '工资项「结果」的公式第3个字符处有误：多余的内容「2」'],
    ['1..2', '工资项「结果」的公式第1个字符处有误：数字「1.」格式不正确'],
    ['*3', '工资项「结果」的公式第1个字符处有误：此处需要数字、【项目】、函数或左括号，而不是「*」'],
    ['FOO(1)', '工资项「结果」的公式第1个字符处有误：未知函数「FOO」，可用函数：IF、ROUND、ROUNDUP、ROUNDDOWN、MAX、MIN、SUM、ABS、AND、OR、NOT；项目名称请用【】括起来'],
    ['基本工资*2', '工资项「结果」的公式第1个字符处有误：无法识别的字符「基」'],
    ['[基本工资]*2', '工资项「结果」的公式第1个字符处有误：项目名称请用中文方括号【】括起来'],
    ['【基本工资*2', '工资项「结果」的公式第1个字符处有误：项目名称缺少右括号「】」'],
    ['【】*2', '工资项「结果」的公式第1个字符处有误：【】中必须是一个项目名称'],
    ['IF(1)', '工资项「结果」的公式第1个字符处有误：函数IF需要2到3个参数，实际1个'],
    ['NOT(1, 2)', '工资项「结果」的公式第1个字符处有误：函数NOT需要1个参数，实际2个'],
    ['MAX()', '工资项「结果」的公式第1个字符处有误：函数MAX需要至少1个参数，实际0个'],
    ['SUM(1 2)', '工资项「结果」的公式第7个字符处有误：函数SUM缺少右括号「)」或参数之间缺少逗号'],
    ['ROUND 1', '工资项「结果」的公式第7个字符处有误：函数ROUND后面缺少左括号「(」'],
    ['1<2<3', '工资项「结果」的公式第4个字符处有误：比较运算不能连用，请用AND/OR组合条件'],
  ])('syntax error in %j', (formula, message) => {
    expect(formulaError(() => calc(formula)).message).toBe(message);
  });

  it('never runs the text as code', () => {
    expect(formulaError(() => calc('process.exit(1)')).message).toBe('工资项「结果」的公式第8个字符处有误：无法识别的字符「.」');
    expect(formulaError(() => calc('eval(1)')).message).toContain('未知函数「EVAL」');
    expect(formulaError(() => calc('constructor(1)')).message).toContain('未知函数「CONSTRUCTOR」');
    expect(formulaError(() => calc('HASOWNPROPERTY(1)')).message).toContain('未知函数「HASOWNPROPERTY」');
    expect(formulaError(() => calc('`1`')).message).toBe('工资项「结果」的公式第1个字符处有误：无法识别的字符「`」');
  });

  it('reports missing and non-numeric inputs while computing', () => {
    const plan = compileFormulas([{ name: '补贴', formula: '【餐补】+【交通补贴】' }], ['餐补', '交通补贴']);
    expect(formulaError(() => evaluateFormulas(plan, { 餐补: '300' })).message).toBe('工资项「补贴」计算出错：缺少项目【交通补贴】的数值');
    expect(formulaError(() => evaluateFormulas(plan, { 餐补: '300', 交通补贴: 'abc' })).message).toBe('工资项「补贴」计算出错：项目【交通补贴】的数值必须是数字，收到："abc"');
    expect(evaluateFormulas(plan, { 餐补: '300', 交通补贴: '-50.5' })).toEqual({ 补贴: '249.50' });
  });

  it('rejects duplicate, empty and bracketed names and bad decimals', () => {
    expect(() => compileFormulas([{ name: '甲', formula: '1' }, { name: '甲', formula: '2' }], [])).toThrow('工资项「甲」重复');
    expect(() => compileFormulas([{ name: '基本工资', formula: '1' }], ['基本工资'])).toThrow('工资项「基本工资」重复');
    expect(() => compileFormulas([{ name: '', formula: '1' }], [])).toThrow('工资项名称不能为空');
    expect(() => compileFormulas([{ name: '【甲】', formula: '1' }], [])).toThrow('工资项名称「【甲】」不能包含【】或首尾空格');
    expect(() => compileFormulas([{ name: '甲', formula: '1', decimals: 11 }], [])).toThrow('工资项「甲」的小数位数必须是0到10之间的整数');
    expect(() => compileFormulas([], ['乙', '乙'])).toThrow('工资项「乙」重复');
  });

  it('parseFormula keeps item names exactly, trimming only surrounding spaces', () => {
    const tree = parseFormula('【 基本工资 】+【（补贴）】', '结果');
    expect(tree).toMatchObject({ kind: 'binary', left: { kind: 'reference', name: '基本工资' }, right: { kind: 'reference', name: '（补贴）' } });
  });
});
