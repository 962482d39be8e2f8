import { describeValue, formatMoney, parseMoney, parseRate, PayrollDecimal, ZERO, type Dec, type RoundingMode } from './decimal.ts';
import { PayrollInputError } from './errors.ts';

/** pension 养老, medical 医疗 (含生育 where merged), unemployment 失业, injury 工伤, maternity 生育, housingFund 住房公积金. */
export type ContributionItemKey = 'pension' | 'medical' | 'unemployment' | 'injury' | 'maternity' | 'housingFund';

export const CONTRIBUTION_ITEM_KEYS: readonly ContributionItemKey[] = ['pension', 'medical', 'unemployment', 'injury', 'maternity', 'housingFund'];

/**
 * How one side's contribution (base × rate) is rounded before any fixed add-on: `places` kept
 * (2 = to the cent, 1 = to the jiao, 0 = to the yuan) and `mode` ('halfUp' 四舍五入, 'up' 进位 away
 * from zero, 'down' 舍去).
 */
export type RoundingRule = { readonly places: 0 | 1 | 2; readonly mode: 'halfUp' | 'up' | 'down' };

/**
 * One contribution item of a city policy. Amounts are decimal strings; rates are fractions
 * ('0.16' = 16%).
 */
export type ContributionItemPolicy = {
  readonly key: ContributionItemKey;
  /** Chinese name shown to users, e.g. '养老保险' or '医疗保险（含生育）'. */
  readonly name: string;
  /** Lowest monthly contribution base; a lower base is raised to it. */
  readonly baseFloor: string;
  /** Highest monthly contribution base; a higher base is lowered to it. */
  readonly baseCeiling: string;
  /** Employer rate; where `rateRange` is set, the default the employer may change within it. */
  readonly employerRate: string;
  readonly employeeRate: string;
  /** The bounds within which an employer picks its rates (the housing fund's 5%–12%). */
  readonly rateRange?: { readonly min: string; readonly max: string };
  /** Fixed monthly amounts added after rounding, e.g. Beijing's 3 yuan 大额医疗互助 on the employee's medical. */
  readonly employerFixed?: string;
  readonly employeeFixed?: string;
  readonly rounding: RoundingRule;
  /** Issuing bureau, notice title and year of the figures. */
  readonly source: string;
  /** false while any figure of the item has not been checked against the published notice. */
  readonly verified: boolean;
  readonly note?: string;
};

/** One city's social-insurance and housing-fund policy for a period. */
export type CityPolicy = {
  /** City name as users write it: '北京', '上海', … */
  readonly city: string;
  /** First day in force, 'YYYY-MM-DD'. */
  readonly effectiveFrom: string;
  /** Last day in force, inclusive, 'YYYY-MM-DD'; null while open-ended. */
  readonly effectiveTo: string | null;
  /** Summary of the notices the figures come from; each item names its own. */
  readonly source: string;
  /** false while any item is unverified. */
  readonly verified: boolean;
  readonly items: readonly ContributionItemPolicy[];
};

export type RateOverride = { employer?: string; employee?: string };

export type SocialInsuranceOptions = {
  /** A different base per item (e.g. the housing fund on another base); `base` covers the rest. */
  bases?: Partial<Record<ContributionItemKey, string>>;
  /** The employer's own rates, e.g. a 7% housing fund or its industry's injury rate; within `rateRange` where the item has one. */
  rates?: Partial<Record<ContributionItemKey, RateOverride>>;
  /** Only these items (e.g. no pension for a re-employed retiree); default every item of the policy. */
  items?: readonly ContributionItemKey[];
};

export type ContributionLine = {
  key: ContributionItemKey;
  name: string;
  /** The base actually used: the given base clamped to the item's floor and ceiling. */
  base: string;
  employerRate: string;
  employeeRate: string;
  employer: string;
  employee: string;
};

export type ContributionTotals = { employer: string; employee: string; total: string };

export type SocialInsuranceResult = {
  city: string;
  items: ContributionLine[];
  /** Every social-insurance item (not the housing fund). */
  socialInsurance: ContributionTotals;
  housingFund: ContributionTotals;
  /** Everything; `totals.employee` is the 专项扣除 of the month's wage tax. */
  totals: ContributionTotals;
};

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function isValidDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

type ParsedItem = {
  source: ContributionItemPolicy;
  floor: Dec;
  ceiling: Dec;
  employerRate: Dec;
  employeeRate: Dec;
  range: { min: Dec; max: Dec } | null;
  employerFixed: Dec;
  employeeFixed: Dec;
  roundingMode: RoundingMode;
};

const ROUNDING_MODES: Record<RoundingRule['mode'], RoundingMode> = {
  halfUp: PayrollDecimal.ROUND_HALF_UP,
  up: PayrollDecimal.ROUND_UP,
  down: PayrollDecimal.ROUND_DOWN,
};

