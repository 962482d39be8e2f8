import { PNG } from 'pngjs';
import { EsignInputError } from './errors.ts';
import { assertDrawable, loadFont } from './fonts.ts';
import { CoverageMask, circle, flattenPath, type Point } from './raster.ts';

export type SealOptions = {
  /** Text across the bottom, under the star (e.g. 合同专用章); none by default. */
  bottomText?: string;
  /** Width and height of the PNG in pixels (default 400). */
  size?: number;
  /** Ink colour (default seal red #E60012). */
  color?: [number, number, number];
};

const SEAL_RED: [number, number, number] = [230, 0, 18];
/** The company name runs over at most this much of the upper arc. */
const MAX_ARC = (250 / 180) * Math.PI;
const MIN_ARC = (160 / 180) * Math.PI;

/**
 * A round company seal as a transparent PNG: red ring, the company name along the upper arc with
 * each character upright towards the rim, a five-pointed star in the centre, optional bottom text.
 * Drawn with Noto Sans SC Bold outlines by a pure-JavaScript rasteriser.
 */
export function generateRoundSeal(companyName: string, options: SealOptions = {}): Buffer {
  const name = typeof companyName === 'string' ? companyName.trim() : '';
  if (name === '') throw new EsignInputError('companyName', '企业名称不能为空');
  const nameChars = [...name.replace(/\s+/g, '')];
  if (nameChars.length > 40) throw new EsignInputError('companyName', '企业名称不能超过 40 个字符');
  assertDrawable(name, 'companyName', '企业名称', 'bold');
  const bottom = options.bottomText?.trim() ?? '';
  if ([...bottom].length > 12) throw new EsignInputError('bottomText', '印章下方文字不能超过 12 个字符');
  if (bottom) assertDrawable(bottom, 'bottomText', '印章下方文字', 'bold');
  const size = options.size ?? 400;
  if (!Number.isInteger(size) || size < 64 || size > 2048) throw new EsignInputError('size', '印章图片尺寸须在 64 到 2048 像素之间');

  const font = loadFont('bold');
  const mask = new CoverageMask(size, size);
  const c = size / 2;
  const R = size / 2 - size * 0.01;
  const ring = size * 0.035;

  // Ring: outer circle clockwise, inner counter-clockwise — the hole stays empty.
  mask.addContour(circle(c, c, R));
  mask.addContour(circle(c, c, R - ring, true));
  mask.fill();

  // Star in the centre.
  const starOuter = R * 0.3;
  const starInner = starOuter * 0.382;
  const star: Point[] = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 === 0 ? starOuter : starInner;
    const t = -Math.PI / 2 + (i * Math.PI) / 5;
    star.push([c + r * Math.cos(t), c + r * Math.sin(t)]);
  }
  mask.addContour(star);
  mask.fill();

  // Company name along the upper arc, clockwise from the left.
  const em = font.unitsPerEm;
  const charSize = R * (nameChars.length > 16 ? 0.2 : 0.25);
  const scale = charSize / em;
  const top = R - ring - size * 0.02; // outer edge of the characters
  const baseline = top - charSize * 0.86;
  const mid = baseline + charSize * 0.4;
  const natural = (charSize * 1.02) / mid; // radians per character at natural width
  const span = Math.min(MAX_ARC, Math.max(MIN_ARC, nameChars.length * natural * 1.12));
  const squeeze = Math.min(1, span / (nameChars.length * natural));
  nameChars.forEach((ch, i) => {
    const glyph = font.glyphForCodePoint(ch.codePointAt(0)!);
    const phi = -span / 2 + (span * (i + 0.5)) / nameChars.length;
    const out: Point = [Math.sin(phi), -Math.cos(phi)];
    const tangent: Point = [Math.cos(phi), Math.sin(phi)];
    const half = glyph.advanceWidth / 2;
    const transform = (gx: number, gy: number): Point => {
      const u = (gx - half) * scale * squeeze;
      const v = baseline + gy * scale;
      return [c + v * out[0] + u * tangent[0], c + v * out[1] + u * tangent[1]];
    };
    for (const contour of flattenPath(glyph.path.commands, transform)) mask.addContour(contour);
    mask.fill();
  });

  // Bottom text, straight, under the star.
  if (bottom) {
    const chars = [...bottom];
    const bSize = R * 0.2;
    const bScale = bSize / em;
    const advances = chars.map((ch) => font.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth * bScale);
    const natWidth = advances.reduce((a, b) => a + b, 0);
    const squeezeB = Math.min(1, (R * 1.1) / natWidth);
    let x = c - (natWidth * squeezeB) / 2;
    const y = c + R * 0.6;
    chars.forEach((ch, i) => {
      const glyph = font.glyphForCodePoint(ch.codePointAt(0)!);
      const x0 = x;
      const transform = (gx: number, gy: number): Point => [x0 + gx * bScale * squeezeB, y - gy * bScale];
      for (const contour of flattenPath(glyph.path.commands, transform)) mask.addContour(contour);
      mask.fill();
      x += advances[i]! * squeezeB;
    });
  }

  const png = new PNG({ width: size, height: size });
  png.data = mask.toRgba(options.color ?? SEAL_RED);
  return PNG.sync.write(png);
}

