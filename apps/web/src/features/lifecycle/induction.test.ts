import { describe, expect, it } from 'vitest';
import { confirmDateHint, confirmDefaultDate } from './induction.ts';

const TODAY = '2026-03-10';

describe('确认入职 proposes the expected hire date', () => {
  it('the date the chosen hires share when it has come, today when it is still ahead', () => {
    expect(confirmDefaultDate([{ hireDate: '2026-03-02' }], TODAY)).toBe('2026-03-02');
    expect(confirmDefaultDate([{ hireDate: '2026-03-02' }, { hireDate: '2026-03-02' }], TODAY)).toBe('2026-03-02');
    expect(confirmDefaultDate([{ hireDate: TODAY }], TODAY)).toBe(TODAY);
    expect(confirmDefaultDate([{ hireDate: '2026-03-17' }], TODAY)).toBe(TODAY);
    expect(confirmDefaultDate([{ hireDate: null }], TODAY)).toBe(TODAY);
  });

  it('none for hires expected on different days (each is confirmed on its own)', () => {
    expect(confirmDefaultDate([{ hireDate: '2026-03-02' }, { hireDate: '2026-03-05' }], TODAY)).toBeNull();
  });

  it('tells the expected dates and what an empty date means', () => {
    expect(confirmDateHint([{ hireDate: '2026-03-02' }], '2026-03-02', TODAY)).toBe('预计入职日期 2026-03-02。有试用期结束日期的员工入职后为试用期，否则为正式。');
    expect(confirmDateHint([{ hireDate: '2026-03-17' }], TODAY, TODAY)).toBe('预计入职日期 2026-03-17，尚未到；提前到岗请选择实际入职日期（不能晚于今天）。有试用期结束日期的员工入职后为试用期，否则为正式。');
    expect(confirmDateHint([{ hireDate: '2026-03-05' }, { hireDate: '2026-03-02' }], null, TODAY)).toBe('预计入职日期 2026-03-02 至 2026-03-05。不填则按各自的预计入职日期确认；有试用期结束日期的员工入职后为试用期，否则为正式。');
  });
});
