import type { z } from 'zod';

/**
 * Turns a zod issue into a Chinese message naming the field. Field labels come from the schema's
 * `.describe('手机号')`; a field without one is named by its key.
 */
type AnySchema = z.ZodType;
type Def = { type: string; shape?: Record<string, AnySchema>; element?: AnySchema; innerType?: AnySchema; in?: AnySchema; out?: AnySchema; options?: AnySchema[] };

function defOf(schema: AnySchema): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

function childOf(schema: AnySchema, key: PropertyKey): AnySchema | undefined {
  let s: AnySchema | undefined = schema;
  for (let i = 0; i < 10 && s; i++) {
    const def = defOf(s);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        s = def.innerType;
        continue;
      case 'pipe':
        s = def.in;
        continue;
      case 'object':
        return def.shape?.[String(key)];
      case 'array':
        return def.element;
      case 'record':
        return undefined;
      default:
        return undefined;
    }
  }
  return undefined;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** The description of a schema, or of the schema it wraps (`zId('公司').optional()` is named 公司). */
function descriptionOf(schema: AnySchema | undefined): string | undefined {
  let s = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (s.description) return s.description;
    const def = defOf(s);
    s = WRAPPERS.has(def.type) ? def.innerType : def.type === 'pipe' ? def.in : undefined;
  }
  return undefined;
}

export function fieldLabel(root: AnySchema, path: readonly PropertyKey[]): string {
  let s: AnySchema | undefined = root;
  let label = '';
  for (const key of path) {
    s = s ? childOf(s, key) : undefined;
    const described = descriptionOf(s);
    if (typeof key === 'number') label = `${label}第${key + 1}项`;
    else label = described ?? String(key);
  }
  return label || '请求内容';
}

const CJK = /[\u4e00-\u9fff]/;

type Issue = z.core.$ZodIssue;

export function issueMessage(root: AnySchema, issue: Issue): string {
  const label = fieldLabel(root, issue.path);
  const input = (issue as { input?: unknown }).input;
  if (issue.path.length === 0 && issue.code === 'invalid_type' && (input === undefined || input === null)) return '请求内容不能为空';
  switch (issue.code) {
    case 'invalid_type':
      return input === undefined || input === null ? `请填写${label}` : `${label}格式不正确`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? `请填写${label}` : `${label}不能少于${min}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label}至少需要${min}项`;
      return issue.inclusive === false ? `${label}必须大于${min}` : `${label}不能小于${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${label}不能超过${max}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label}最多${max}项`;
      return issue.inclusive === false ? `${label}必须小于${max}` : `${label}不能大于${max}`;
    }
    case 'invalid_format':
      return CJK.test(issue.message) ? `${label}${issue.message}` : `${label}格式不正确`;
    case 'invalid_value':
      return `${label}取值无效`;
    case 'unrecognized_keys':
      return `不支持的字段：${issue.keys.join('、')}`;
    default:
      return CJK.test(issue.message) ? (issue.message.startsWith(label) ? issue.message : `${label}${issue.message}`) : `${label}格式不正确`;
  }
}

export function formatZodError(root: AnySchema, error: z.ZodError): string {
  return issueMessage(root, error.issues[0] as Issue);
}
