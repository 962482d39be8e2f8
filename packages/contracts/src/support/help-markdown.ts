/**
 * The help centre's article bodies are Markdown, parsed here into a small tree that the web renders
 * as React elements (never as HTML): raw HTML in a body stays text, links keep only safe targets.
 * Supported: headings (#…####), paragraphs, - / 1. lists, > quotes, ``` code blocks, ---, **bold**,
 * *italic*, `code` and [text](link).
 */

export type MdInline =
  | { t: 'text'; v: string }
  | { t: 'strong'; c: MdInline[] }
  | { t: 'em'; c: MdInline[] }
  | { t: 'code'; v: string }
  | { t: 'link'; href: string; c: MdInline[] }
  | { t: 'br' };

export type MdBlock =
  | { t: 'h'; level: 1 | 2 | 3 | 4; c: MdInline[] }
  | { t: 'p'; c: MdInline[] }
  | { t: 'ul' | 'ol'; items: MdInline[][] }
  | { t: 'quote'; c: MdInline[] }
  | { t: 'code'; v: string }
  | { t: 'hr' };

/** Web links, mail links and the product's own paths; anything else (javascript:, data:, //host) is dropped. */
export function isSafeHref(href: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(href) || /^mailto:[^\s]+$/i.test(href) || /^\/(?![/\\])[^\s]*$/.test(href);
}

/** The index of the parenthesis closing a link target that starts at `from` (nested pairs allowed), or -1. */
function closingParen(s: string, from: number): number {
  let depth = 1;
  for (let k = from; k < s.length; k++) {
    if (s[k] === '(') depth++;
    else if (s[k] === ')' && --depth === 0) return k;
  }
  return -1;
}

export function parseInline(s: string): MdInline[] {
  const out: MdInline[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ t: 'text', v: buf });
    buf = '';
  };
  let i = 0;
  while (i < s.length) {
    const ch = s[i]!;
    if (ch === '\\' && i + 1 < s.length && /[\\`*_[\]()#>!-]/.test(s[i + 1]!)) {
      buf += s[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = s.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ t: 'code', v: s.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (s.startsWith('**', i)) {
      const end = s.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ t: 'strong', c: parseInline(s.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (ch === '*' && s[i + 1] !== ' ' && s[i + 1] !== '*') {
      const end = s.indexOf('*', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ t: 'em', c: parseInline(s.slice(i + 1, end)) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '[') {
      const mid = s.indexOf('](', i + 1);
      const end = mid > i ? closingParen(s, mid + 2) : -1;
      if (mid > i && end > mid) {
        flush();
        const href = s.slice(mid + 2, end).trim();
        const label = parseInline(s.slice(i + 1, mid));
        if (isSafeHref(href)) out.push({ t: 'link', href, c: label });
        else out.push(...label);
        i = end + 1;
        continue;
      }
    }
    buf += ch;
    i++;
  }
  flush();
  return out;
}

/** Lines joined inside one block keep their break. */
function inlineLines(lines: readonly string[]): MdInline[] {
  const out: MdInline[] = [];
  lines.forEach((l, i) => {
    if (i > 0) out.push({ t: 'br' });
    out.push(...parseInline(l.trim()));
  });
  return out;
}

const UL = /^\s*[-*+]\s+(.*)$/;
const OL = /^\s*\d{1,3}[.、)]\s+(.*)$/;

export function parseMarkdown(md: string): MdBlock[] {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (/^\s*```/.test(line)) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i]!)) body.push(lines[i++]!);
      i++;
      blocks.push({ t: 'code', v: body.join('\n') });
      continue;
    }
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    if (h) {
      blocks.push({ t: 'h', level: h[1]!.length as 1 | 2 | 3 | 4, c: parseInline(h[2]!.trim()) });
      i++;
      continue;
    }
    if (/^\s*(-{3,}|\*{3,})\s*$/.test(line)) {
      blocks.push({ t: 'hr' });
      i++;
      continue;
    }
    const list = UL.test(line) ? UL : OL.test(line) ? OL : null;
    if (list) {
      const items: MdInline[][] = [];
      while (i < lines.length && list.test(lines[i]!)) items.push(parseInline(list.exec(lines[i++]!)![1]!.trim()));
      blocks.push({ t: list === UL ? 'ul' : 'ol', items });
      continue;
    }
    if (/^\s*>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^\s*>/.test(lines[i]!)) body.push(lines[i++]!.replace(/^\s*>\s?/, ''));
      blocks.push({ t: 'quote', c: inlineLines(body) });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^(#{1,4})\s|^\s*```|^\s*>/.test(lines[i]!) && !UL.test(lines[i]!) && !OL.test(lines[i]!)) para.push(lines[i++]!);
    blocks.push({ t: 'p', c: inlineLines(para) });
  }
  return blocks;
}

function inlineText(c: readonly MdInline[]): string {
  return c.map((n) => (n.t === 'text' || n.t === 'code' ? n.v : n.t === 'br' ? ' ' : inlineText(n.c))).join('');
}

/** The words a reader sees, one block a line: what search indexes and what snippets are cut from. */
export function markdownToPlainText(md: string): string {
  return parseMarkdown(md)
    .map((b) => {
      switch (b.t) {
        case 'code':
          return b.v;
        case 'hr':
          return '';
        case 'ul':
        case 'ol':
          return b.items.map(inlineText).join('\n');
        default:
          return inlineText(b.c);
      }
    })
    .filter(Boolean)
    .join('\n');
}
