import { PayrollDecimal, type Dec } from './decimal.ts';
import { PayrollInputError } from './errors.ts';

/**
 * Thrown for a formula that cannot be parsed, references an unknown item, forms a cycle, or fails
 * while computing (division by zero, a missing value). `itemName` is the salary item whose formula
 * is at fault; the message is Chinese and names it.
 */
export class FormulaError extends PayrollInputError {
  readonly itemName: string;

  constructor(itemName: string, message: string) {
    super(`formulas.${itemName}`, message);
    this.name = 'FormulaError';
    this.itemName = itemName;
  }
}

export type FormulaFunctionName = 'IF' | 'ROUND' | 'ROUNDUP' | 'ROUNDDOWN' | 'MAX' | 'MIN' | 'SUM' | 'ABS' | 'AND' | 'OR' | 'NOT';

export type BinaryOperator = '+' | '-' | '*' | '/' | '=' | '<>' | '<' | '>' | '<=' | '>=';

type NodeBase = { readonly start: number; readonly end: number };

/** The parsed form of a formula; `start`/`end` index the normalised formula text. */
export type FormulaNode =
  | (NodeBase & { readonly kind: 'number'; readonly value: Dec })
  | (NodeBase & { readonly kind: 'reference'; readonly name: string })
  | (NodeBase & { readonly kind: 'negate'; readonly operand: FormulaNode })
  | (NodeBase & { readonly kind: 'binary'; readonly operator: BinaryOperator; readonly left: FormulaNode; readonly right: FormulaNode })
  | (NodeBase & { readonly kind: 'call'; readonly name: FormulaFunctionName; readonly args: readonly FormulaNode[] });

/** Argument counts: [min, max]; max null = any number. */
export const FORMULA_FUNCTIONS: Readonly<Record<FormulaFunctionName, readonly [number, number | null]>> = {
  IF: [2, 3],
  ROUND: [1, 2],
  ROUNDUP: [1, 2],
  ROUNDDOWN: [1, 2],
  MAX: [1, null],
  MIN: [1, null],
  SUM: [1, null],
  ABS: [1, 1],
  AND: [1, null],
  OR: [1, null],
  NOT: [1, 1],
};

type Token =
  | { kind: 'number'; value: Dec; start: number; end: number }
  | { kind: 'reference'; name: string; start: number; end: number }
  | { kind: 'identifier'; name: string; start: number; end: number }
  | { kind: 'operator'; value: BinaryOperator; start: number; end: number }
  | { kind: 'punctuation'; value: '(' | ')' | ','; start: number; end: number }
  | { kind: 'end'; start: number; end: number };

const FULL_WIDTH: Readonly<Record<string, string>> = {
  '（': '(',
  '）': ')',
  '，': ',',
  '＋': '+',
  '－': '-',
  '＊': '*',
  '×': '*',
  '／': '/',
  '÷': '/',
  '＝': '=',
  '＜': '<',
  '＞': '>',
  '≤': '<=',
  '≥': '>=',
  '≠': '<>',
  '．': '.',
  '％': '%',
  '　': ' ',
};

/**
 * Replaces full-width punctuation and digits that a Chinese input method produces (（），＋×÷ …)
 * with their ASCII forms, outside 【item names】, which are kept exactly.
 */
export function normaliseFormula(text: string): string {
  let result = '';
  let inName = false;
  for (const char of text) {
    if (char === '【') inName = true;
    else if (char === '】') inName = false;
    if (inName) {
      result += char;
      continue;
    }
    const code = char.charCodeAt(0);
    if (code >= 0xff10 && code <= 0xff19) result += String.fromCharCode(code - 0xff10 + 48);
    else if (code >= 0xff21 && code <= 0xff3a) result += String.fromCharCode(code - 0xff21 + 65);
    else if (code >= 0xff41 && code <= 0xff5a) result += String.fromCharCode(code - 0xff41 + 97);
    else result += FULL_WIDTH[char] ?? char;
  }
  return result;
}