function parseItem(item: ContributionItemPolicy, index: number, city: string): ParsedItem {
  const path = `items[${index}]`;
  if (typeof item !== 'object' || item === null) throw new PayrollInputError(path, `${city}社保政策的第${index + 1}个险种必须是对象`);
  if (!CONTRIBUTION_ITEM_KEYS.includes(item.key)) {
    throw new PayrollInputError(`${path}.key`, `${city}社保政策的第${index + 1}个险种类型无效：${describeValue(item.key)}`);
  }
  const name = typeof item.name === 'string' && item.name.trim() !== '' ? item.name : item.key;
  const label = `${city}${name}`;
  const floor = parseMoney(item.baseFloor, `${path}.baseFloor`, `${label}的缴费基数下限`);
  const ceiling = parseMoney(item.baseCeiling, `${path}.baseCeiling`, `${label}的缴费基数上限`);
  if (floor.greaterThan(ceiling)) throw new PayrollInputError(`${path}.baseFloor`, `${label}的缴费基数下限不能高于上限`);
  const employerRate = parseRate(item.employerRate, `${path}.employerRate`, `${label}的单位缴费比例`);
  const employeeRate = parseRate(item.employeeRate, `${path}.employeeRate`, `${label}的个人缴费比例`);
  let range: ParsedItem['range'] = null;
  if (item.rateRange !== undefined) {
    const min = parseRate(item.rateRange.min, `${path}.rateRange.min`, `${label}的最低缴存比例`);
    const max = parseRate(item.rateRange.max, `${path}.rateRange.max`, `${label}的最高缴存比例`);
    if (min.greaterThan(max)) throw new PayrollInputError(`${path}.rateRange`, `${label}的最低缴存比例不能高于最高缴存比例`);
    range = { min, max };
  }
  const rounding: unknown = item.rounding;
  const places = typeof rounding === 'object' && rounding !== null ? (rounding as Record<string, unknown>).places : undefined;
  const mode = typeof rounding === 'object' && rounding !== null ? (rounding as Record<string, unknown>).mode : undefined;
  if ((places !== 0 && places !== 1 && places !== 2) || (mode !== 'halfUp' && mode !== 'up' && mode !== 'down')) {
    throw new PayrollInputError(`${path}.rounding`, `${label}的舍入规则无效：保留位数只能是0（元）、1（角）或2（分），方式只能是四舍五入、进位或舍去`);
  }
  return {
    source: item,
    floor,
    ceiling,
    employerRate,
    employeeRate,
    range,
    employerFixed: item.employerFixed === undefined ? ZERO : parseMoney(item.employerFixed, `${path}.employerFixed`, `${label}的单位固定缴费额`),
    employeeFixed: item.employeeFixed === undefined ? ZERO : parseMoney(item.employeeFixed, `${path}.employeeFixed`, `${label}的个人固定缴费额`),
    roundingMode: ROUNDING_MODES[mode],
  };
}

type ParsedPolicy = { city: string; items: ParsedItem[] };

function parsePolicy(policy: CityPolicy): ParsedPolicy {
  if (typeof policy !== 'object' || policy === null) throw new PayrollInputError('policy', '社保公积金政策必须是对象');
  if (typeof policy.city !== 'string' || policy.city.trim() === '') throw new PayrollInputError('city', '社保公积金政策的城市不能为空');
  const { city } = policy;
  if (!isValidDate(policy.effectiveFrom)) throw new PayrollInputError('effectiveFrom', `${city}社保公积金政策的生效日期必须是YYYY-MM-DD格式的有效日期`);
  if (policy.effectiveTo !== null && !isValidDate(policy.effectiveTo)) {
    throw new PayrollInputError('effectiveTo', `${city}社保公积金政策的失效日期必须是YYYY-MM-DD格式的有效日期，或留空表示长期有效`);
  }
  if (policy.effectiveTo !== null && policy.effectiveTo < policy.effectiveFrom) {
    throw new PayrollInputError('effectiveTo', `${city}社保公积金政策的失效日期不能早于生效日期`);
  }
  if (!Array.isArray(policy.items)) throw new PayrollInputError('items', `${city}社保公积金政策的险种列表必须是数组`);
  const items = policy.items.map((item, index) => parseItem(item, index, city));
  const seen = new Set<ContributionItemKey>();
  for (const [index, item] of items.entries()) {
    if (seen.has(item.source.key)) throw new PayrollInputError(`items[${index}].key`, `${city}社保公积金政策中险种「${item.source.name}」重复`);
    seen.add(item.source.key);
  }
  return { city, items };
}

/**
 * Checks a city policy (for instance one a user edited) and throws a PayrollInputError with a
 * Chinese message naming the first bad field: dates, floor above ceiling, rates outside 0–1, an
 * unknown item or rounding rule, a repeated item.
 */
export function validateCityPolicy(policy: CityPolicy): void {
  parsePolicy(policy);
}

function sumTotals(lines: readonly { employer: Dec; employee: Dec }[]): ContributionTotals {
  const employer = lines.reduce((sum, line) => sum.plus(line.employer), ZERO);
  const employee = lines.reduce((sum, line) => sum.plus(line.employee), ZERO);
  return { employer: formatMoney(employer), employee: formatMoney(employee), total: formatMoney(employer.plus(employee)) };
}

