import { describe, expect, it } from 'vitest';
import { awaiting, decide, displayStatus, MSG, type ContractState } from './econtract-transitions.ts';
import { addDays } from '../../platform/china-date.ts';

const now = { today: '2026-11-25', at: new Date('2026-11-25T08:00:00Z') };
const base: ContractState = { status: 0, form: 1, signOrder: 1, companySigned: false, employeeSigned: false, deadline: '2026-12-01', lastUrgedAt: null };
const st = (over: Partial<ContractState>): ContractState => ({ ...base, ...over });

describe('contract transitions', () => {
  it('company first: the employee waits for the company; company signing moves pending → signing → signed', () => {
    expect(decide(base, 'employeeSign', now)).toEqual({ ok: false, message: MSG.waitCompany });
    expect(decide(base, 'companySign', now)).toEqual({ ok: true, next: 1 });
    expect(decide(st({ status: 1, companySigned: true }), 'employeeSign', now)).toEqual({ ok: true, next: 2 });
    expect(decide(st({ status: 1, companySigned: true }), 'companySign', now)).toEqual({ ok: false, message: MSG.companyAlready });
  });

  it('employee first: the company waits for the employee', () => {
    const s = st({ signOrder: 2 });
    expect(decide(s, 'companySign', now)).toEqual({ ok: false, message: MSG.waitEmployee });
    expect(decide(s, 'employeeSign', now)).toEqual({ ok: true, next: 1 });
    expect(decide(st({ signOrder: 2, status: 1, employeeSigned: true }), 'companySign', now)).toEqual({ ok: true, next: 2 });
    expect(decide(st({ signOrder: 2, status: 1, employeeSigned: true }), 'employeeSign', now)).toEqual({ ok: false, message: MSG.employeeAlready });
  });

  it('both at once: either party may sign first', () => {
    const s = st({ signOrder: 3 });
    expect(decide(s, 'companySign', now)).toEqual({ ok: true, next: 1 });
    expect(decide(s, 'employeeSign', now)).toEqual({ ok: true, next: 1 });
    expect(awaiting(s)).toBe('both');
  });

  it('no signing after the deadline, nor of a paper contract', () => {
    expect(decide(st({ deadline: '2026-11-24' }), 'companySign', now)).toEqual({ ok: false, message: MSG.pastDeadline });
    expect(decide(st({ form: 2 }), 'companySign', now)).toEqual({ ok: false, message: MSG.electronicOnly });
  });

  it('withdraw: only before completion', () => {
    expect(decide(base, 'withdraw', now)).toEqual({ ok: true, next: 3 });
    expect(decide(st({ status: 1, companySigned: true }), 'withdraw', now)).toEqual({ ok: true, next: 3 });
    expect(decide(st({ status: 2 }), 'withdraw', now)).toEqual({ ok: false, message: '合同已完成签署，不能撤回' });
    expect(decide(st({ status: 3 }), 'withdraw', now)).toEqual({ ok: false, message: MSG.withdrawn });
    expect(decide(st({ status: 6 }), 'withdraw', now)).toEqual({ ok: false, message: MSG.ended });
  });

  it('suspend and resume: resume goes back to pending or signing', () => {
    expect(decide(base, 'suspend', now)).toEqual({ ok: true, next: 5 });
    expect(decide(st({ status: 2 }), 'suspend', now)).toEqual({ ok: false, message: '合同已完成签署，不能中止' });
    expect(decide(st({ status: 5 }), 'suspend', now)).toEqual({ ok: false, message: MSG.suspended });
    expect(decide(st({ status: 5 }), 'resume', now)).toEqual({ ok: true, next: 0 });
    expect(decide(st({ status: 5, companySigned: true }), 'resume', now)).toEqual({ ok: true, next: 1 });
    expect(decide(base, 'resume', now)).toEqual({ ok: false, message: MSG.notSuspended });
    expect(decide(st({ status: 5 }), 'companySign', now)).toEqual({ ok: false, message: MSG.suspended });
  });

  it('end: signed or suspended contracts only', () => {
    expect(decide(st({ status: 2 }), 'end', now)).toEqual({ ok: true, next: 6 });
    expect(decide(st({ status: 5 }), 'end', now)).toEqual({ ok: true, next: 6 });
    expect(decide(base, 'end', now)).toEqual({ ok: false, message: MSG.notCompleted });
    expect(decide(st({ status: 6 }), 'end', now)).toEqual({ ok: false, message: MSG.ended });
  });

  it('urge: once an hour, only when it is the employee’s turn', () => {
    expect(decide(base, 'urge', now)).toEqual({ ok: false, message: MSG.urgeNotTurn });
    const turn = st({ status: 1, companySigned: true });
    expect(decide(turn, 'urge', now)).toEqual({ ok: true, next: 1 });
    expect(decide({ ...turn, lastUrgedAt: new Date(now.at.getTime() - 30 * 60_000) }, 'urge', now)).toEqual({ ok: false, message: MSG.urgeTooSoon });
    expect(decide({ ...turn, lastUrgedAt: new Date(now.at.getTime() - 61 * 60_000) }, 'urge', now)).toEqual({ ok: true, next: 1 });
    expect(decide(st({ status: 1, employeeSigned: true, signOrder: 2 }), 'urge', now)).toEqual({ ok: false, message: MSG.urgeSigned });
  });

  it('paper contracts are marked signed; electronic ones cannot be', () => {
    expect(decide(st({ form: 2 }), 'paperSigned', now)).toEqual({ ok: true, next: 2 });
    expect(decide(base, 'paperSigned', now)).toEqual({ ok: false, message: MSG.paperOnly });
    expect(decide(st({ form: 2, status: 3 }), 'paperSigned', now)).toEqual({ ok: false, message: MSG.withdrawn });
  });

  it('about to expire is derived from the term end', () => {
    expect(displayStatus(2, addDays(now.today, 10), now.today)).toBe(4);
    expect(displayStatus(2, addDays(now.today, 31), now.today)).toBe(2);
    expect(displayStatus(2, addDays(now.today, -1), now.today)).toBe(2);
    expect(displayStatus(1, addDays(now.today, 10), now.today)).toBe(1);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});