function tokenize(text: string, itemName: string): Token[] {
  const tokens: Token[] = [];
  const fail = (position: number, what: string): never => {
    throw new FormulaError(itemName, `工资项「${itemName}」的公式第${position + 1}个字符处有误：${what}`);
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      index += 1;
      continue;
    }
    const start = index;
    if (char === '【') {
      const close = text.indexOf('】', index + 1);
      if (close < 0) fail(start, '项目名称缺少右括号「】」');
      const name = text.slice(index + 1, close).trim();
      if (name === '' || name.includes('【')) fail(start, '【】中必须是一个项目名称');
      tokens.push({ kind: 'reference', name, start, end: close + 1 });
      index = close + 1;
      continue;
    }
    if (char === '】') fail(start, '多余的右括号「】」');
    if ((char >= '0' && char <= '9') || (char === '.' && text[index + 1] >= '0' && text[index + 1] <= '9')) {
      const match = /^(\d+(\.\d+)?|\.\d+)/.exec(text.slice(index));
      const literal = match ? match[0] : char;
      index += literal.length;
      if (text[index] === '.' || (text[index] >= '0' && text[index] <= '9')) fail(start, `数字「${literal}${text[index]}」格式不正确`);
      let value = new PayrollDecimal(literal);
      if (text[index] === '%') {
        value = value.dividedBy(100);
        index += 1;
      }
      tokens.push({ kind: 'number', value, start, end: index });
      continue;
    }
    if (/[A-Za-z]/.test(char)) {
      const match = /^[A-Za-z][A-Za-z0-9]*/.exec(text.slice(index));
      const name = match ? match[0] : char;
      index += name.length;
      tokens.push({ kind: 'identifier', name: name.toUpperCase(), start, end: index });
      continue;
    }
    const two = text.slice(index, index + 2);
    if (two === '<=' || two === '>=' || two === '<>') {
      tokens.push({ kind: 'operator', value: two, start, end: index + 2 });
      index += 2;
      continue;
    }
    if (char === '+' || char === '-' || char === '*' || char === '/' || char === '=' || char === '<' || char === '>') {
      tokens.push({ kind: 'operator', value: char, start, end: index + 1 });
      index += 1;
      continue;
    }
    if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: 'punctuation', value: char, start, end: index + 1 });
      index += 1;
      continue;
    }
    if (char === '[' || char === ']') fail(start, '项目名称请用中文方括号【】括起来');
    fail(start, `无法识别的字符「${char}」`);
  }
  tokens.push({ kind: 'end', start: text.length, end: text.length });
  return tokens;
}

/**
 * Parses one formula into a tree. Grammar (Excel-like, case-insensitive function names):
 *
 *   formula    = comparison
 *   comparison = additive [ ("=" | "<>" | "<" | ">" | "<=" | ">=") additive ]
 *   additive   = term { ("+" | "-") term }
 *   term       = unary { ("*" | "/") unary }
 *   unary      = ("-" | "+") unary | primary
 *   primary    = number ["%"] | "【" item name "】" | FUNCTION "(" [ formula { "," formula } ] ")" | "(" formula ")"
 *
 * Full-width punctuation from Chinese input methods is accepted (see normaliseFormula).
 * The text is only ever read as data by this parser — never evaluated as code.
 *
 * @param itemName the salary item the formula belongs to, used in error messages
 * @throws FormulaError naming the item and the position of the first error
 */