function chooseRate(item: ParsedItem, override: unknown, side: 'employer' | 'employee', city: string): Dec {
  const label = `${city}${item.source.name}的${side === 'employer' ? '单位' : '个人'}缴费比例`;
  const policyRate = side === 'employer' ? item.employerRate : item.employeeRate;
  if (override === undefined) return policyRate;
  const rate = parseRate(override, `options.rates.${item.source.key}.${side}`, label);
  if (item.range && (rate.lessThan(item.range.min) || rate.greaterThan(item.range.max))) {
    throw new PayrollInputError(
      `options.rates.${item.source.key}.${side}`,
      `${label}必须在${item.range.min.times(100).toString()}%到${item.range.max.times(100).toString()}%之间`,
    );
  }
  return rate;
}

/**
 * Monthly social-insurance and housing-fund contributions for one employee under a city policy.
 * For each item: the base is clamped to the item's floor and ceiling; each side's contribution is
 * base × rate, rounded by the item's rule, plus its fixed add-on. All amounts are decimal strings
 * with two places.
 *
 * @param policy the city policy in force (see findPolicy); users may edit or add policies
 * @param base the employee's monthly contribution base before clamping
 * @throws PayrollInputError for an invalid policy, base or option
 */
export function calculateSocialInsurance(policy: CityPolicy, base: string, options: SocialInsuranceOptions = {}): SocialInsuranceResult {
  const parsed = parsePolicy(policy);
  const defaultBase = parseMoney(base, 'base', '缴费基数');
  if (typeof options !== 'object' || options === null) throw new PayrollInputError('options', '社保计算选项必须是对象');
  const wanted = options.items;
  if (wanted !== undefined) {
    if (!Array.isArray(wanted)) throw new PayrollInputError('options.items', '参保险种必须是数组');
    for (const key of wanted) {
      if (!parsed.items.some((item) => item.source.key === key)) {
        throw new PayrollInputError('options.items', `${parsed.city}社保公积金政策中没有险种：${describeValue(key)}`);
      }
    }
  }
  const lines: (ContributionLine & { employerAmount: Dec; employeeAmount: Dec })[] = [];
  for (const item of parsed.items) {
    const { key, name } = item.source;
    if (wanted !== undefined && !wanted.includes(key)) continue;
    const ownBase = options.bases?.[key];
    const given = ownBase === undefined ? defaultBase : parseMoney(ownBase, `options.bases.${key}`, `${name}缴费基数`);
    const clamped = given.lessThan(item.floor) ? item.floor : given.greaterThan(item.ceiling) ? item.ceiling : given;
    const override = options.rates?.[key];
    const employerRate = chooseRate(item, override?.employer, 'employer', parsed.city);
    const employeeRate = chooseRate(item, override?.employee, 'employee', parsed.city);
    const places = item.source.rounding.places;
    const employer = clamped.times(employerRate).toDecimalPlaces(places, item.roundingMode).plus(item.employerFixed);
    const employee = clamped.times(employeeRate).toDecimalPlaces(places, item.roundingMode).plus(item.employeeFixed);
    lines.push({
      key,
      name,
      base: formatMoney(clamped),
      employerRate: employerRate.toString(),
      employeeRate: employeeRate.toString(),
      employer: formatMoney(employer),
      employee: formatMoney(employee),
      employerAmount: employer,
      employeeAmount: employee,
    });
  }
  const amounts = (rows: typeof lines) => rows.map((line) => ({ employer: line.employerAmount, employee: line.employeeAmount }));
  return {
    city: parsed.city,
    items: lines.map(({ employerAmount: _employer, employeeAmount: _employee, ...line }) => line),
    socialInsurance: sumTotals(amounts(lines.filter((line) => line.key !== 'housingFund'))),
    housingFund: sumTotals(amounts(lines.filter((line) => line.key === 'housingFund'))),
    totals: sumTotals(amounts(lines)),
  };
}

/**
 * The policy of `city` in force on `date` ('YYYY-MM-DD'; for a payroll month use its first day).
 *
 * @throws PayrollInputError when the date is invalid, no policy covers it, or several do
 */
export function findPolicy(policies: readonly CityPolicy[], city: string, date: string): CityPolicy {
  if (!isValidDate(date)) throw new PayrollInputError('date', `查询社保政策的日期必须是YYYY-MM-DD格式的有效日期，收到：${describeValue(date)}`);
  const matches = policies.filter(
    (policy) => policy.city === city && policy.effectiveFrom <= date && (policy.effectiveTo === null || date <= policy.effectiveTo),
  );
  if (matches.length === 0) throw new PayrollInputError('city', `未找到${city}在${date}有效的社保公积金政策，请先添加该城市的政策`);
  if (matches.length > 1) throw new PayrollInputError('city', `${city}在${date}有${matches.length}条有效的社保公积金政策，生效期间不能重叠`);
  return matches[0];
}
