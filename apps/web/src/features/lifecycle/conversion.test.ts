import type { EmployeeChangeView } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { changeSummary, defaultProbationEnd, contractTerm, daysLeftText, daysLeftTone, defaultEffectiveDate, handoverTone, renewalDefaults, transferBody, transferDetails } from './conversion.ts';

const change = (over: Partial<EmployeeChangeView>): EmployeeChangeView => ({
  id: 1,
  employeeId: 2,
  type: 'regularize',
  typeLabel: '转正',
  status: 1,
  statusLabel: '已生效',
  effectiveDate: '2026-03-01',
  before: {},
  after: {},
  early: false,
  remark: null,
  createdByName: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  appliedAt: null,
  cancelledAt: null,
  reviewRemark: null,
  form: [],
  ...over,
});

describe('conversion screen rules', () => {
  it('words and colours the days left', () => {
    expect(daysLeftText(3)).toBe('还剩 3 天');
    expect(daysLeftText(0)).toBe('今天到期');
    expect(daysLeftText(-5)).toBe('已逾期 5 天');
    expect(daysLeftText(null)).toBe('—');
    expect([daysLeftTone(-1), daysLeftTone(0), daysLeftTone(7), daysLeftTone(8)]).toEqual(['error', 'warning', 'warning', 'processing']);
  });

  it('proposes the probation end, or today once it has passed', () => {
    expect(defaultEffectiveDate({ probationEndDate: '2026-12-01' }, '2026-11-25')).toBe('2026-12-01');
    expect(defaultEffectiveDate({ probationEndDate: '2026-11-01' }, '2026-11-25')).toBe('2026-11-25');
    expect(defaultEffectiveDate({ probationEndDate: null }, '2026-11-25')).toBe('2026-11-25');
  });

  it('summarises a change for the timeline', () => {
    expect(changeSummary(change({ early: true, after: { status: 2, salary: '12000.00' } }))).toBe('转正 · 2026-03-01 · 已生效（提前转正） · 转正后薪资 ¥12,000.00');
    expect(changeSummary(change({ type: 'extendProbation', typeLabel: '延长试用期', before: { probationEndDate: '2026-04-01' }, after: { probationEndDate: '2026-05-01' } }))).toBe(
      '延长试用期 · 2026-03-01 · 已生效 · 试用期结束日期 2026-04-01 → 2026-05-01',
    );
  });

  it('lists what a transfer changed, field by field, money formatted', () => {
    const c = change({
      type: 'transfer',
      typeLabel: '调岗调薪',
      before: { departmentId: 1, departmentName: '前端组', workLocation: '杭州', salary: null },
      after: { departmentId: 2, departmentName: '后端组', workLocation: '上海', salary: '18000.00' },
    });
    expect(transferDetails(c)).toEqual(['部门：前端组 → 后端组', '工作地点：杭州 → 上海', '月基本工资：— → ¥18,000.00']);
    expect(changeSummary(c)).toBe('调岗调薪 · 2026-03-01 · 已生效 · 部门：前端组 → 后端组 · 工作地点：杭州 → 上海 · 月基本工资：— → ¥18,000.00');
  });

  it('sends only what differs from the current placement; a cleared position is sent as null', () => {
    const current = {
      employeeId: 7, name: '甲', status: 2, hireDate: '2020-01-01', departmentId: 1, departmentName: '前端组', positionId: 3, positionName: '前端工程师',
      rankId: null, rankName: null, costCenterId: 5, costCenterName: '研发', workLocation: '杭州', salary: '10000.00', waiting: null,
    };
    const same = { effectiveDate: '2026-12-01', reason: 1, departmentId: 1, positionId: 3, rankId: null, costCenterId: 5, workLocation: '杭州 ', salary: 10000 };
    expect(transferBody(same, current)).toEqual({ employeeId: 7, effectiveDate: '2026-12-01', reason: 1, remark: undefined });
    expect(transferBody({ ...same, departmentId: 2, positionId: null, salary: 12000.5, remark: ' 晋升 ' }, current)).toEqual({
      employeeId: 7, effectiveDate: '2026-12-01', reason: 1, remark: '晋升', departmentId: 2, positionId: null, salary: '12000.50',
    });
  });

  it('colours the handover status', () => {
    expect([handoverTone(0), handoverTone(1), handoverTone(2)]).toEqual(['pending', 'processing', 'success']);
  });

  it('words a contract term and proposes a renewal of the same length from the day after the end', () => {
    expect(contractTerm({ startDate: '2023-01-01', endDate: '2025-12-31' })).toBe('2023-01-01 至 2025-12-31');
    expect(contractTerm({ startDate: '2023-01-01', endDate: null })).toBe('2023-01-01 起，无固定期限');
    expect(renewalDefaults({ type: 1, startDate: '2023-01-01', endDate: '2025-12-31' })).toEqual({ type: 1, startDate: '2026-01-01', endDate: '2028-12-31' });
    expect(renewalDefaults({ type: 1, startDate: '2025-03-15', endDate: '2026-03-14' })).toEqual({ type: 1, startDate: '2026-03-15', endDate: '2027-03-14' });
  });

  it('summarises renewals and contract changes for the timeline', () => {
    expect(changeSummary(change({ type: 'renew', typeLabel: '合同续签', after: { typeLabel: '无固定期限劳动合同', startDate: '2026-01-01', endDate: null } }))).toBe(
      '合同续签 · 2026-03-01 · 已生效 · 新合同：无固定期限劳动合同，2026-01-01 起，无固定期限',
    );
    expect(changeSummary(change({ type: 'contractChange', typeLabel: '合同变更', before: { typeLabel: '固定期限劳动合同', endDate: '2026-12-31' }, after: { typeLabel: '固定期限劳动合同', endDate: '2027-06-30', content: '延长期限' } }))).toBe(
      '合同变更 · 2026-03-01 · 已生效 · 结束日期：2026-12-31 → 2027-06-30 · 延长期限',
    );
  });
});

describe('the default probation', () => {
  it('adds the company default to the hire date, clamped to the month end, and proposes none for 0 months', () => {
    expect(defaultProbationEnd('2026-01-15', 3)).toBe('2026-04-15');
    expect(defaultProbationEnd('2025-11-30', 3)).toBe('2026-02-28');
    expect(defaultProbationEnd('2026-01-15', 0)).toBeNull();
    expect(defaultProbationEnd(null, 3)).toBeNull();
  });
});
