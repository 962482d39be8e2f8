import type { CityPolicy } from '../social-insurance.ts';

/*
 * Social-insurance and housing-fund policies in force during 2025 for 北京, 上海, 广州, 深圳 and 杭州.
 *
 * Plain data: users edit these figures and add cities (see README). Amounts are yuan per month,
 * rates are fractions ('0.16' = 16%). Every item names the notice its figures come from. Items
 * marked `verified: false` carry figures not yet checked against the published notice; `note`
 * says which. A city's latest policy is open-ended (`effectiveTo: null`): when the next annual
 * notice is published, set its last day and add the new policy from the day after.
 *
 * Work-injury rates vary by industry class and the employer's floating rate: the items ship the
 * industry class 1 base rate; set the employer's assessed rate through the calculation's
 * `options.rates.injury` or by editing the policy. Housing-fund rates default to the upper bound
 * of the permitted range; an employer's chosen rate goes through `options.rates.housingFund`.
 */

const BEIJING_SI_2024 = '北京市人力资源和社会保障局、北京市医疗保障局等《关于统一2024年度各项社会保险缴费工资基数上下限的通知》（2024年）';
const BEIJING_SI_2025 = '北京市人力资源和社会保障局、北京市医疗保障局等《关于统一2025年度各项社会保险缴费工资基数上下限的通知》（2025年）';
const BEIJING_HF_2024 = '北京住房公积金管理委员会《关于2024住房公积金年度住房公积金缴存有关问题的通知》（2024年）';
const BEIJING_HF_2025 = '北京住房公积金管理委员会《关于2025住房公积金年度住房公积金缴存有关问题的通知》（2025年）';
const SHANGHAI_SI_2024 = '上海市人力资源和社会保障局、上海市医疗保障局《关于调整2024年度本市职工社会保险缴费基数上下限的通知》（2024年）';
const SHANGHAI_SI_2025 = '上海市人力资源和社会保障局、上海市医疗保障局《关于调整2025年度本市职工社会保险缴费基数上下限的通知》（2025年）';
const SHANGHAI_HF_2024 = '上海市住房公积金管理委员会《关于2024年度上海市调整住房公积金缴存基数、比例以及月缴存额上下限的通知》（2024年）';
const SHANGHAI_HF_2025 = '上海市住房公积金管理委员会《关于2025年度上海市调整住房公积金缴存基数、比例以及月缴存额上下限的通知》（2025年）';
const GUANGDONG_SI_2024 = '广东省人力资源和社会保障厅、广东省税务局《关于公布2024年度社会保险缴费基数上下限的通知》（2024年）';
const GUANGZHOU_MEDICAL_2024 = '广州市医疗保障局《关于2024年度广州市职工医疗保险缴费基数上下限的通知》（2024年）';
const GUANGZHOU_HF_2024 = '广州住房公积金管理中心《关于2024年度住房公积金缴存基数调整的通知》（2024年）';
const SHENZHEN_SI_2024 = '深圳市人力资源和社会保障局、深圳市医疗保障局、国家税务总局深圳市税务局关于2024年度社会保险缴费基数的通告（2024年）';
const SHENZHEN_HF_2024 = '深圳市住房公积金管理中心《关于2024年度住房公积金缴存基数上下限的通知》（2024年）';
const ZHEJIANG_SI_2024 = '浙江省人力资源和社会保障厅、浙江省医疗保障局、国家税务总局浙江省税务局《关于公布2024年度社会保险缴费基数上下限的通知》（2024年）';
const HANGZHOU_HF_2024 = '杭州住房公积金管理委员会《关于2024年度杭州市住房公积金缴存基数和缴存比例的通知》（2024年）';

const INJURY_NOTE = '一类行业基准费率；实际费率按行业类别和浮动费率由社保经办机构核定，请按单位核定费率修改';

