import { describe, expect, it } from 'vitest';
import {
  chineseIdCardError,
  codeFromLabel,
  codeLabel,
  employeeNoSequence,
  EMPLOYMENT_TYPES,
  ETHNICITIES,
  formatEmployeeNo,
  FORM_DEFINITION_INVALID,
  gridSpan,
  idCardCheckChar,
  identityDocumentError,
  isImageFileName,
  isValidChineseIdCard,
  isValidFormDefinition,
  isValidHkMacaoTaiwanPass,
  isValidIsoDate,
  isValidPassportNumber,
  parseChineseIdCard,
  validateCustomFieldValues,
  zCheckUnique,
  zCustomFormSave,
  zEmployeeAdd,
  zEmployeeNoRule,
  zEmployeePageList,
  zEmployeeUpdate,
  zFormDefinition,
  type Widget,
} from './employees.ts';
import { maskId, maskPhone } from './masking.ts';

const NOW = new Date(2025, 5, 1);

/**
 * 11010519491231002X is the worked example of GB 11643-1999. The others were computed with the
 * standard's weights (2^(17-i) mod 11) independently of this code and checked by hand.
 */
const VALID_IDS = [
  ['11010519491231002X', '1949-12-31', 2],
  ['33010619900101123X', '1990-01-01', 1],
  ['440304200002290022', '2000-02-29', 2],
  ['310115198511154714', '1985-11-15', 1],
  ['510107197806300814', '1978-06-30', 1],
] as const;

describe('GB 11643-1999 resident ID numbers', () => {
  it.each(VALID_IDS)('%s is valid, born %s, gender %s', (id, birth, gender) => {
    expect(isValidChineseIdCard(id, NOW)).toBe(true);
    expect(parseChineseIdCard(id, NOW)).toEqual({ birthDate: birth, gender });
    expect(idCardCheckChar(id.slice(0, 17))).toBe(id[17]);
  });

  it('accepts a lower-case x and spaces', () => {
    expect(isValidChineseIdCard('11010519491231002x', NOW)).toBe(true);
    expect(parseChineseIdCard(' 110105 19491231 002x ', NOW)).toEqual({ birthDate: '1949-12-31', gender: 2 });
  });

  it.each([
    ['110105194912310021', '身份证号码校验位不正确'],
    ['330106199001011234', '身份证号码校验位不正确'],
    ['11010519491231002', '身份证号码格式不正确，应为18位'],
    ['11010519491231002XX', '身份证号码格式不正确，应为18位'],
    ['1101051949123100AX', '身份证号码格式不正确，应为18位'],
    ['000105194912310021', '身份证号码地区码不正确'],
    ['110105194902300021', '身份证号码中的出生日期不正确'],
    ['440304190002290022', '身份证号码中的出生日期不正确'],
    ['110105203001010021', '身份证号码中的出生日期不正确'],
    ['110105189912310021', '身份证号码中的出生日期不正确'],
  ])('%s → %s', (id, message) => {
    expect(chineseIdCardError(id, NOW)).toBe(message);
    expect(isValidChineseIdCard(id, NOW)).toBe(false);
    expect(parseChineseIdCard(id, NOW)).toBeNull();
  });

  it('rejects a birth date after today', () => {
    const first17 = '11010520250602001';
    const id = first17 + idCardCheckChar(first17);
    expect(chineseIdCardError(id, NOW)).toBe('身份证号码中的出生日期不正确');
    expect(isValidChineseIdCard(id, new Date(2025, 5, 2))).toBe(true);
  });

  it('check character of non-digits is null', () => {
    expect(idCardCheckChar('1101051949123100A')).toBeNull();
    expect(idCardCheckChar('123')).toBeNull();
  });
});

describe('passports and passes', () => {
  it.each(['E12345678', 'G12345678', 'e12345678', 'AB1234567', '12345'])('passport %s is valid', (v) => {
    expect(isValidPassportNumber(v)).toBe(true);
    expect(identityDocumentError(2, v)).toBeNull();
  });
  it.each(['E123', 'E123-45678', '护照12345', 'A'.repeat(18)])('passport %s is not', (v) => {
    expect(isValidPassportNumber(v)).toBe(false);
    expect(identityDocumentError(2, v)).toBe('护照号码格式不正确，应为5至17位字母或数字');
  });
  it.each(['H12345678', 'M1234567890', 'h12345678', '12345678', '1234567890', 'A123456789'])('pass %s is valid', (v) => {
    expect(isValidHkMacaoTaiwanPass(v)).toBe(true);
    expect(identityDocumentError(3, v)).toBeNull();
  });
  it.each(['H1234567', 'K12345678', 'HK12345678', '1234567', '123456789', 'AB12345678'])('pass %s is not', (v) => {
    expect(isValidHkMacaoTaiwanPass(v)).toBe(false);
    expect(identityDocumentError(3, v)).toBe('港澳台通行证号码格式不正确');
  });
  it('checks ID cards by type 1 and rejects unknown types', () => {
    expect(identityDocumentError(1, '11010519491231002X', NOW)).toBeNull();
    expect(identityDocumentError(1, '110105194912310021', NOW)).toBe('身份证号码校验位不正确');
    expect(identityDocumentError(1, 'E12345678', NOW)).toBe('身份证号码格式不正确，应为18位');
    expect(identityDocumentError(4, 'E12345678', NOW)).toBe('证件类型取值无效');
  });
});

