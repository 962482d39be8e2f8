import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { zCompanyCreate, zLogin } from '@wfsaas/contracts';
import { fieldLabel, formatZodError } from './validation.ts';

function messageFor(schema: z.ZodType, input: unknown) {
  const r = schema.safeParse(input, { reportInput: true });
  if (r.success) throw new Error('expected a failure');
  return formatZodError(schema, r.error);
}

describe('validation messages name the field in Chinese', () => {
  it('missing field', () => expect(messageFor(zLogin, { username: '13800000000' })).toBe('请填写密码'));
  it('wrong type', () => expect(messageFor(zLogin, { username: 13800000000, password: 'x' })).toBe('手机号格式不正确'));
  it('format with a Chinese reason', () => expect(messageFor(zLogin, { username: '123', password: 'x' })).toBe('手机号格式不正确，应为11位手机号'));
  it('too long', () => expect(messageFor(zLogin, { username: '13800000000', password: 'x'.repeat(200) })).toBe('密码不能超过128个字符'));
  it('refinement', () =>
    expect(messageFor(zCompanyCreate, { companyName: '某公司', creditCode: '91350100M000100Y44', contactName: '王', contactPhone: '13800000000' })).toBe(
      '统一社会信用代码不正确，请核对18位统一社会信用代码（校验位不符）',
    ));
  it('empty body', () => expect(messageFor(zLogin, undefined)).toBe('请求内容不能为空'));
  it('array items and numbers', () => {
    const s = z.object({ ids: z.array(z.number().int().positive().describe('编号')).min(1).describe('员工') });
    expect(messageFor(s, { ids: [] })).toBe('员工至少需要1项');
    expect(messageFor(s, { ids: [1, -2] })).toBe('员工第2项必须大于0');
    expect(fieldLabel(s, ['ids'])).toBe('员工');
  });
  it('enum values', () => {
    const s = z.object({ kind: z.enum(['dept', 'seal']).describe('类型') });
    expect(messageFor(s, { kind: 'x' })).toBe('类型取值无效');
  });
  it('unknown field with a strict schema', () => {
    const s = z.strictObject({ a: z.string().describe('名称') });
    expect(messageFor(s, { a: 'x', b: 1 })).toBe('不支持的字段：b');
  });
});
