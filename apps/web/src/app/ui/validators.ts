import { isValidUscc } from '@wfsaas/contracts';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Chinese validation messages shared by the forms; each returns null when the value is fine. */
export function validatePhone(value: string | undefined | null, label = '手机号'): string | null {
  const v = (value ?? '').trim();
  if (!v) return `请输入${label}`;
  if (!PHONE_PATTERN.test(v)) return `请输入正确的11位${label}`;
  return null;
}

export function validatePassword(value: string | undefined | null): string | null {
  if (!value) return '请输入密码';
  if (value.length > 128) return '密码不能超过128个字符';
  return null;
}

export function validateSmsCode(value: string | undefined | null): string | null {
  const v = (value ?? '').trim();
  if (!v) return '请输入验证码';
  if (!/^\d{6}$/.test(v)) return '验证码为6位数字';
  return null;
}

export function normalizeUscc(value: string | undefined | null): string {
  return (value ?? '').trim().toUpperCase();
}

/** The same check as the server (packages/contracts uscc.ts, GB 32100-2015 check character). */
export function validateUscc(value: string | undefined | null): string | null {
  const v = normalizeUscc(value);
  if (!v) return '请输入统一社会信用代码';
  if (v.length !== 18) return '统一社会信用代码应为18位';
  if (!isValidUscc(v)) return '统一社会信用代码不正确，请核对（校验位不符）';
  return null;
}

export function validateCompanyName(value: string | undefined | null): string | null {
  const v = (value ?? '').trim();
  if (!v) return '请输入企业名称';
  if (v.length < 2) return '企业名称至少2个字';
  if (v.length > 100) return '企业名称不能超过100个字';
  return null;
}

export function validateContactName(value: string | undefined | null): string | null {
  const v = (value ?? '').trim();
  if (!v) return '请输入联系人';
  if (v.length > 50) return '联系人不能超过50个字';
  return null;
}

/** Wraps a check that names what is wrong with a value (nothing when it is fine) as an antd Form rule. */
export function ruleFrom<T = string | undefined>(check: (v: T) => string | null | undefined) {
  return {
    validator: (_: unknown, value: T) => {
      const msg = check(value);
      return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
    },
  };
}