describe('masking of employee identifiers', () => {
  it('masks ID numbers 6+4 and phones 3+4', () => {
    expect(maskId('11010519491231002X')).toBe('110105********002X');
    expect(maskId('6222021234567890123')).toBe('622202*********0123');
    expect(maskPhone('13912345678')).toBe('139****5678');
  });
});

describe('code tables', () => {
  it('has the 56 ethnic groups once each', () => {
    expect(ETHNICITIES).toHaveLength(56);
    expect(new Set(ETHNICITIES).size).toBe(56);
    expect(ETHNICITIES[0]).toBe('汉族');
  });
  it('maps codes and labels both ways', () => {
    expect(codeLabel(EMPLOYMENT_TYPES, 4)).toBe('劳务派遣');
    expect(codeLabel(EMPLOYMENT_TYPES, 99)).toBe('');
    expect(codeLabel(EMPLOYMENT_TYPES, null)).toBe('');
    expect(codeFromLabel(EMPLOYMENT_TYPES, ' 退休返聘 ')).toBe(6);
    expect(codeFromLabel(EMPLOYMENT_TYPES, '2')).toBe(2);
    expect(codeFromLabel(EMPLOYMENT_TYPES, '合同工')).toBeUndefined();
  });
  it('recognises images by extension', () => {
    for (const n of ['a.png', 'b.JPG', 'c.jpeg', 'd.bmp', 'e.gif', 'f.webp', 'g.psd', 'h.svg', 'i.tiff']) expect(isImageFileName(n)).toBe(true);
    for (const n of ['a.pdf', 'b.tif', 'png', '', null]) expect(isImageFileName(n)).toBe(false);
  });
  it('checks calendar dates', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
    expect(isValidIsoDate('2024-1-01')).toBe(false);
  });
});

const baseEmployee = {
  name: '张伟',
  mobile: '13912345678',
  idType: 1,
  idNumber: '11010519491231002x',
  departmentId: 3,
  employeeNo: 'YF0001',
  hireDate: '2024-03-01',
  employmentType: 1,
};

