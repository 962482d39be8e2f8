import fontkit from 'fontkit';
import { degrees, EncryptedPDFError, PDFDocument, PageSizes, rgb, setCharacterSpacing, type PDFFont, type PDFPage } from 'pdf-lib';
import { EsignInputError } from './errors.ts';
import { assertDrawable, fontBytes } from './fonts.ts';
import { TextMeasure, wrapText } from './layout.ts';
import { findSignatureRanges } from './pdf-scan.ts';

export type Paragraph =
  | string
  | {
      text: string;
      /** A clause heading: no first-line indent, a little space above. */
      heading?: boolean;
      /** First-line indent of two characters (default true for body text, false for headings). */
      indent?: boolean;
      align?: 'left' | 'center' | 'right';
    };

export type RenderTextOptions = {
  title: string;
  paragraphs: Paragraph[];
  /** Body size in points (default 11). */
  fontSize?: number;
  /** Line height as a multiple of the font size (default 1.7). */
  lineHeight?: number;
  /** Page margins in points (default 64 left/right, 72 top/bottom). */
  margins?: { top?: number; bottom?: number; left?: number; right?: number };
  /** Print 第 N 页 共 M 页 at the foot of each page (default true). */
  pageNumbers?: boolean;
  /** Creation date written into the document information (default now). */
  createdAt?: Date;
  /** Told where each body line was drawn (to place fields beside a paragraph's text). */
  onLine?: (line: LaidOutLine) => void;
};

/** A drawn body line: paragraph and line index (0-based), page index, baseline position and text width, in points. */
export type LaidOutLine = { paragraph: number; line: number; page: number; x: number; y: number; width: number; size: number };

const INK = rgb(0.1, 0.1, 0.1);
/** Justify a line only when the stretch per gap stays small; otherwise leave it ragged. */
const MAX_JUSTIFY_SPACING = 0.25;

export const A4 = { width: PageSizes.A4[0], height: PageSizes.A4[1] };

/** A document with the Noto Sans SC subset font registered and embedded. */
export async function embedChineseFont(doc: PDFDocument): Promise<PDFFont> {
  doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  return doc.embedFont(fontBytes('regular'), { subset: true });
}

/**
 * An A4 PDF of a title and paragraphs of Chinese text: wrapped per character, justified, broken
 * into pages, with the Noto Sans SC subset embedded. Text the font cannot draw is refused with
 * the character named — never rendered as an empty box.
 */
