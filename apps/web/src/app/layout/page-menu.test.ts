import { describe, expect, it } from 'vitest';
import { crumbTitlesFor, menuRouteFor } from './page-menu.ts';

describe('a detail page under the menu entry of its record', () => {
  const pending = { routeName: 'esignContractDetail', parent: 'signContract' };

  it('highlights and breadcrumbs the entry the page names', () => {
    expect(menuRouteFor('esignContractDetail', pending)).toBe('signContract');
    expect(crumbTitlesFor('esignContractDetail', pending)).toEqual(['待签署', '电子合同详情']);
  });

  it('keeps the route table’s parent without an override, and for other routes', () => {
    expect(crumbTitlesFor('esignContractDetail', null)).toEqual(['已签署', '电子合同详情']);
    expect(menuRouteFor('esignContractDetail', null)).toBe('esignContractDetail');
    expect(menuRouteFor('contractDetail', pending)).toBe('contractDetail');
    expect(crumbTitlesFor('signedContract', pending)).toEqual(['已签署']);
  });
});
