import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { contractFilter, contractListDefaults, contractTabs, tabQuery } from './contract-list.ts';

describe('contract lists', () => {
  it('opens 待签署 on the company tab, 合同管理 on 全部, 已签署 without tabs', () => {
    expect(contractListDefaults('pending').tab).toBe('company');
    expect(contractListDefaults('manage').tab).toBe('all');
    expect(contractTabs('signed')).toEqual([]);
    expect(contractTabs('manage').map((t) => t.label)).toEqual(['全部', '待签署', '签署中', '已签署', '已撤回', '即将到期', '已中止', '已终止']);
  });

  it('turns a tab into its filter, an unknown one into the first', () => {
    expect(tabQuery('pending', 'company')).toEqual({ awaitingCompany: true });
    expect(tabQuery('pending', '1')).toEqual({ signStatus: 1 });
    expect(tabQuery('pending', 'all')).toEqual({ awaitingCompany: true });
    expect(tabQuery('manage', '5')).toEqual({ signStatus: 5 });
    expect(tabQuery('manage', 'all')).toEqual({});
    expect(tabQuery('signed', undefined)).toEqual({});
  });

  it('sends the query form as the page call wants it', () => {
    const f = contractFilter('signed', { keyword: '  张三 ', contractTypeId: 3, form: 2, complete: 0, signed: undefined, initiated: [dayjs('2026-01-05'), null] });
    expect(f).toEqual({ signStatus: 2, keyword: '张三', contractTypeId: 3, form: 2, complete: 0, signed: undefined, initiatedFrom: '2026-01-05', initiatedTo: undefined });
    expect(contractFilter('manage', { keyword: ' ' })).toMatchObject({ keyword: undefined, form: undefined });
  });
});
