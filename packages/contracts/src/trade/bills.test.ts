import { describe, expect, it } from 'vitest';
import { BILL_ACTIONS, BILL_TRANSITIONS, findBillTransition, memberActions, type BillAction, type BillActor } from './bills.ts';

/**
 * The platform bill state machine, written out here a second time by hand (docs/trade.md): every
 * listed move is allowed to exactly those actors and leads where it says; every other (status,
 * action, actor) is refused with 「账单当前为「X」，不能Y」.
 */
const EXPECTED = `
  - generate job 1 fail 12
  12 retryGenerate member,operator 8
  8 finishGenerate job 1 fail 12
  1 release operator 2
  2 confirm member 3
  2 unlock member 5
  5 startUpdate job 9
  9 finishUpdate job 2 fail 11
  11 retryUpdate member,operator 9
  2 regenerate operator 8
  8 finishUpdate job 2 fail 10
  10 retryUpdate member,operator 8
  3 submitTransfer member 3
  6 submitTransfer member 6
  3 confirmTransfer operator 4
  6 confirmTransfer operator 4
  3 rejectTransfer operator 3
  6 rejectTransfer operator 6
  3 payCustody member,job 4
  6 payCustody member,job 4
  3 payOnline member 4
  6 payOnline member 4
  3 markOverdue job 6
  3 suspend operator 7
  6 suspend operator 7
  2 withdraw member,operator,job 7
  3 withdraw member,operator,job 7
  6 withdraw member,operator,job 7
  7 resume operator 3
`
  .trim()
  .split('\n')
  .map((l) => {
    const [from, action, who, to, , failTo] = l.trim().split(/\s+/);
    return { from: from === '-' ? null : Number(from), action: action as BillAction, who: who!.split(',') as BillActor[], to: Number(to), failTo: failTo ? Number(failTo) : undefined };
  });

const LABELS = ['审核中', '待确认', '待付款', '已付款', '已解锁', '已逾期', '已暂停', '更新中', '解锁更新中', '更新失败', '解锁更新失败', '生成失败'];
const ACTORS: BillActor[] = ['member', 'operator', 'job'];
const STATUSES = [null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

describe('platform bill transitions', () => {
  it('the table in code is the table written out here', () => {
    expect(BILL_TRANSITIONS.map((t) => ({ from: t.from, action: t.action, who: [...t.who], to: t.to, failTo: t.failTo }))).toEqual(EXPECTED);
  });

  it('allows each listed move to its actors only, and refuses every other with the status and the action named', () => {
    let refused = 0;
    for (const from of STATUSES)
      for (const action of Object.keys(BILL_ACTIONS) as BillAction[])
        for (const who of ACTORS) {
          const want = EXPECTED.find((e) => e.from === from && e.action === action && e.who.includes(who));
          const got = findBillTransition(from, action, who);
          if (want) {
            expect(got.ok, `${from} ${action} ${who}`).toBe(true);
            if (got.ok) expect([got.t.to, got.t.failTo]).toEqual([want.to, want.failTo]);
          } else {
            refused++;
            expect(got).toEqual({ ok: false, message: `账单当前为「${from === null ? '未生成' : LABELS[from - 1]}」，不能${BILL_ACTIONS[action]}` });
          }
        }
    expect(refused).toBeGreaterThan(500);
  });

  it('refuses something in every status, e.g. a paid bill cannot be confirmed or paid again', () => {
    for (const s of STATUSES.slice(1)) expect(findBillTransition(s, 'confirm', 'member').ok).toBe(s === 2);
    expect(findBillTransition(4, 'payOnline', 'member')).toEqual({ ok: false, message: '账单当前为「已付款」，不能在线支付' });
    expect(findBillTransition(1, 'release', 'member').ok).toBe(false);
  });

  it('offers members the buttons of their status', () => {
    expect(memberActions(2)).toEqual(['confirm', 'unlock']);
    expect(memberActions(3)).toEqual(['submitTransfer', 'payCustody', 'payOnline']);
    expect(memberActions(12)).toEqual(['retryGenerate']);
    expect(memberActions(4)).toEqual([]);
  });
});