export const POLICIES_2025: readonly CityPolicy[] = [
  {
    city: '北京',
    effectiveFrom: '2024-07-01',
    effectiveTo: '2025-06-30',
    source: `${BEIJING_SI_2024}；${BEIJING_HF_2024}`,
    verified: false,
    items: [
      { key: 'pension', name: '养老保险', baseFloor: '6821', baseCeiling: '35283', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' }, source: BEIJING_SI_2024, verified: false, note: '基数上下限待核对' },
      { key: 'medical', name: '医疗保险（含生育）', baseFloor: '6821', baseCeiling: '35283', employerRate: '0.098', employeeRate: '0.02', employeeFixed: '3', rounding: { places: 2, mode: 'halfUp' }, source: BEIJING_SI_2024, verified: false, note: '单位9%医疗与0.8%生育合并；个人2%另加3元大额医疗互助资金。单位费率与基数上下限待核对' },
      { key: 'unemployment', name: '失业保险', baseFloor: '6821', baseCeiling: '35283', employerRate: '0.005', employeeRate: '0.005', rounding: { places: 2, mode: 'halfUp' }, source: BEIJING_SI_2024, verified: false, note: '基数上下限待核对' },
      { key: 'injury', name: '工伤保险', baseFloor: '6821', baseCeiling: '35283', employerRate: '0.002', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: BEIJING_SI_2024, verified: false, note: `${INJURY_NOTE}；基数上下限待核对` },
      { key: 'housingFund', name: '住房公积金', baseFloor: '2420', baseCeiling: '35283', employerRate: '0.12', employeeRate: '0.12', rateRange: { min: '0.05', max: '0.12' }, rounding: { places: 0, mode: 'halfUp' }, source: BEIJING_HF_2024, verified: false, note: '下限为北京市最低工资标准，上限为上年度职工月平均工资的3倍；月缴存额元以下四舍五入（35283×12%=4233.96→4234）。均待核对' },
    ],
  },
  {
    city: '北京',
    effectiveFrom: '2025-07-01',
    effectiveTo: null,
    source: `${BEIJING_SI_2025}；${BEIJING_HF_2025}`,
    verified: false,
    items: [
      { key: 'pension', name: '养老保险', baseFloor: '7162', baseCeiling: '35811', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' }, source: BEIJING_SI_2025, verified: false, note: '基数上下限待核对' },
      { key: 'medical', name: '医疗保险（含生育）', baseFloor: '7162', baseCeiling: '35811', employerRate: '0.098', employeeRate: '0.02', employeeFixed: '3', rounding: { places: 2, mode: 'halfUp' }, source: BEIJING_SI_2025, verified: false, note: '单位9%医疗与0.8%生育合并；个人2%另加3元大额医疗互助资金。单位费率与基数上下限待核对' },
      { key: 'unemployment', name: '失业保险', baseFloor: '7162', baseCeiling: '35811', employerRate: '0.005', employeeRate: '0.005', rounding: { places: 2, mode: 'halfUp' }, source: BEIJING_SI_2025, verified: false, note: '基数上下限待核对' },
      { key: 'injury', name: '工伤保险', baseFloor: '7162', baseCeiling: '35811', employerRate: '0.002', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: BEIJING_SI_2025, verified: false, note: `${INJURY_NOTE}；基数上下限待核对` },
      { key: 'housingFund', name: '住房公积金', baseFloor: '2540', baseCeiling: '35811', employerRate: '0.12', employeeRate: '0.12', rateRange: { min: '0.05', max: '0.12' }, rounding: { places: 0, mode: 'halfUp' }, source: BEIJING_HF_2025, verified: false, note: '下限为北京市最低工资标准（2540元自2025年9月1日起，此前2420元），上限为上年度职工月平均工资的3倍；月缴存额元以下四舍五入。均待核对' },
    ],
  },
  {
    city: '上海',
    effectiveFrom: '2024-07-01',
    effectiveTo: '2025-06-30',
    source: `${SHANGHAI_SI_2024}；${SHANGHAI_HF_2024}`,
    verified: false,
    items: [
      { key: 'pension', name: '养老保险', baseFloor: '7384', baseCeiling: '36921', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' }, source: SHANGHAI_SI_2024, verified: false, note: '基数上下限待核对' },
      { key: 'medical', name: '医疗保险（含生育）', baseFloor: '7384', baseCeiling: '36921', employerRate: '0.10', employeeRate: '0.02', rounding: { places: 2, mode: 'halfUp' }, source: SHANGHAI_SI_2024, verified: false, note: '单位费率含生育保险1%；单位费率与基数上下限待核对' },
      { key: 'unemployment', name: '失业保险', baseFloor: '7384', baseCeiling: '36921', employerRate: '0.005', employeeRate: '0.005', rounding: { places: 2, mode: 'halfUp' }, source: SHANGHAI_SI_2024, verified: false, note: '基数上下限待核对' },
      { key: 'injury', name: '工伤保险', baseFloor: '7384', baseCeiling: '36921', employerRate: '0.0016', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: SHANGHAI_SI_2024, verified: false, note: `${INJURY_NOTE}；0.16%及基数上下限待核对` },
      { key: 'housingFund', name: '住房公积金', baseFloor: '2690', baseCeiling: '36921', employerRate: '0.07', employeeRate: '0.07', rateRange: { min: '0.05', max: '0.07' }, rounding: { places: 0, mode: 'halfUp' }, source: SHANGHAI_HF_2024, verified: false, note: '下限为上海市最低工资标准；单位和个人月缴存额分别计算，元以下四舍五入（补充公积金不在此项）。上下限及舍入方式待核对' },
    ],
  },
  {
    city: '上海',
    effectiveFrom: '2025-07-01',
    effectiveTo: null,
    source: `${SHANGHAI_SI_2025}；${SHANGHAI_HF_2025}`,
    verified: false,
    items: [
      { key: 'pension', name: '养老保险', baseFloor: '7460', baseCeiling: '37302', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' }, source: SHANGHAI_SI_2025, verified: false, note: '基数上下限待核对' },
      { key: 'medical', name: '医疗保险（含生育）', baseFloor: '7460', baseCeiling: '37302', employerRate: '0.10', employeeRate: '0.02', rounding: { places: 2, mode: 'halfUp' }, source: SHANGHAI_SI_2025, verified: false, note: '单位费率含生育保险1%；单位费率与基数上下限待核对' },
      { key: 'unemployment', name: '失业保险', baseFloor: '7460', baseCeiling: '37302', employerRate: '0.005', employeeRate: '0.005', rounding: { places: 2, mode: 'halfUp' }, source: SHANGHAI_SI_2025, verified: false, note: '基数上下限待核对' },
      { key: 'injury', name: '工伤保险', baseFloor: '7460', baseCeiling: '37302', employerRate: '0.0016', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: SHANGHAI_SI_2025, verified: false, note: `${INJURY_NOTE}；0.16%及基数上下限待核对` },
      { key: 'housingFund', name: '住房公积金', baseFloor: '2740', baseCeiling: '37302', employerRate: '0.07', employeeRate: '0.07', rateRange: { min: '0.05', max: '0.07' }, rounding: { places: 0, mode: 'halfUp' }, source: SHANGHAI_HF_2025, verified: false, note: '下限为上海市最低工资标准；单位和个人月缴存额分别计算，元以下四舍五入（补充公积金不在此项）。上下限及舍入方式待核对' },
    ],
  },
  {
    city: '广州',
    effectiveFrom: '2024-07-01',
    effectiveTo: null,
    source: `${GUANGDONG_SI_2024}；${GUANGZHOU_MEDICAL_2024}；${GUANGZHOU_HF_2024}`,
    verified: false,
    items: [
      { key: 'pension', name: '养老保险', baseFloor: '4588', baseCeiling: '27501', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' }, source: GUANGDONG_SI_2024, verified: false, note: '广东省统一基数上下限；单位费率与基数上下限待核对。2025年度通知公布后请新增政策' },
      { key: 'medical', name: '医疗保险', baseFloor: '5500', baseCeiling: '27501', employerRate: '0.055', employeeRate: '0.02', rounding: { places: 2, mode: 'halfUp' }, source: GUANGZHOU_MEDICAL_2024, verified: false, note: '费率与基数上下限待核对' },
      { key: 'unemployment', name: '失业保险', baseFloor: '2300', baseCeiling: '27501', employerRate: '0.008', employeeRate: '0.002', rounding: { places: 2, mode: 'halfUp' }, source: GUANGDONG_SI_2024, verified: false, note: '下限为广州市最低工资标准（2025年3月1日起2500元）；费率与基数上下限待核对' },
      { key: 'injury', name: '工伤保险', baseFloor: '2300', baseCeiling: '27501', employerRate: '0.002', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: GUANGDONG_SI_2024, verified: false, note: `${INJURY_NOTE}；基数上下限待核对` },
      { key: 'maternity', name: '生育保险', baseFloor: '5500', baseCeiling: '27501', employerRate: '0.0085', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: GUANGZHOU_MEDICAL_2024, verified: false, note: '费率与基数上下限待核对' },
      { key: 'housingFund', name: '住房公积金', baseFloor: '2300', baseCeiling: '38082', employerRate: '0.12', employeeRate: '0.12', rateRange: { min: '0.05', max: '0.12' }, rounding: { places: 2, mode: 'halfUp' }, source: GUANGZHOU_HF_2024, verified: false, note: '下限为广州市最低工资标准，上限为上年度职工月平均工资的3倍；上下限及舍入方式待核对' },
    ],
  },
  {
    city: '深圳',
    effectiveFrom: '2024-07-01',
    effectiveTo: null,
    source: `${SHENZHEN_SI_2024}；${SHENZHEN_HF_2024}`,
    verified: false,
    items: [
      { key: 'pension', name: '养老保险', baseFloor: '4492', baseCeiling: '27501', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' }, source: SHENZHEN_SI_2024, verified: false, note: '按广东省统一基数上下限；单位费率与基数上下限待核对（地方补充养老保险未包含）。2025年度通告公布后请新增政策' },
      { key: 'medical', name: '医疗保险（一档）', baseFloor: '8238', baseCeiling: '41190', employerRate: '0.05', employeeRate: '0.02', rounding: { places: 2, mode: 'halfUp' }, source: SHENZHEN_SI_2024, verified: false, note: '基本医疗保险一档；二档、三档请另建政策或修改费率。费率与基数上下限待核对' },
      { key: 'unemployment', name: '失业保险', baseFloor: '2360', baseCeiling: '41190', employerRate: '0.008', employeeRate: '0.002', rounding: { places: 2, mode: 'halfUp' }, source: SHENZHEN_SI_2024, verified: false, note: '下限为深圳市最低工资标准；费率与基数上下限待核对' },
      { key: 'injury', name: '工伤保险', baseFloor: '2360', baseCeiling: '41190', employerRate: '0.002', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: SHENZHEN_SI_2024, verified: false, note: `${INJURY_NOTE}；基数上下限待核对` },
      { key: 'maternity', name: '生育保险', baseFloor: '8238', baseCeiling: '41190', employerRate: '0.005', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: SHENZHEN_SI_2024, verified: false, note: '费率与基数上下限待核对' },
      { key: 'housingFund', name: '住房公积金', baseFloor: '2360', baseCeiling: '41190', employerRate: '0.12', employeeRate: '0.12', rateRange: { min: '0.05', max: '0.12' }, rounding: { places: 2, mode: 'halfUp' }, source: SHENZHEN_HF_2024, verified: false, note: '下限为深圳市最低工资标准，上限为上年度在岗职工月平均工资的3倍；上下限及舍入方式待核对' },
    ],
  },
  {
    city: '杭州',
    effectiveFrom: '2024-07-01',
    effectiveTo: null,
    source: `${ZHEJIANG_SI_2024}；${HANGZHOU_HF_2024}`,
    verified: false,
    items: [
      { key: 'pension', name: '养老保险', baseFloor: '4462', baseCeiling: '24930', employerRate: '0.16', employeeRate: '0.08', rounding: { places: 2, mode: 'halfUp' }, source: ZHEJIANG_SI_2024, verified: false, note: '浙江省统一基数上下限待核对。2025年度通知公布后请新增政策' },
      { key: 'medical', name: '医疗保险（含生育）', baseFloor: '4462', baseCeiling: '24930', employerRate: '0.095', employeeRate: '0.02', rounding: { places: 2, mode: 'halfUp' }, source: ZHEJIANG_SI_2024, verified: false, note: '单位费率含生育保险；费率与基数上下限待核对' },
      { key: 'unemployment', name: '失业保险', baseFloor: '4462', baseCeiling: '24930', employerRate: '0.005', employeeRate: '0.005', rounding: { places: 2, mode: 'halfUp' }, source: ZHEJIANG_SI_2024, verified: false, note: '基数上下限待核对' },
      { key: 'injury', name: '工伤保险', baseFloor: '4462', baseCeiling: '24930', employerRate: '0.002', employeeRate: '0', rounding: { places: 2, mode: 'halfUp' }, source: ZHEJIANG_SI_2024, verified: false, note: `${INJURY_NOTE}；基数上下限待核对` },
      { key: 'housingFund', name: '住房公积金', baseFloor: '2280', baseCeiling: '38390', employerRate: '0.12', employeeRate: '0.12', rateRange: { min: '0.05', max: '0.12' }, rounding: { places: 2, mode: 'halfUp' }, source: HANGZHOU_HF_2024, verified: false, note: '下限为杭州市最低工资标准（2025年起2490元），上限为上年度职工月平均工资的3倍；上下限及舍入方式待核对' },
    ],
  },
];
