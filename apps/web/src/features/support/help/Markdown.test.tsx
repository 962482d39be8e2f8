import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../app/session/storage.ts';
import { articleLink, parseArticleId, takeSavedArticleId } from './help-link.ts';
import { Markdown } from './Markdown.tsx';

const render = (source: string) => renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Markdown, { source })));

describe('article bodies', () => {
  it('renders the Markdown subset as elements', () => {
    const html = render('## 步骤\n1. 下载**模板**\n2. 上传 `xlsx`\n\n> 提示：先认证\n\n[帮助](/supportAndService?articleId=3) [官网](https://example.com)');
    expect(html).toContain('<h3>步骤</h3>');
    expect(html).toContain('<ol><li>下载<strong>模板</strong></li><li>上传 <code>xlsx</code></li></ol>');
    expect(html).toContain('<blockquote>提示：先认证</blockquote>');
    expect(html).toMatch(/<a href="\/supportAndService\?articleId=3"[^>]*>帮助<\/a>/);
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">官网</a>');
  });

  it('never turns a body into active HTML', () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [点我](javascript:alert(1)) [图](data:text/html,x) [外](//evil.example)');
    expect(html).not.toMatch(/<script|<img|href="javascript|href="data|href="\/\/evil/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; 点我 图 外');
  });
});

describe('article links', () => {
  it('builds the link, reads ids and takes the one saved at entry once', () => {
    expect(articleLink('https://hr.example.com', 12)).toBe('https://hr.example.com/supportAndService?articleId=12');
    expect(parseArticleId('12')).toBe(12);
    expect(parseArticleId('0')).toBeNull();
    expect(parseArticleId('12abc')).toBeNull();
    const session = createMemoryStorage({ articleId: '7' });
    expect(takeSavedArticleId(session)).toBe(7);
    expect(takeSavedArticleId(session)).toBeNull();
  });
});