/**
 * A signature-like PNG of a person's name: dark blue ink, slanted, on a transparent background
 * (for demo data and tests; on the phone page the employee draws their own).
 */
export function generateNameSignature(name: string, options: { height?: number } = {}): Buffer {
  const text = typeof name === 'string' ? name.trim() : '';
  if (text === '') throw new EsignInputError('name', '姓名不能为空');
  assertDrawable(text, 'name', '姓名');
  const height = options.height ?? 120;
  const font = loadFont('regular');
  const chars = [...text];
  const charSize = height * 0.7;
  const scale = charSize / font.unitsPerEm;
  const advances = chars.map((ch) => font.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth * scale);
  const width = Math.ceil(advances.reduce((a, b) => a + b, 0) + height * 0.6);
  const mask = new CoverageMask(width, height);
  const slant = 0.25;
  let x = height * 0.25;
  const baseline = height * 0.8;
  chars.forEach((ch, i) => {
    const glyph = font.glyphForCodePoint(ch.codePointAt(0)!);
    const x0 = x;
    const transform = (gx: number, gy: number): Point => [x0 + gx * scale + gy * scale * slant, baseline - gy * scale];
    for (const contour of flattenPath(glyph.path.commands, transform)) mask.addContour(contour);
    mask.fill();
    x += advances[i]! * 0.92;
  });
  const png = new PNG({ width, height });
  png.data = mask.toRgba([20, 40, 110]);
  return PNG.sync.write(png);
}

/**
 * Lines of upright text, black on white, as a PNG: a document picture (the demo's business licence)
 * that a person or an OCR reads.
 */
export function renderTextImage(lines: readonly string[], options: { lineHeight?: number } = {}): Buffer {
  const texts = lines.map((l) => l.trim()).filter((l) => l !== '');
  if (texts.length === 0) throw new EsignInputError('text', '文字不能为空');
  for (const t of texts) assertDrawable(t, 'text', '文字');
  const lineHeight = options.lineHeight ?? 48;
  const font = loadFont('regular');
  const scale = (lineHeight * 0.7) / font.unitsPerEm;
  const widthOf = (t: string) => [...t].reduce((w, ch) => w + font.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth * scale, 0);
  const margin = lineHeight;
  const width = Math.ceil(Math.max(...texts.map(widthOf)) + margin * 2);
  const height = Math.ceil(texts.length * lineHeight * 1.4 + margin * 2);
  const mask = new CoverageMask(width, height);
  texts.forEach((t, row) => {
    let x = margin;
    const baseline = margin + (row + 1) * lineHeight * 1.4 - lineHeight * 0.4;
    for (const ch of t) {
      const glyph = font.glyphForCodePoint(ch.codePointAt(0)!);
      const x0 = x;
      for (const contour of flattenPath(glyph.path.commands, (gx, gy): Point => [x0 + gx * scale, baseline - gy * scale])) mask.addContour(contour);
      mask.fill();
      x += glyph.advanceWidth * scale;
    }
  });
  const ink = mask.toRgba([0, 0, 0]);
  // onto white: an image without transparency, as a scan or a photo is
  const out = Buffer.alloc(ink.length, 255);
  for (let i = 0; i < ink.length; i += 4) {
    const a = ink[i + 3]! / 255;
    for (let k = 0; k < 3; k++) out[i + k] = Math.round(255 * (1 - a) + ink[i + k]! * a);
  }
  const png = new PNG({ width, height });
  png.data = out;
  return PNG.sync.write(png);
}