export function parseFormula(formula: string, itemName: string): FormulaNode {
  if (typeof formula !== 'string' || formula.trim() === '') throw new FormulaError(itemName, `工资项「${itemName}」的公式不能为空`);
  const text = normaliseFormula(formula);
  const tokens = tokenize(text, itemName);
  let position = 0;
  const peek = () => tokens[position];
  const fail = (token: Token, what: string): never => {
    const where = token.kind === 'end' ? '公式末尾' : `公式第${token.start + 1}个字符处`;
    throw new FormulaError(itemName, `工资项「${itemName}」的${where}有误：${what}`);
  };
  const isOperator = (token: Token, ...values: BinaryOperator[]): token is Extract<Token, { kind: 'operator' }> =>
    token.kind === 'operator' && values.includes(token.value);
  const isPunctuation = (token: Token, value: '(' | ')' | ','): boolean => token.kind === 'punctuation' && token.value === value;

  const parseComparison = (): FormulaNode => {
    const left = parseAdditive();
    const token = peek();
    if (isOperator(token, '=', '<>', '<', '>', '<=', '>=')) {
      position += 1;
      const right = parseAdditive();
      if (isOperator(peek(), '=', '<>', '<', '>', '<=', '>=')) fail(peek(), '比较运算不能连用，请用AND/OR组合条件');
      return { kind: 'binary', operator: token.value, left, right, start: left.start, end: right.end };
    }
    return left;
  };
  const parseAdditive = (): FormulaNode => {
    let node = parseTerm();
    for (let token = peek(); isOperator(token, '+', '-'); token = peek()) {
      position += 1;
      const right = parseTerm();
      node = { kind: 'binary', operator: token.value, left: node, right, start: node.start, end: right.end };
    }
    return node;
  };
  const parseTerm = (): FormulaNode => {
    let node = parseUnary();
    for (let token = peek(); isOperator(token, '*', '/'); token = peek()) {
      position += 1;
      const right = parseUnary();
      node = { kind: 'binary', operator: token.value, left: node, right, start: node.start, end: right.end };
    }
    return node;
  };
  const parseUnary = (): FormulaNode => {
    const token = peek();
    if (isOperator(token, '-', '+')) {
      position += 1;
      const operand = parseUnary();
      return token.value === '-' ? { kind: 'negate', operand, start: token.start, end: operand.end } : operand;
    }
    return parsePrimary();
  };
  const parsePrimary = (): FormulaNode => {
    const token = peek();
    if (token.kind === 'number') {
      position += 1;
      return { kind: 'number', value: token.value, start: token.start, end: token.end };
    }
    if (token.kind === 'reference') {
      position += 1;
      return { kind: 'reference', name: token.name, start: token.start, end: token.end };
    }
    if (token.kind === 'identifier') {
      position += 1;
      if (!Object.hasOwn(FORMULA_FUNCTIONS, token.name)) {
        fail(token, `未知函数「${token.name}」，可用函数：${Object.keys(FORMULA_FUNCTIONS).join('、')}；项目名称请用【】括起来`);
      }
      const name = token.name as FormulaFunctionName;
      if (!isPunctuation(peek(), '(')) fail(peek(), `函数${name}后面缺少左括号「(」`);
      position += 1;
      const args: FormulaNode[] = [];
      if (!isPunctuation(peek(), ')')) {
        args.push(parseComparison());
        while (isPunctuation(peek(), ',')) {
          position += 1;
          args.push(parseComparison());
        }
      }
      const close = peek();
      if (!isPunctuation(close, ')')) fail(close, `函数${name}缺少右括号「)」或参数之间缺少逗号`);
      position += 1;
      const [min, max] = FORMULA_FUNCTIONS[name];
      if (args.length < min || (max !== null && args.length > max)) {
        const expected = max === null ? `至少${min}个` : min === max ? `${min}个` : `${min}到${max}个`;
        fail(token, `函数${name}需要${expected}参数，实际${args.length}个`);
      }
      return { kind: 'call', name, args, start: token.start, end: close.end };
    }
    if (isPunctuation(token, '(')) {
      position += 1;
      const inner = parseComparison();
      const close = peek();
      if (!isPunctuation(close, ')')) fail(close, '缺少右括号「)」');
      position += 1;
      return { ...inner, start: token.start, end: close.end };
    }
    if (token.kind === 'end') return fail(token, '公式不完整');
    return fail(token, `此处需要数字、【项目】、函数或左括号，而不是「${text.slice(token.start, token.end)}」`);
  };

  const tree = parseComparison();
  if (peek().kind !== 'end') fail(peek(), `多余的内容「${text.slice(peek().start, peek().end)}」`);
  return tree;
}

/** The distinct item names a parsed formula refers to, in order of first appearance. */
export function collectReferences(node: FormulaNode, into: string[] = []): string[] {
  switch (node.kind) {
    case 'reference':
      if (!into.includes(node.name)) into.push(node.name);
      break;
    case 'negate':
      collectReferences(node.operand, into);
      break;
    case 'binary':
      collectReferences(node.left, into);
      collectReferences(node.right, into);
      break;
    case 'call':
      for (const arg of node.args) collectReferences(arg, into);
      break;
    case 'number':
      break;
  }
  return into;
}