export async function renderTextPdf(options: RenderTextOptions): Promise<Uint8Array> {
  const { title, paragraphs } = options;
  if (typeof title !== 'string' || title.trim() === '') throw new EsignInputError('title', '标题不能为空');
  if (!Array.isArray(paragraphs)) throw new EsignInputError('paragraphs', '正文段落必须是列表');
  assertDrawable(title, 'title', '标题');
  const normalized = paragraphs.map((p, i) => {
    const para = typeof p === 'string' ? { text: p } : p;
    if (!para || typeof para.text !== 'string') throw new EsignInputError(`paragraphs[${i}]`, `第 ${i + 1} 段正文必须是文字`);
    assertDrawable(para.text, `paragraphs[${i}]`, `第 ${i + 1} 段正文`);
    return para;
  });

  const size = options.fontSize ?? 11;
  if (!(size >= 6 && size <= 36)) throw new EsignInputError('fontSize', '字号须在 6 到 36 磅之间');
  const leading = size * (options.lineHeight ?? 1.7);
  const margin = { top: 72, bottom: 72, left: 64, right: 64, ...options.margins };
  const textWidth = A4.width - margin.left - margin.right;

  const doc = await PDFDocument.create({ updateMetadata: false });
  const createdAt = options.createdAt ?? new Date();
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setLanguage('zh-CN');
  doc.setProducer('wfsaas esign');
  doc.setCreator('wfsaas');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const font = await embedChineseFont(doc);
  const body = new TextMeasure(font, size);

  let page: PDFPage = doc.addPage(PageSizes.A4);
  let y = A4.height - margin.top;
  const newPage = () => {
    page = doc.addPage(PageSizes.A4);
    y = A4.height - margin.top;
  };

  // Title: centred, larger, wrapped like body text.
  const titleSize = Math.round(size * 1.6);
  const titleMeasure = new TextMeasure(font, titleSize);
  for (const line of wrapText(title, textWidth, titleMeasure)) {
    y -= titleSize * 1.4;
    page.drawText(line.text, { x: margin.left + (textWidth - line.width) / 2, y, size: titleSize, font, color: INK });
  }
  y -= titleSize * 0.8;

  for (const [paraIndex, para] of normalized.entries()) {
    const heading = para.heading === true;
    const indent = (para.indent ?? !heading) ? size * 2 : 0;
    const align = para.align ?? 'left';
    if (heading) y -= size * 0.5;
    const lines = para.text === '' ? [{ text: '', width: 0, isLast: true }] : wrapText(para.text, textWidth, body, indent);
    lines.forEach((line, index) => {
      if (y - leading < margin.bottom) newPage();
      y -= leading;
      if (line.text === '') return;
      const lineIndent = index === 0 ? indent : 0;
      let x = margin.left + lineIndent;
      if (align === 'center') x = margin.left + (textWidth - line.width) / 2;
      if (align === 'right') x = margin.left + textWidth - line.width;
      const glyphs = [...line.text].length;
      const slack = textWidth - lineIndent - line.width;
      const spacing = glyphs > 1 ? slack / (glyphs - 1) : 0;
      const justify = align === 'left' && !line.isLast && spacing > 0 && spacing <= size * MAX_JUSTIFY_SPACING;
      if (justify) page.pushOperators(setCharacterSpacing(spacing));
      page.drawText(line.text, { x, y, size, font, color: INK });
      if (justify) page.pushOperators(setCharacterSpacing(0));
      options.onLine?.({ paragraph: paraIndex, line: index, page: doc.getPageCount() - 1, x, y, width: justify ? textWidth - lineIndent : line.width, size });
    });
  }

  if (options.pageNumbers !== false) {
    const pages = doc.getPages();
    const footSize = Math.max(8, size - 2);
    pages.forEach((p, i) => {
      const text = `第 ${i + 1} 页 共 ${pages.length} 页`;
      const w = font.widthOfTextAtSize(text, footSize);
      p.drawText(text, { x: (A4.width - w) / 2, y: margin.bottom / 2, size: footSize, font, color: rgb(0.45, 0.45, 0.45) });
    });
  }
  return doc.save({ useObjectStreams: false });
}

export type FieldFill = {
  /** Page index, 0 for the first page. */
  page: number;
  /** Lower-left corner and size of the box, in PDF points from the page's lower-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Text to write in the box (wrapped; shrunk down to 6 pt to fit)… */
  text?: string;
  fontSize?: number;
  /** …or a PNG (a handwritten signature, a seal) scaled to fit the box, centred. */
  image?: Uint8Array;
};

/**
 * Writes text and places PNG images into boxes of an existing PDF. Done before signing: a PDF
 * that already carries a signature is refused, since rewriting it would break that signature.
 */
