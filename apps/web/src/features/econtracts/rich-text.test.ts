import { describe, expect, it } from 'vitest';
import { paragraphsText, parseParagraphs } from './rich-text.ts';

describe('rich-text template text', () => {
  it('reads one paragraph a line with # headings, and writes it back', () => {
    const text = '# 劳动合同\n\n甲方：示例公司\r\n  乙方：张三  \n';
    const p = parseParagraphs(text);
    expect(p).toEqual([{ text: '劳动合同', heading: true, align: 'center' }, { text: '甲方：示例公司' }, { text: '乙方：张三' }]);
    expect(paragraphsText(p)).toBe('# 劳动合同\n甲方：示例公司\n乙方：张三');
    expect(parseParagraphs(' \n ')).toEqual([]);
    expect(paragraphsText(null)).toBe('');
  });
});
