import { describe, expect, it } from 'vitest';
import { itemOfMessage, newGroupDraft } from './group-draft.ts';
import { nextStepOf, runStepPath } from './run-steps.ts';

describe('nextStepOf', () => {
  it.each([
    [0, 'import'],
    [1, 'check'],
    [2, 'calculate'],
    [3, 'review'],
    [4, 'submit'],
    [5, 'submit'],
  ] as const)('status %i leads to %s', (status, step) => {
    expect(nextStepOf({ status })).toBe(step);
  });
  it('builds the step path of a run', () => {
    expect(runStepPath('check', 12)).toBe('/fzsxapp/checkDataIntegrity/12');
  });
});

describe('itemOfMessage', () => {
  const names = ['基本工资', '缺勤扣款', '实发工资'];
  it.each([
    ['工资项「缺勤扣款」的公式末尾有误：公式不完整', '缺勤扣款'],
    ['工资项「实发工资」引用了不存在的项目「奖金」', '实发工资'],
    ['公式循环引用：「基本工资」→「实发工资」→「基本工资」', '基本工资'],
    ['薪资组名称：不能为空', null],
    ['工资项「不存在」有误', null],
  ])('%s', (message, item) => {
    expect(itemOfMessage(message, names)).toBe(item);
  });
});

describe('newGroupDraft', () => {
  it('names existing items as gross and net, and references only its own items', () => {
    const d = newGroupDraft();
    const names = d.items.map((i) => i.name);
    expect(names).toContain(d.grossItem);
    expect(names).toContain(d.netItem);
    for (const i of d.items) for (const m of (i.formula ?? '').matchAll(/【([^】]+)】/g)) expect(names).toContain(m[1]);
  });
});
