import { describe, expect, it } from 'vitest';
import { outboxTone, unknownVariables, variablesRule } from './push-format.ts';

const vars = [
  { name: '员工姓名', param: 'name', sample: '张三' },
  { name: '链接', param: 'link', sample: 'https://x' },
];

describe('push template helpers', () => {
  it('names the variables an event does not declare', () => {
    expect(unknownVariables('{{员工姓名}} {{ 部门 }} {{链接}} {{部门}}', vars)).toEqual(['部门']);
    expect(unknownVariables(undefined, vars)).toEqual([]);
  });

  it('refuses unknown variables in a form field', async () => {
    await expect(variablesRule(vars).validator(null, '{{年份}}')).rejects.toThrow('不支持的变量：{{年份}}');
    await expect(variablesRule(vars).validator(null, '{{员工姓名}}')).resolves.toBeUndefined();
  });

  it('colours outbox statuses', () => {
    expect([0, 1, 2, 3].map(outboxTone)).toEqual(['processing', 'success', 'error', 'default']);
  });
});