describe('employee schemas', () => {
  it('accepts the issue field names and normalises the ID number', () => {
    const r = zEmployeeAdd.parse({ ...baseEmployee, idType: '1', departmentId: '3', customFields: { a: 1 } });
    expect(r.idNumber).toBe('11010519491231002X');
    expect(r.idType).toBe(1);
    expect(r.departmentId).toBe(3);
  });
  it.each([
    ['name', { name: '' }, ['name']],
    ['mobile', { mobile: '1391234567' }, ['mobile']],
    ['idType', { idType: 5 }, ['idType']],
    ['hireDate', { hireDate: '2024-02-30' }, ['hireDate']],
    ['employmentType', { employmentType: 7 }, ['employmentType']],
    ['employeeNo', { employeeNo: '工号1' }, ['employeeNo']],
    ['bankAccount', { bankAccount: '1234' }, ['bankAccount']],
    ['ethnicity', { ethnicity: '火星族' }, ['ethnicity']],
    ['emergencyContact.phone', { emergencyContact: { name: '李', phone: 'abc' } }, ['emergencyContact', 'phone']],
  ])('rejects a bad %s', (_n, patch, path) => {
    const r = zEmployeeAdd.safeParse({ ...baseEmployee, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(path);
  });
  it('requires the core fields on add but not on update', () => {
    const r = zEmployeeAdd.safeParse({ name: '张伟' });
    expect(r.success).toBe(false);
    expect(zEmployeeUpdate.parse({ id: 5, mobile: '13912345678' })).toEqual({ id: 5, mobile: '13912345678' });
    expect(zEmployeeUpdate.parse({ id: 5, positionId: null })).toEqual({ id: 5, positionId: null });
  });
  it('gives page-list defaults (docs/product.md#client-conventions) and wraps single codes', () => {
    const r = zEmployeePageList.parse(undefined);
    expect(r).toMatchObject({ pageNum: 1, pageSize: 10, includeSubDepartments: true, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(zEmployeePageList.parse({ status: 1 }).status).toEqual([1]);
    expect(zEmployeePageList.safeParse({ pageSize: 501 }).success).toBe(false);
    expect(zEmployeePageList.safeParse({ sortBy: 'salary' }).success).toBe(false);
  });
  it('checkUnique takes the field, the value and the stored id', () => {
    expect(zCheckUnique.parse({ field: 'mobile', value: '13912345678', id: '7' })).toEqual({ field: 'mobile', value: '13912345678', id: 7 });
    expect(zCheckUnique.safeParse({ field: 'name', value: 'x' }).success).toBe(false);
  });
});

const widget = (w: Partial<Widget> & Pick<Widget, 'type' | 'key'>): Widget => ({ id: w.key, label: w.key, options: {}, ...w });

describe('form definitions', () => {
  const valid = { formConfig: { labelWidth: 100 }, widgetList: [widget({ type: 'input', key: 'school', label: '毕业院校' })] };

  it('is valid with formConfig and one widget; cols default 2 → span 12', () => {
    expect(isValidFormDefinition(valid)).toBe(true);
    const parsed = zFormDefinition.parse(valid);
    expect(parsed.formConfig?.cols).toBe(2);
    expect(gridSpan(parsed.formConfig?.cols)).toBe(12);
    expect(gridSpan(3)).toBe(8);
    expect(gridSpan(undefined)).toBe(12);
    expect(gridSpan(1)).toBe(24);
  });
  it.each([
    ['no formConfig', { widgetList: valid.widgetList }],
    ['no widgetList', { formConfig: {} }],
    ['an empty widgetList', { formConfig: {}, widgetList: [] }],
    ['nothing', {}],
  ])('is invalid with %s (docs/product.md#client-conventions message)', (_n, def) => {
    expect(isValidFormDefinition(def)).toBe(false);
    const r = zFormDefinition.safeParse(def);
    expect(r.error?.issues[0]?.message).toBe(FORM_DEFINITION_INVALID);
  });
  it('rejects duplicate keys, choice widgets without options, bad keys and types', () => {
    const dup = { formConfig: {}, widgetList: [widget({ type: 'input', key: 'a' }), { ...widget({ type: 'input', key: 'a' }), id: 'w2' }] };
    expect(zFormDefinition.safeParse(dup).error?.issues[0]?.message).toBe('字段标识重复：a');
    const noOpts = { formConfig: {}, widgetList: [widget({ type: 'select', key: 'level', label: '级别' })] };
    expect(zFormDefinition.safeParse(noOpts).error?.issues[0]?.message).toBe('选项至少需要一项（级别）');
    expect(isValidFormDefinition({ formConfig: {}, widgetList: [widget({ type: 'input', key: '1a' })] })).toBe(false);
    expect(isValidFormDefinition({ formConfig: {}, widgetList: [{ ...widget({ type: 'input', key: 'a' }), type: 'slider' }] })).toBe(false);
  });
  it('customForm/save takes the scene with the definition', () => {
    expect(zCustomFormSave.parse(valid).scene).toBe('employee');
    expect(zCustomFormSave.safeParse({ scene: 'employee' }).error?.issues[0]?.message).toBe(FORM_DEFINITION_INVALID);
  });
});

describe('validateCustomFieldValues', () => {
  const def = {
    widgetList: [
      widget({ type: 'input', key: 'school', label: '毕业院校', options: { required: true, maxLength: 10 } }),
      widget({ type: 'number', key: 'years', label: '工作年限', options: { min: 0, max: 60, precision: 1 } }),
      widget({ type: 'date', key: 'grad', label: '毕业日期' }),
      widget({ type: 'select', key: 'shirt', label: '工服尺码', options: { options: [{ label: '大号', value: 'L' }, { label: '中号', value: 'M' }] } }),
      widget({ type: 'multiSelect', key: 'langs', label: '外语', options: { options: [{ label: '英语', value: 1 }, { label: '日语', value: 2 }] } }),
      widget({ type: 'switch', key: 'car', label: '有车' }),
      widget({ type: 'phone', key: 'home', label: '家庭电话' }),
      widget({ type: 'email', key: 'mail2', label: '备用邮箱' }),
      widget({ type: 'idNumber', key: 'spouseId', label: '配偶身份证' }),
      widget({ type: 'image', key: 'cert', label: '证书照片' }),
    ],
  };

  it('accepts good values and normalises them', () => {
    const r = validateCustomFieldValues(def, {
      school: ' 浙江大学 ',
      years: '3.5',
      grad: '2015-06-30',
      shirt: '中号',
      langs: '英语、日语',
      car: '是',
      home: '0571-88888888',
      mail2: 'a@b.cn',
      spouseId: '11010519491231002x',
      cert: ['a'.repeat(32), ` ${'B'.repeat(32)} `],
      unknown: 'dropped',
    });
    expect(r).toEqual({
      ok: true,
      errors: [],
      values: { school: '浙江大学', years: 3.5, grad: '2015-06-30', shirt: 'M', langs: [1, 2], car: true, home: '0571-88888888', mail2: 'a@b.cn', spouseId: '11010519491231002X', cert: ['a'.repeat(32), 'b'.repeat(32)] },
    });
  });

  it.each([
    ['school', { school: '' }, '请填写毕业院校'],
    ['school', { school: '一二三四五六七八九十十一' }, '毕业院校不能超过10个字符'],
    ['school', { school: { x: 1 } }, '毕业院校应为文本'],
    ['years', { years: 'abc' }, '工作年限应为数字'],
    ['years', { years: 61 }, '工作年限不能大于60'],
    ['years', { years: -1 }, '工作年限不能小于0'],
    ['years', { years: 1.25 }, '工作年限最多1位小数'],
    ['grad', { grad: '2015-02-30' }, '毕业日期格式不正确，应为YYYY-MM-DD的有效日期'],
    ['shirt', { shirt: 'XL' }, '工服尺码取值无效，请从选项中选择'],
    ['langs', { langs: [1, 3] }, '外语取值无效，请从选项中选择'],
    ['car', { car: 'maybe' }, '有车应为是或否'],
    ['home', { home: '12345' }, '家庭电话格式不正确，应为手机号或座机号'],
    ['mail2', { mail2: 'not-mail' }, '备用邮箱格式不正确，应为邮箱地址'],
    ['spouseId', { spouseId: '110105194912310021' }, '配偶身份证：身份证号码校验位不正确'],
    ['cert', { cert: 'abc' }, '证书照片应为已上传文件'],
  ])('rejects a bad %s', (key, patch, message) => {
    const r = validateCustomFieldValues(def, { school: '浙大', ...patch });
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([{ key, label: def.widgetList.find((w) => w.key === key)!.label, message }]);
  });

  it('requires a required field on create but not when a partial update leaves it out', () => {
    expect(validateCustomFieldValues(def, {}).errors.map((e) => e.message)).toEqual(['请填写毕业院校']);
    expect(validateCustomFieldValues(def, {}, { partial: true }).ok).toBe(true);
    expect(validateCustomFieldValues(def, { school: null }, { partial: true }).ok).toBe(false);
    expect(validateCustomFieldValues(def, { school: 'x', years: null }, { partial: true }).values).toEqual({ school: 'x', years: null });
  });

  it('accepts anything when there is no definition, keeping nothing', () => {
    expect(validateCustomFieldValues(null, { a: 1 })).toEqual({ ok: true, errors: [], values: {} });
  });
});

describe('employee numbering (工号规则)', () => {
  it('pads the sequence to the width, growing past it', () => {
    expect(formatEmployeeNo({ prefix: 'YF', digits: 4 }, 1)).toBe('YF0001');
    expect(formatEmployeeNo({ prefix: 'YF', digits: 4 }, 201)).toBe('YF0201');
    expect(formatEmployeeNo({ prefix: '', digits: 3 }, 12345)).toBe('12345');
  });

  it('reads back only the rule’s own numbers', () => {
    const rule = { prefix: 'YF', digits: 4 };
    expect(employeeNoSequence(rule, 'YF0201')).toBe(201);
    expect(employeeNoSequence(rule, 'YF12345')).toBe(12345);
    expect(employeeNoSequence(rule, 'YF201')).toBeNull();
    expect(employeeNoSequence(rule, 'YF00201')).toBeNull();
    expect(employeeNoSequence(rule, 'QM0201')).toBeNull();
    expect(employeeNoSequence(rule, 'YF02A1')).toBeNull();
    expect(employeeNoSequence(rule, 'YF0000')).toBeNull();
  });

  it('checks the rule and lets a new record leave its number empty', () => {
    expect(zEmployeeNoRule.parse({ enabled: true, prefix: ' YF ', digits: '4' })).toEqual({ enabled: true, prefix: 'YF', digits: 4 });
    expect(zEmployeeNoRule.safeParse({ enabled: true, prefix: '云帆', digits: 4 }).error?.issues[0]?.path).toEqual(['prefix']);
    expect(zEmployeeNoRule.safeParse({ enabled: true, prefix: 'YF', digits: 0 }).error?.issues[0]?.path).toEqual(['digits']);
    expect(zEmployeeAdd.parse({ ...baseEmployee, employeeNo: '  ' }).employeeNo).toBeUndefined();
    expect(zEmployeeUpdate.safeParse({ id: 5, employeeNo: '' }).success).toBe(false);
  });
});
