import type { HelpSegment } from '@wfsaas/contracts';

/**
 * Full-text search for Chinese without a segmenter or extension (docs/help-centre.md#search): text is
 * cut into runs of Han characters and runs of other letters and digits; a Han run is indexed as its
 * characters and character bigrams, another run as the lower-cased word. PostgreSQL's `simple`
 * configuration then stores each space-separated token as a lexeme, on PGlite and on a server alike.
 */

const HAN = /\p{Script=Han}/u;
const WORD = /[\p{L}\p{N}]/u;
const MAX_WORD = 40;
const MAX_QUERY_TERMS = 24;

type Run = { han: boolean; s: string };

function runs(text: string): Run[] {
  const out: Run[] = [];
  let cur: Run | null = null;
  for (const ch of text) {
    const han = HAN.test(ch);
    if (!han && !WORD.test(ch)) {
      cur = null;
      continue;
    }
    if (cur && cur.han === han) cur.s += ch;
    else out.push((cur = { han, s: ch }));
  }
  return out;
}

function hanTokens(s: string, unigrams: boolean): string[] {
  const chars = [...s];
  if (chars.length === 1) return chars;
  const out = unigrams ? [...chars] : [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/** The tokens a text is indexed under, space-separated, for to_tsvector('simple', …). */
export function indexTokens(text: string): string {
  const out: string[] = [];
  for (const r of runs(text)) {
    if (r.han) out.push(...hanTokens(r.s, true));
    else out.push(r.s.toLowerCase().slice(0, MAX_WORD));
  }
  return out.join(' ');
}

/** The words the user typed, lower-cased: what results highlight. */
export function searchWords(keyword: string): string[] {
  return [...new Set(runs(keyword).map((r) => (r.han ? r.s : r.s.toLowerCase().slice(0, MAX_WORD))))];
}

/**
 * The tsquery text of a search (all terms must match): a Han word of two or more characters as its
 * bigrams, a single character as itself, another word as a prefix. Null when nothing is searchable.
 * The terms hold only letters, digits and Han characters, so they need no quoting.
 */
export function toTsQuery(keyword: string): string | null {
  const terms = new Set<string>();
  for (const r of runs(keyword)) {
    if (r.han) for (const t of hanTokens(r.s, false)) terms.add(t);
    else terms.add(`${r.s.toLowerCase().slice(0, MAX_WORD)}:*`);
  }
  const list = [...terms].slice(0, MAX_QUERY_TERMS);
  return list.length ? list.join(' & ') : null;
}

/** Which characters of `text` to mark: each whole word, or for a Han word absent whole, its bigrams. */
function marks(text: string, words: readonly string[]): boolean[] {
  const lower = text.toLowerCase();
  const hay = lower.length === text.length ? lower : text;
  const marked = new Array<boolean>(text.length).fill(false);
  const markAll = (needle: string): boolean => {
    if (!needle) return false;
    let found = false;
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
      for (let k = at; k < at + needle.length; k++) marked[k] = true;
      found = true;
    }
    return found;
  };
  for (const w of words) {
    if (markAll(w)) continue;
    if (HAN.test(w)) for (const b of hanTokens(w, false)) markAll(b);
  }
  return marked;
}

function toSegments(text: string, marked: readonly boolean[]): HelpSegment[] {
  const out: HelpSegment[] = [];
  for (let i = 0; i < text.length; i++) {
    const hit = marked[i]!;
    const last = out[out.length - 1];
    if (last && last.hit === hit) last.text += text[i];
    else out.push({ text: text[i]!, hit });
  }
  return out;
}

/** The text cut into plain and matching parts. */
export function highlight(text: string, words: readonly string[]): HelpSegment[] {
  return toSegments(text, marks(text, words));
}

/**
 * About `width` characters of the first text that holds a match, the match near its start, with
 * ellipses where cut; the first text's opening when none does.
 */
export function snippet(texts: readonly string[], words: readonly string[], width = 96): HelpSegment[] {
  const flat = texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
  for (const text of flat) {
    const marked = marks(text, words);
    const first = marked.indexOf(true);
    if (first < 0) continue;
    const start = Math.max(0, Math.min(first - 24, text.length - width));
    const end = Math.min(text.length, start + width);
    const segs = toSegments(text.slice(start, end), marked.slice(start, end));
    if (start > 0) segs.unshift({ text: '…', hit: false });
    if (end < text.length) segs.push({ text: '…', hit: false });
    return segs;
  }
  const text = flat[0] ?? '';
  return text ? [{ text: text.length > width ? `${text.slice(0, width)}…` : text, hit: false }] : [];
}
