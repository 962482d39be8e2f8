/**
 * Geometry of the fields placed on a template's pages. The server keeps a field's box in PDF points
 * from the page's lower-left corner (as the PDF is drawn); the editor shows pages top-down in CSS
 * pixels at a scale. These pure functions convert between the two and keep boxes on their page.
 */

export type PdfBox = { x: number; y: number; width: number; height: number };
export type ScreenBox = { left: number; top: number; width: number; height: number };
export type PageSize = { width: number; height: number };

/** The smallest box a field may be resized to, in points. */
export const MIN_FIELD_SIZE = { width: 24, height: 12 } as const;

/** A4 in points, used while a page's own size is unknown. */
export const A4_POINTS: PageSize = { width: 595.28, height: 841.89 };

const round1 = (n: number) => Math.round(n * 10) / 10;

/** A box in points (lower-left origin) as CSS pixels (upper-left origin) at `scale` pixels per point. */
export function toScreen(box: PdfBox, page: PageSize, scale: number): ScreenBox {
  return { left: box.x * scale, top: (page.height - box.y - box.height) * scale, width: box.width * scale, height: box.height * scale };
}

/** A box in CSS pixels at `scale` back to points, rounded to a tenth of a point. */
export function toPdf(box: ScreenBox, page: PageSize, scale: number): PdfBox {
  const width = box.width / scale;
  const height = box.height / scale;
  return { x: round1(box.left / scale), y: round1(page.height - box.top / scale - height), width: round1(width), height: round1(height) };
}

/** The box kept on its page: no smaller than the minimum, no larger than the page, wholly inside it. */
export function clampBox(box: PdfBox, page: PageSize, min: PageSize = MIN_FIELD_SIZE): PdfBox {
  const width = Math.min(Math.max(box.width, min.width), page.width);
  const height = Math.min(Math.max(box.height, min.height), page.height);
  const x = Math.min(Math.max(box.x, 0), page.width - width);
  const y = Math.min(Math.max(box.y, 0), page.height - height);
  return { x: round1(x), y: round1(y), width: round1(width), height: round1(height) };
}

/** The box moved by a drag of (dx, dy) screen pixels (y grows downwards on screen, upwards in the PDF). */
export function moveBox(box: PdfBox, dx: number, dy: number, page: PageSize, scale: number): PdfBox {
  return clampBox({ ...box, x: box.x + dx / scale, y: box.y - dy / scale }, page);
}

/** The box resized from its lower-right corner by a drag of (dx, dy) screen pixels; the upper-left corner stays. */
export function resizeBox(box: PdfBox, dx: number, dy: number, page: PageSize, scale: number): PdfBox {
  const top = box.y + box.height;
  const width = Math.min(Math.max(box.width + dx / scale, MIN_FIELD_SIZE.width), page.width - box.x);
  const height = Math.min(Math.max(box.height + dy / scale, MIN_FIELD_SIZE.height), top);
  return clampBox({ x: box.x, y: top - height, width, height }, page);
}

/** A new box of `size` centred on a drop point given in screen pixels from the page's upper-left corner. */
export function boxAtDrop(point: { x: number; y: number }, size: PageSize, page: PageSize, scale: number): PdfBox {
  const cx = point.x / scale;
  const cyFromTop = point.y / scale;
  return clampBox({ x: cx - size.width / 2, y: page.height - cyFromTop - size.height / 2, width: size.width, height: size.height }, page);
}

/** Pixels per point that make a page `available` pixels wide (never below 0.3). */
export function fitScale(page: PageSize, available: number): number {
  return Math.max(0.3, available / page.width);
}
