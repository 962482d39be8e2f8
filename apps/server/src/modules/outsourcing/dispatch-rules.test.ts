import { describe, expect, it } from 'vitest';
import { dispatchRatio, placementEnd, postAllowed } from './dispatch-rules.ts';

describe('dispatchRatio', () => {
  it('refuses past 10 % with the figures', () => {
    expect(dispatchRatio({ ownHeadcount: 89, dispatched: 10, adding: 1 })).toEqual({
      dispatched: 11,
      total: 100,
      ratio: '0.1100',
      level: 'refuse',
      message: '派遣人数将达到11人，占用工总量100人的11.00%，超过10%的上限（劳务派遣暂行规定第四条）',
    });
  });

  it('allows exactly 10 % with a warning, and warns from 9 %', () => {
    expect(dispatchRatio({ ownHeadcount: 90, dispatched: 9, adding: 1 })).toMatchObject({ ratio: '0.1000', level: 'warn', total: 100 });
    expect(dispatchRatio({ ownHeadcount: 91, dispatched: 8, adding: 1 })).toMatchObject({ ratio: '0.0900', level: 'warn', message: '派遣人数将达到9人，占用工总量100人的9.00%，接近10%的上限（劳务派遣暂行规定第四条）' });
    expect(dispatchRatio({ ownHeadcount: 18, dispatched: 1, adding: 1 })).toMatchObject({ dispatched: 2, total: 20, ratio: '0.1000', level: 'warn' });
    expect(dispatchRatio({ ownHeadcount: 18, dispatched: 2, adding: 1 })).toMatchObject({ dispatched: 3, total: 21, ratio: '0.1429', level: 'refuse' });
  });

  it('is ok just under 9 % and rounds the ratio half up to four places', () => {
    // 8/89 = 0.08988…: under 9 %, though its percentage shows 8.99
    expect(dispatchRatio({ ownHeadcount: 81, dispatched: 8 })).toMatchObject({ ratio: '0.0899', level: 'ok', message: null });
    // 1/3 = 0.33333 and 2/3 = 0.66667
    expect(dispatchRatio({ ownHeadcount: 2, dispatched: 1 }).ratio).toBe('0.3333');
    expect(dispatchRatio({ ownHeadcount: 1, dispatched: 2 }).ratio).toBe('0.6667');
    // 1001 dispatched of 10010 is exactly 10 %: not past the cap
    expect(dispatchRatio({ ownHeadcount: 9009, dispatched: 1001 }).level).toBe('warn');
    expect(dispatchRatio({ ownHeadcount: 9008, dispatched: 1002 }).level).toBe('refuse');
  });

  it('states the current figures when nothing is added, and handles an empty workforce', () => {
    expect(dispatchRatio({ ownHeadcount: 8, dispatched: 2 }).message).toBe('派遣人数为2人，占用工总量10人的20.00%，超过10%的上限（劳务派遣暂行规定第四条）');
    expect(dispatchRatio({ ownHeadcount: 0, dispatched: 0 })).toEqual({ dispatched: 0, total: 0, ratio: '0.0000', level: 'ok', message: null });
    expect(dispatchRatio({ ownHeadcount: 0, dispatched: 0, adding: 1 }).level).toBe('refuse');
  });
});

describe('postAllowed', () => {
  it('lets dispatched workers fill only temporary, auxiliary or substitute posts', () => {
    expect(postAllowed(1, 'temporary')).toBe(true);
    expect(postAllowed(1, 'auxiliary')).toBe(true);
    expect(postAllowed(1, 'substitute')).toBe(true);
    expect(postAllowed(1, 'regular')).toBe(false);
    expect(postAllowed(1, null)).toBe(false);
    expect(postAllowed(2, 'regular')).toBe(true);
    expect(postAllowed(3, 'regular')).toBe(true);
  });
});

describe('placementEnd', () => {
  it('ends at the agreement end at the latest', () => {
    expect(placementEnd('2027-06-30', null)).toEqual({ endDate: '2027-06-30', error: null });
    expect(placementEnd('2027-06-30', '2027-06-30')).toEqual({ endDate: '2027-06-30', error: null });
    expect(placementEnd('2027-06-30', '2027-03-01')).toEqual({ endDate: '2027-03-01', error: null });
    expect(placementEnd('2027-06-30', '2027-07-01')).toEqual({ endDate: null, error: '派驻结束日期：不能晚于用工单位协议结束日期（2027-06-30）' });
  });
});
