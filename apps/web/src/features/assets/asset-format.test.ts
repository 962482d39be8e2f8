import { describe, expect, it } from 'vitest';
import { assetMoves, assetStatusTone, tabStatus } from './asset-format.ts';

describe('asset moves', () => {
  it.each([
    [1, ['edit', 'issue', 'repair', 'scrap']],
    [2, ['edit', 'return']],
    [3, ['edit', 'repaired', 'scrap']],
    [4, []],
  ])('status %i offers %j', (status, moves) => {
    expect(assetMoves(status)).toEqual(moves);
  });

  it('maps tabs to the status filter and statuses to tones', () => {
    expect(tabStatus('all')).toBeUndefined();
    expect(tabStatus('3')).toBe(3);
    expect([1, 2, 3, 4].map(assetStatusTone)).toEqual(['success', 'processing', 'warning', 'default']);
  });
});
