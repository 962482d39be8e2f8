import { EMPLOYEE_STATUS } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { confirmDateRefusal, extendProbationRefusal, onboardedStatus, pendingHireRefusal, quitRefusal, regularizeRefusal, rehireRefusal, reviewRefusal, transferRefusal, transferStillApplies, type EmployeeState } from './change-rules.ts';
import { addMonths } from '../../platform/china-date.ts';

/** The state machine of each change type: every employee status, allowed or refused, and why. */

const TODAY = '2026-06-15';
const { pending, probation, regular, leaving, left } = EMPLOYEE_STATUS;
const ALL = [pending, probation, regular, leaving, left];
const person = (status: number, over: Partial<EmployeeState> = {}): EmployeeState => ({ name: '张三', status, hireDate: '2026-03-01', probationEndDate: '2026-06-01', ...over });
const allowedFrom = (check: (status: number) => string | null) => ALL.filter((s) => check(s) === null);

describe('转正 (regularise)', () => {
  it('is allowed only on probation', () => {
    expect(allowedFrom((s) => regularizeRefusal(person(s), null, TODAY, TODAY))).toEqual([probation]);
    expect(regularizeRefusal(person(regular), null, TODAY, TODAY)).toBe('张三不在试用期，无法办理转正');
  });
  it('is refused while one waits, before the hire date and more than a year ahead', () => {
    expect(regularizeRefusal(person(probation), { effectiveDate: '2026-07-01' }, TODAY, TODAY)).toBe('张三已有待生效的转正（2026-07-01），请先取消或修改生效日期');
    expect(regularizeRefusal(person(probation), null, '2026-02-28', TODAY)).toBe('转正日期：不能早于入职日期（2026-03-01）');
    expect(regularizeRefusal(person(probation), null, '2027-06-17', TODAY)).toBe('转正日期：不能晚于一年之后');
    expect(regularizeRefusal(person(probation), null, '2026-03-01', TODAY)).toBeNull();
  });
});

describe('延长试用期 (extend probation)', () => {
  it('is allowed only on probation, later than now and within six months of hiring', () => {
    expect(allowedFrom((s) => extendProbationRefusal(person(s), null, '2026-07-01'))).toEqual([probation]);
    expect(extendProbationRefusal(person(probation), null, '2026-06-01')).toBe('试用期结束日期：应晚于当前的试用期结束日期（2026-06-01）');
    expect(extendProbationRefusal(person(probation), null, '2026-09-01')).toBeNull();
    expect(extendProbationRefusal(person(probation), null, '2026-09-02')).toMatch(/^试用期结束日期：试用期最长不得超过6个月/);
    expect(extendProbationRefusal(person(probation), { effectiveDate: '2026-07-01' }, '2026-07-15')).toMatch(/已有待生效的转正/);
  });
});

describe('调岗调薪 (transfer)', () => {
  it('is allowed on probation or regular, one waiting at a time', () => {
    expect(allowedFrom((s) => transferRefusal(person(s), null, TODAY, TODAY))).toEqual([probation, regular]);
    expect(transferRefusal(person(leaving), null, TODAY, TODAY)).toBe('张三不是在职员工（试用期或正式），无法调岗调薪');
    expect(transferRefusal(person(regular), { effectiveDate: '2026-07-01' }, TODAY, TODAY)).toMatch(/已有待生效的调岗调薪/);
  });
  it('applies on its date while the employee is still on the job, resigning included', () => {
    expect(ALL.filter(transferStillApplies)).toEqual([probation, regular, leaving]);
  });
});

describe('离职 (resign) and 再入职 (rehire)', () => {
  it('resigning is allowed on probation or regular, not twice', () => {
    expect(allowedFrom((s) => quitRefusal(person(s), null, TODAY, TODAY))).toEqual([probation, regular]);
    expect(quitRefusal(person(leaving), { effectiveDate: '2026-07-01' }, TODAY, TODAY)).toBe('张三已在办理离职（最后工作日2026-07-01），可修改最后工作日或取消');
    expect(quitRefusal(person(regular), null, '2026-02-01', TODAY)).toBe('最后工作日：不能早于入职日期（2026-03-01）');
  });
  it('rehiring is allowed only for a former employee, after the leave date', () => {
    expect(allowedFrom((s) => rehireRefusal(person(s), '2026-05-31', TODAY, TODAY))).toEqual([left]);
    expect(rehireRefusal(person(left), '2026-06-15', TODAY, TODAY)).toBe('再入职日期：应晚于离职日期（2026-06-15）');
  });
});

describe('入职 (onboard)', () => {
  it('confirming, discontinuing and cancelling are allowed only for a pending hire, on a date not in the future', () => {
    expect(allowedFrom((s) => pendingHireRefusal(person(s)))).toEqual([pending]);
    expect(confirmDateRefusal('2026-06-16', TODAY)).toBe('入职日期：确认入职时不能晚于今天');
    expect(confirmDateRefusal(TODAY, TODAY)).toBeNull();
  });
  it('starts on probation when a probation end follows the hire date, otherwise regular', () => {
    expect(onboardedStatus('2026-09-15', TODAY)).toBe(probation);
    expect(onboardedStatus(TODAY, TODAY)).toBe(regular);
    expect(onboardedStatus(null, TODAY)).toBe(regular);
  });
});

describe('date arithmetic', () => {
  it('adds months clamped to the month end', () => {
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
  });
});

describe('审批 (review of a change)', () => {
  it('approves or rejects only a change waiting for review', () => {
    const statuses = [
      [0, '待生效'],
      [1, '已生效'],
      [2, '已取消'],
      [3, '待审批'],
      [4, '已驳回'],
    ] as const;
    expect(statuses.filter(([s, label]) => reviewRefusal('张三', '转正', s, label) === null).map(([s]) => s)).toEqual([3]);
    expect(reviewRefusal('张三', '转正', 4, '已驳回')).toBe('张三的转正已驳回，只有待审批的异动可以审批');
  });
  it('refuses a second change of the type while one is under review, saying so', () => {
    const onProbation = { name: '张三', status: probation, hireDate: '2026-01-10', probationEndDate: '2026-07-10' };
    expect(regularizeRefusal(onProbation, { effectiveDate: '2026-07-10', status: 3 }, '2026-07-10', TODAY)).toBe('张三已有待审批的转正（2026-07-10），请等待审批或撤回后再办理');
    expect(regularizeRefusal(onProbation, { effectiveDate: '2026-07-10', status: 0 }, '2026-07-10', TODAY)).toBe('张三已有待生效的转正（2026-07-10），请先取消或修改生效日期');
    expect(quitRefusal({ ...onProbation, status: regular }, { effectiveDate: '2026-08-01', status: 3 }, '2026-08-01', TODAY)).toBe('张三已有待审批的离职（最后工作日2026-08-01），请等待审批或撤回后再办理');
  });
});
