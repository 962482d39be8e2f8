import { describe, expect, it } from 'vitest';
import { parseEntryParams, promoterCookie } from '../session/entry-query.ts';
import { promoterOfVisit } from './promoter.ts';

describe('promoterOfVisit', () => {
  const cookieOf = (search: string) => promoterCookie(parseEntryParams(search).promoter!, Date.now()).split(';')[0]!;

  it('reads the promoter the entry URL left in the cookie', () => {
    expect(promoterOfVisit(`a=1; ${cookieOf('?promoterId=P1&gwSource=mail&spreadType=2&emailCompany=%E6%9F%90%E5%85%AC%E5%8F%B8')}`)).toEqual({ promoterId: 'P1', gwSource: 'mail', spreadType: '2', emailCompany: '某公司' });
  });

  it('drops what the server would refuse, and answers null without a usable promoter', () => {
    expect(promoterOfVisit(cookieOf('?promoterId=P1&saleId=a%20b'))).toEqual({ promoterId: 'P1' });
    expect(promoterOfVisit(cookieOf('?promoterId=%3Cscript%3E'))).toBeNull();
    expect(promoterOfVisit('x=1')).toBeNull();
  });
});
