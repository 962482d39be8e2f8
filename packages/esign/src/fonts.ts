import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit, { type Font } from 'fontkit';
import { EsignInputError } from './errors.ts';

/**
 * Noto Sans SC (OFL-1.1) from the `@expo-google-fonts/noto-sans-sc` npm package: nothing is
 * downloaded at run time. Regular sets contract text; Bold draws seals.
 */
export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, string> = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

const require = createRequire(import.meta.url);
const bytesCache = new Map<FontWeight, Buffer>();
const fontCache = new Map<FontWeight, Font>();

/** The TTF bytes (read once per process). */
export function fontBytes(weight: FontWeight = 'regular'): Buffer {
  let bytes = bytesCache.get(weight);
  if (!bytes) {
    bytes = readFileSync(require.resolve(FILES[weight]));
    bytesCache.set(weight, bytes);
  }
  return bytes;
}

/** The parsed font, for glyph coverage checks and outlines. */
export function loadFont(weight: FontWeight = 'regular'): Font {
  let font = fontCache.get(weight);
  if (!font) {
    font = fontkit.create(fontBytes(weight));
    fontCache.set(weight, font);
  }
  return font;
}

/** Characters that are layout, not ink: never checked against the font. */
function isLayoutChar(cp: number): boolean {
  return cp === 0x0a || cp === 0x0d || cp === 0x09 || cp === 0x20 || cp === 0x3000 || cp === 0xfeff || cp === 0x200b;
}

/** The distinct characters of `text` the font has no glyph for, in order of appearance. */
export function findMissingGlyphs(text: string, weight: FontWeight = 'regular'): string[] {
  const font = loadFont(weight);
  const missing: string[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (isLayoutChar(cp)) continue;
    if (!font.hasGlyphForCodePoint(cp) && !missing.includes(ch)) missing.push(ch);
  }
  return missing;
}

/**
 * Refuses text with a character the font cannot draw: a PDF must never show an empty box where a
 * name or a clause should be. The message names the characters and their code points.
 */
export function assertDrawable(text: string, field: string, label: string, weight: FontWeight = 'regular'): void {
  const missing = findMissingGlyphs(text, weight);
  if (missing.length === 0) return;
  const list = missing.map((ch) => `「${ch}」(U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join('、');
  throw new EsignInputError(field, `${label}中含有字体无法显示的字符${list}，请改用常用字或联系管理员`);
}
