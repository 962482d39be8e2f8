import { describe, expect, it } from 'vitest';
import { highlight, indexTokens, searchWords, snippet, toTsQuery } from './help-search.ts';

describe('help search tokens', () => {
  it('indexes Han text as characters and bigrams, other words lower-cased, punctuation dropped', () => {
    expect(indexTokens('合同续签，Excel导入2024年')).toBe('合 同 续 签 合同 同续 续签 excel 导 入 导入 2024 年');
    expect(indexTokens('税')).toBe('税');
  });

  it('queries a Han word by its bigrams, a single character as itself, other words as prefixes', () => {
    expect(toTsQuery('续签')).toBe('续签');
    expect(toTsQuery('合同续签')).toBe('合同 & 同续 & 续签');
    expect(toTsQuery('税 PDF')).toBe('税 & pdf:*');
    expect(toTsQuery('？！')).toBeNull();
    expect(toTsQuery("x' | !y")).toBe('x:* & y:*');
  });

  it('marks whole words, or a missing Han word by its bigrams', () => {
    expect(highlight('合同到期前如何续签', searchWords('续签'))).toEqual([
      { text: '合同到期前如何', hit: false },
      { text: '续签', hit: true },
    ]);
    expect(highlight('Excel 模板', searchWords('excel')).filter((s) => s.hit)).toEqual([{ text: 'Excel', hit: true }]);
    expect(highlight('合同续期与签署', searchWords('合同签署')).filter((s) => s.hit).map((s) => s.text)).toEqual(['合同', '签署']);
  });

  it('cuts a snippet around the first match of the first text that has one', () => {
    const long = `${'甲'.repeat(100)}个税${'乙'.repeat(100)}`;
    const s = snippet([long], ['个税'], 40);
    expect(s[0]).toEqual({ text: '…', hit: false });
    expect(s.at(-1)).toEqual({ text: '…', hit: false });
    expect(s.find((x) => x.hit)?.text).toBe('个税');
    expect(s.map((x) => x.text).join('').length).toBe(42);
    expect(snippet(['正文没有', '摘要里有个税'], ['个税']).map((x) => x.text).join('')).toBe('摘要里有个税');
    expect(snippet(['正文'], ['无关'])).toEqual([{ text: '正文', hit: false }]);
  });
});
