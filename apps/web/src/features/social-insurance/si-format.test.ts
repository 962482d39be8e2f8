import { describe, expect, it } from 'vitest';
import { applyStatusLabel, applyStatusTone, boundsText, createdId, deadlineText, insuredStatusTone, lateFeeTip, lineKey, lineKindCounts, lineRef, lineResultTone, reconcileState, submitConfirmText } from './si-format.ts';

describe('social-insurance formats', () => {
  it('gives each declaration status its tone and label', () => {
    expect([0, 1, 2, 3, 4].map(applyStatusTone)).toEqual(['pending', 'processing', 'warning', 'success', 'default']);
    expect(applyStatusLabel(2)).toBe('部分成功');
    expect(applyStatusLabel(null)).toBe('未办理');
    expect(applyStatusTone(null)).toBe('pending');
  });

  it('gives insurance statuses and line results their tones', () => {
    expect([1, 2, 3, 4].map(insuredStatusTone)).toEqual(['processing', 'success', 'warning', 'default']);
    expect([0, 1, 2].map(lineResultTone)).toEqual(['pending', 'success', 'error']);
  });

  it('says how far the deadline is', () => {
    expect(deadlineText(5)).toEqual({ text: '剩余5天', overdue: false });
    expect(deadlineText(0)).toEqual({ text: '今日截止', overdue: false });
    expect(deadlineText(-3)).toEqual({ text: '已逾期3天', overdue: true });
  });

  it('explains the late fee', () => {
    expect(lateFeeTip(12)).toBe('逾期12天，按日万分之五加收滞纳金');
    expect(lateFeeTip(null)).toBe('按日万分之五加收滞纳金');
  });

  it('shows policy bounds as money', () => {
    expect(boundsText('4462', '22311.5')).toBe('¥4,462.00 – ¥22,311.50');
    expect(boundsText(null, null)).toBe('未设置');
  });

  it('counts the lines to declare by kind and says so before submitting', () => {
    const lines = [
      { kind: 1 as const, dropped: false, employeeId: 1 },
      { kind: 4 as const, dropped: false, employeeId: 1 },
      { kind: 1 as const, dropped: false, employeeId: 2 },
      { kind: 2 as const, dropped: false, employeeId: 3 },
      { kind: 4 as const, dropped: true, employeeId: 4 },
    ];
    expect(lineKindCounts(lines)).toEqual({ 1: 2, 2: 1, 3: 0, 4: 1 });
    expect(submitConfirmText(lines)).toBe('本次申报共 4 条明细（3 人）：增员 2 条、减员 1 条、补缴 1 条（另有 1 条不申报）。提交后明细不能再修改，可导出申报文件到社保网站办理。');
    expect(submitConfirmText([])).toBe('没有需要申报的人员。');
  });

  it('names a line by its id once stored, by its proposal key before', () => {
    expect(lineRef(7, { id: 3, proposalKey: null })).toEqual({ applyId: 7, lineId: 3 });
    expect(lineRef(7, { id: null, proposalKey: 'join:12' })).toEqual({ applyId: 7, proposalKey: 'join:12' });
    expect(lineKey({ id: 3, proposalKey: null, employeeId: 1, kind: 1 })).toBe('l3');
    expect(lineKey({ id: null, proposalKey: 'join:12', employeeId: 1, kind: 1 })).toBe('pjoin:12');
  });

  it('reads the id of what a write created', () => {
    expect(createdId({ id: 4 })).toBe(4);
    expect(createdId({ applyId: 9 })).toBe(9);
    expect(createdId(null)).toBeNull();
  });

  it('says where a reconciliation stands', () => {
    expect(reconcileState(null, null)).toEqual({ text: '未对账', tone: 'pending' });
    expect(reconcileState(true, 0)).toEqual({ text: '对账一致', tone: 'success' });
    expect(reconcileState(false, 3)).toEqual({ text: '有差异 3', tone: 'error' });
  });
});
