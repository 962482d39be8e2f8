import type { CompanyListEntry } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { decideCompanyEntry, filterCompanies } from './company-choice.ts';

const a: CompanyListEntry = { companyId: 1, companyName: '杭州云帆科技有限公司', logoUrl: null, isWb: 0 };
const b: CompanyListEntry = { companyId: 2, companyName: '上海启明人力资源有限公司', logoUrl: null, isWb: 1 };

describe('company choice', () => {
  it('no company → none; one → straight in; several → choose, last choice first', () => {
    expect(decideCompanyEntry([], null)).toEqual({ kind: 'none' });
    expect(decideCompanyEntry([a], 2)).toEqual({ kind: 'auto', company: a });
    expect(decideCompanyEntry([a, b], 2)).toEqual({ kind: 'choose', companies: [b, a], lastCompanyId: 2 });
    expect(decideCompanyEntry([a, b], 9)).toEqual({ kind: 'choose', companies: [a, b], lastCompanyId: null });
  });
  it('open invitations wait on the choice page, with no company or one', () => {
    expect(decideCompanyEntry([], null, 1)).toEqual({ kind: 'choose', companies: [], lastCompanyId: null });
    expect(decideCompanyEntry([a], 1, 2)).toEqual({ kind: 'choose', companies: [a], lastCompanyId: 1 });
  });
  it('search by name', () => {
    expect(filterCompanies([a, b], '启明')).toEqual([b]);
    expect(filterCompanies([a, b], '  ')).toEqual([a, b]);
    expect(filterCompanies([a, b], '北京')).toEqual([]);
  });
});
