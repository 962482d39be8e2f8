import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { EsignInputError } from './errors.ts';
import { findMissingGlyphs } from './fonts.ts';
import { TextMeasure, tokenize, wrapText } from './layout.ts';
import { embedChineseFont, fillFields, renderTextPdf } from './render.ts';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { HAS_PDFTOTEXT, pageCount, pdfToText, squash } from './test-support.ts';

const CLAUSE =
  '甲方（用人单位）与乙方（劳动者）根据《中华人民共和国劳动合同法》及有关法律、法规的规定，在平等自愿、协商一致的基础上签订本合同。乙方月工资为人民币 8,500.00 元，于每月 15 日前支付。';

function solidPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(0);
  for (let i = 0; i < width * height; i++) png.data.writeUInt32BE(0x202020ff, i * 4);
  return PNG.sync.write(png);
}

describe('layout', () => {
  it('keeps Latin words and amounts whole and splits Chinese per character', () => {
    expect(tokenize('工资 8,500.00 元 OK')).toEqual(['工', '资', ' ', '8,500.00', ' ', '元', ' ', 'OK']);
  });

  it('wraps Chinese per character within the width, never starting a line with closing punctuation', async () => {
    const doc = await PDFDocument.create();
    const font = await embedChineseFont(doc);
    const measure = new TextMeasure(font, 11);
    const text = CLAUSE.repeat(4);
    const lines = wrapText(text, 200, measure);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.map((l) => l.text).join('')).toBe(text);
    for (const line of lines) {
      expect('，。、；：？！）》」'.includes(line.text[0]!)).toBe(false);
      // Only hanging punctuation may pass the edge, by at most one character.
      expect(line.width).toBeLessThanOrEqual(200 + 11);
    }
    expect(lines.at(-1)!.isLast).toBe(true);
    expect(lines.slice(0, -1).every((l) => !l.isLast)).toBe(true);
  });
});

describe('renderTextPdf', () => {
  it.skipIf(!HAS_PDFTOTEXT)('renders Chinese text that pdftotext reads back, 䶮 included (skipped without pdftotext)', async () => {
    const paragraphs = [{ text: '第一条 合同期限', heading: true }, CLAUSE, '本合同一式两份，甲乙双方各执一份。乙方姓名：王䶮。'];
    const pdf = await renderTextPdf({ title: '劳动合同书', paragraphs });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfToText(pdf);
    expect(squash(text)).toBe(squash(['劳动合同书', '第一条 合同期限', CLAUSE, paragraphs[2], '第 1 页 共 1 页'].join('')));
    expect(text).toContain('䶮');
  });

  it('embeds a subset of Noto Sans SC, not the whole font', async () => {
    const pdf = await renderTextPdf({ title: '劳动合同书', paragraphs: [CLAUSE] });
    const raw = Buffer.from(pdf).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/NotoSansSC-Regular/);
    expect(raw).toContain('/FontFile2');
    expect(pdf.length).toBeLessThan(200_000); // the full font is 10 MB
  });

  it.skipIf(!HAS_PDFTOTEXT)('breaks long text onto further A4 pages with page numbers (skipped without pdftotext)', async () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `第${i + 1}条 ${CLAUSE}`);
    const pdf = await renderTextPdf({ title: '劳动合同书', paragraphs });
    const doc = await PDFDocument.load(pdf);
    const pages = doc.getPages();
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const p of pages) expect([Math.round(p.getWidth()), Math.round(p.getHeight())]).toEqual([595, 842]);
    expect(pageCount(pdf)).toBe(pages.length);
    expect(squash(pdfToText(pdf, pages.length))).toContain(`第${pages.length}页共${pages.length}页`);
    expect(squash(pdfToText(pdf))).toContain(squash(`第60条 ${CLAUSE}`));
  });

  it('refuses a character the font lacks, naming it in Chinese', async () => {
    expect(findMissingGlyphs('王𪚥䶮')).toEqual(['𪚥']);
    const attempt = renderTextPdf({ title: '劳动合同书', paragraphs: [CLAUSE, '乙方姓名：王𪚥'] });
    await expect(attempt).rejects.toBeInstanceOf(EsignInputError);
    await expect(attempt).rejects.toThrow('第 2 段正文中含有字体无法显示的字符「𪚥」(U+2A6A5)');
    await expect(renderTextPdf({ title: '𠀀合同', paragraphs: [] })).rejects.toThrow(/标题中含有字体无法显示的字符「𠀀」/);
  });

  it('refuses an empty title', async () => {
    await expect(renderTextPdf({ title: ' ', paragraphs: [CLAUSE] })).rejects.toThrow('标题不能为空');
  });
});

describe('fillFields', () => {
  it.skipIf(!HAS_PDFTOTEXT)('writes text into boxes and places a PNG (skipped without pdftotext)', async () => {
    const pdf = await renderTextPdf({ title: '劳动合同书', paragraphs: [CLAUSE, '', '', ''] });
    const filled = await fillFields(pdf, [
      { page: 0, x: 100, y: 300, width: 200, height: 20, text: '乙方：王䶮' },
      { page: 0, x: 100, y: 200, width: 120, height: 60, image: solidPng(40, 20) },
    ]);
    expect(pdfToText(filled)).toContain('乙方：王䶮');
    const doc = await PDFDocument.load(filled);
    const xobjects = doc.getPages()[0]!.node.Resources()!.lookup(PDFName.of('XObject'), PDFDict);
    const images = xobjects.keys().map((k) => xobjects.lookup(k, PDFStream)).filter((s) => s.dict.get(PDFName.of('Subtype'))?.toString() === '/Image');
    expect(images).toHaveLength(1);
    expect(images[0]!.dict.get(PDFName.of('Width'))?.toString()).toBe('40');
    // The image is drawn scaled to fit the 120×60 box: 40×20 → 120×60 at (100, 200).
    const content = Buffer.from(doc.getPages()[0]!.node.Contents()!.toString(), 'latin1');
    expect(content.length).toBeGreaterThan(0);
  });

  it('refuses bad boxes, bad images and text that cannot fit, in Chinese', async () => {
    const pdf = await renderTextPdf({ title: '劳动合同书', paragraphs: [CLAUSE] });
    await expect(fillFields(pdf, [{ page: 3, x: 0, y: 0, width: 10, height: 10, text: 'a' }])).rejects.toThrow('第 1 个填写项的页码超出文档范围');
    await expect(fillFields(pdf, [{ page: 0, x: 0, y: 0, width: 10, height: 10, image: new Uint8Array([1, 2, 3]) }])).rejects.toThrow('不是有效的 PNG 图片');
    await expect(fillFields(pdf, [{ page: 0, x: 0, y: 0, width: 20, height: 8, text: CLAUSE }])).rejects.toThrow('文字过长，超出填写区域');
    await expect(fillFields(pdf, [{ page: 0, x: 0, y: 0, width: 100, height: 20, text: '王𪚥' }])).rejects.toThrow('「𪚥」');
    await expect(fillFields(new Uint8Array([1, 2, 3]), [])).rejects.toThrow('文件不是有效的 PDF 文档');
  });
});