export async function fillFields(pdf: Uint8Array, fields: FieldFill[]): Promise<Uint8Array> {
  if (findSignatureRanges(pdf).length > 0) throw new EsignInputError('pdf', '文档已签署，不能再填写内容');
  const doc = await loadPdf(pdf);
  const pages = doc.getPages();
  let font: PDFFont | undefined;
  for (const [i, field] of fields.entries()) {
    const name = `fields[${i}]`;
    const label = `第 ${i + 1} 个填写项`;
    if (!Number.isInteger(field.page) || field.page < 0 || field.page >= pages.length) {
      throw new EsignInputError(`${name}.page`, `${label}的页码超出文档范围（共 ${pages.length} 页，从 0 起算）`);
    }
    for (const key of ['x', 'y', 'width', 'height'] as const) {
      if (!Number.isFinite(field[key])) throw new EsignInputError(`${name}.${key}`, `${label}的位置或尺寸必须是数字`);
    }
    if (field.width <= 0 || field.height <= 0) throw new EsignInputError(`${name}.width`, `${label}的宽度和高度必须大于 0`);
    const hasText = typeof field.text === 'string';
    if (hasText === (field.image !== undefined)) throw new EsignInputError(name, `${label}须填写文字或图片中的一项`);
    const page = pages[field.page]!;
    if (field.image !== undefined) {
      let image;
      try {
        image = await doc.embedPng(field.image);
      } catch {
        throw new EsignInputError(`${name}.image`, `${label}的图片不是有效的 PNG 图片`);
      }
      const scale = Math.min(field.width / image.width, field.height / image.height);
      const w = image.width * scale;
      const h = image.height * scale;
      page.drawImage(image, { x: field.x + (field.width - w) / 2, y: field.y + (field.height - h) / 2, width: w, height: h });
      continue;
    }
    const text = field.text!;
    assertDrawable(text, `${name}.text`, `${label}的文字`);
    font ??= await embedChineseFont(doc);
    drawTextInBox(page, font, text, field, `${name}.text`, label);
  }
  return doc.save({ useObjectStreams: false });
}

function drawTextInBox(page: PDFPage, font: PDFFont, text: string, box: FieldFill, field: string, label: string): void {
  let size = box.fontSize ?? Math.min(12, box.height * 0.75);
  for (; size >= 6; size -= 0.5) {
    const measure = new TextMeasure(font, size);
    const leading = size * 1.3;
    const lines = wrapText(text, box.width, measure);
    if (lines.length * leading > box.height + 0.01) continue;
    // One line sits in the middle of the box; several start at its top.
    let y = lines.length === 1 ? box.y + (box.height - size) / 2 + size * 0.12 : box.y + box.height - size;
    for (const line of lines) {
      page.drawText(line.text, { x: box.x, y, size, font, color: INK });
      y -= leading;
    }
    return;
  }
  throw new EsignInputError(field, `${label}的文字过长，超出填写区域`);
}

/** Loads a PDF or refuses it in Chinese. */
export async function loadPdf(pdf: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(pdf, { updateMetadata: false });
  } catch (err) {
    if (err instanceof EncryptedPDFError) throw new EsignInputError('pdf', '不支持加密的 PDF 文档');
    throw new EsignInputError('pdf', '文件不是有效的 PDF 文档');
  }
}

/**
 * A copy of an unsigned PDF with a light diagonal text watermark tiled over every page (previews and
 * downloads of documents not yet signed). A signed PDF is refused: rewriting it would break its signatures.
 */
export async function watermarkPdf(pdf: Uint8Array, text: string): Promise<Uint8Array> {
  if (findSignatureRanges(pdf).length > 0) throw new EsignInputError('pdf', '文档已签署，不能再添加水印');
  if (typeof text !== 'string' || text.trim() === '') throw new EsignInputError('text', '水印文字不能为空');
  assertDrawable(text, 'text', '水印文字');
  const doc = await loadPdf(pdf);
  const font = await embedChineseFont(doc);
  const size = 18;
  const w = font.widthOfTextAtSize(text, size);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    for (let y = -height * 0.2; y < height * 1.1; y += 150) {
      for (let x = -width * 0.2; x < width * 1.1; x += w + 110) {
        page.drawText(text, { x, y, size, font, color: rgb(0.6, 0.6, 0.6), opacity: 0.18, rotate: degrees(30) });
      }
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** The size of every page of a PDF, in points (refused in Chinese when the file is not a readable PDF). */
export async function pdfPageSizes(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  const doc = await loadPdf(pdf);
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    return { width: Math.round(width * 100) / 100, height: Math.round(height * 100) / 100 };
  });
}
