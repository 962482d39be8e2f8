/** Turning the chart's SVG into a PNG file in the browser (an offscreen canvas), and fitting text into a box. */

export const CHART_FONT = '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Noto Sans SC","WenQuanYi Zen Hei",sans-serif';

/** Width of a string in "CJK characters" (ASCII counts a little over half). */
export function textUnits(s: string): number {
  let units = 0;
  for (const ch of s) units += ch.charCodeAt(0) <= 0xff ? 0.58 : 1;
  return units;
}

/** Cuts a string to at most `maxUnits` wide, ending with … when cut. */
export function fitText(s: string, maxUnits: number): string {
  if (textUnits(s) <= maxUnits) return s;
  let out = '';
  for (const ch of s) {
    if (textUnits(`${out}${ch}`) > maxUnits - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/** The largest canvas side browsers draw reliably. */
const MAX_CANVAS = 16_000;

/**
 * Renders a standalone copy of the chart (its whole extent, not the current view) to PNG: the SVG
 * is serialised, loaded as an image and drawn on an offscreen canvas at twice the size (less for a
 * very large chart).
 */
export async function svgToPng(svg: SVGSVGElement, width: number, height: number, background = '#ffffff'): Promise<Blob> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.setAttribute('viewBox', `0 0 ${width} ${height}`);
  copy.removeAttribute('style');
  copy.removeAttribute('class');
  const viewport = copy.querySelector('[data-viewport]');
  viewport?.setAttribute('transform', 'translate(0,0) scale(1)');
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('x', '0');
  bg.setAttribute('y', '0');
  bg.setAttribute('width', String(width));
  bg.setAttribute('height', String(height));
  bg.setAttribute('fill', background);
  copy.insertBefore(bg, copy.firstChild);

  const xml = new XMLSerializer().serializeToString(copy);
  const url = URL.createObjectURL(new Blob([xml], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = new Image();
    img.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('组织架构图渲染失败'));
      img.src = url;
    });
    const ratio = Math.max(0.25, Math.min(2, MAX_CANVAS / width, MAX_CANVAS / height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('浏览器不支持导出图片');
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('导出图片失败'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
