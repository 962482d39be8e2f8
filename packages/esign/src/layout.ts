import type { PDFFont } from 'pdf-lib';

/** Punctuation a Chinese line must not start with (it hangs at the end of the previous line). */
const NO_LINE_START = new Set([...'，。、；：？！）》」』】〕〉”’…—·%‰,.;:?!)]}']);
/** Punctuation a Chinese line must not end with (it moves down with the next character). */
const NO_LINE_END = new Set([...'（《「『【〔〈“‘([{']);

export type LaidLine = { text: string; width: number; /** the last line of its paragraph (never justified) */ isLast: boolean };

/** Measures text with one font at one size, remembering each token's width. */
export class TextMeasure {
  private readonly cache = new Map<string, number>();

  constructor(
    readonly font: PDFFont,
    readonly size: number,
  ) {}

  width(token: string): number {
    let w = this.cache.get(token);
    if (w === undefined) {
      w = this.font.widthOfTextAtSize(token, this.size);
      this.cache.set(token, w);
    }
    return w;
  }

  widthOf(tokens: string[]): number {
    let w = 0;
    for (const t of tokens) w += this.width(t);
    return w;
  }
}

/**
 * Splits text into break units: each CJK character (and every other non-Latin character) alone,
 * runs of Latin letters and digits kept whole so a word or an amount is never cut, spaces alone.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let word = '';
  for (const ch of text) {
    if (/[A-Za-z0-9@#&_\-+'/]/.test(ch) || (word !== '' && /[.,:%]/.test(ch))) {
      word += ch;
      continue;
    }
    if (word) {
      tokens.push(word);
      word = '';
    }
    tokens.push(ch);
  }
  if (word) tokens.push(word);
  return tokens;
}

/**
 * Greedy line breaking by width, per character for Chinese (pdf-lib alone would only break at
 * spaces). Closing punctuation hangs past the right edge rather than starting a line; opening
 * punctuation moves down with the character it opens. `\n` forces a break.
 */
export function wrapText(text: string, maxWidth: number, measure: TextMeasure, firstLineIndent = 0): LaidLine[] {
  const lines: LaidLine[] = [];
  const hardLines = text.replace(/\r\n?/g, '\n').split('\n');
  hardLines.forEach((hard, hardIndex) => {
    let line: string[] = [];
    let indent = hardIndex === 0 ? firstLineIndent : 0;
    const flush = (isLast: boolean) => {
      while (line.length > 0 && line[line.length - 1] === ' ') line.pop();
      lines.push({ text: line.join(''), width: measure.widthOf(line), isLast });
      line = [];
      indent = 0;
    };
    const pending = tokenize(hard.replace(/\t/g, ' '));
    for (let i = 0; i < pending.length; i++) {
      const token = pending[i]!;
      if (line.length === 0 && token === ' ' && lines.length > 0 && indent === 0) continue;
      const available = maxWidth - indent;
      const tokenWidth = measure.width(token);
      if (measure.widthOf(line) + tokenWidth <= available + 0.01) {
        line.push(token);
        continue;
      }
      if (line.length > 0 && NO_LINE_START.has(token)) {
        line.push(token);
        continue;
      }
      if (line.length === 0) {
        // A single word wider than the line: cut it by character.
        const chars = [...token];
        let part = '';
        for (const ch of chars) {
          if (part && measure.width(part + ch) > available) {
            line.push(part);
            flush(false);
            part = '';
          }
          part += ch;
        }
        line.push(part);
        continue;
      }
      const carried: string[] = [];
      while (line.length > 1 && NO_LINE_END.has(line[line.length - 1]!)) carried.unshift(line.pop()!);
      flush(false);
      line.push(...carried);
      i -= 1; // place the token again on the fresh line
    }
    flush(true);
  });
  return lines;
}
