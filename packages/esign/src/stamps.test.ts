import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRootCa, issueCompanyCertificate, issueEventCertificate, type IssuedCertificate, type RootCa } from './ca.ts';
import { pdfPageSizes, renderTextPdf, watermarkPdf, type LaidOutLine } from './render.ts';
import { generateNameSignature, generateRoundSeal } from './seal.ts';
import { signPdf } from './sign.ts';
import { HAS_PDFSIG, HAS_PDFTOTEXT, pdfsig, pdfToText, squash } from './test-support.ts';
import { verifyPdf } from './verify.ts';

let root: RootCa;
let company: IssuedCertificate;
let person: IssuedCertificate;
let unsigned: Uint8Array;
const seal = generateRoundSeal('杭州万峰科技有限公司', { size: 200 });

beforeAll(async () => {
  root = await createRootCa({ commonName: '万峰电子签名根证书' });
  [company, person] = await Promise.all([
    issueCompanyCertificate(root, { companyName: '杭州万峰科技有限公司', uscc: '91330106MA2H0Q1X72' }),
    issueEventCertificate(root, { name: '张三', idNumberMasked: '110101********1234' }),
  ]);
  unsigned = await renderTextPdf({ title: '劳动合同书', paragraphs: Array.from({ length: 60 }, (_, i) => `第${i + 1}条 甲乙双方在平等自愿、协商一致的基础上签订本合同，共同遵守本合同所列条款。`) });
});

async function annotationSubtypes(pdf: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => {
    const annots = p.node.Annots();
    if (!annots) return [];
    return annots.asArray().map((ref) => String(doc.context.lookup(ref, PDFDict).get(PDFName.of('Subtype'))));
  });
}

describe('stamps written with a signature', () => {
  it('adds image, text and cross-page strips in the signed revision; both signatures stay valid', async () => {
    const pages = (await pdfPageSizes(unsigned)).length;
    expect(pages).toBeGreaterThanOrEqual(2);
    const companySigned = await signPdf(unsigned, {
      p12: company.p12,
      reason: '企业签署',
      location: 'CN',
      name: '杭州万峰科技有限公司',
      appearance: { page: 0, rect: { x: 380, y: 100, width: 110, height: 110 }, image: seal },
      stamps: [
        { page: 1, rect: { x: 380, y: 100, width: 110, height: 110 }, image: seal },
        { page: 1, rect: { x: 100, y: 80, width: 120, height: 16 }, text: '2026-11-25' },
        ...Array.from({ length: pages }, (_, i) => ({ page: i, rect: { x: 595 - 110 / pages, y: 360, width: 110 / pages, height: 110 }, image: seal, strip: { index: i, count: pages } })),
      ],
    });
    const both = await signPdf(companySigned, {
      p12: person.p12,
      reason: '员工签署',
      location: 'CN',
      name: '张三',
      appearance: { page: 1, rect: { x: 100, y: 140, width: 120, height: 50 }, image: generateNameSignature('张三') },
      stamps: [{ page: 1, rect: { x: 100, y: 200, width: 200, height: 16 }, text: '杭州市西湖区文三路' }],
    });
    expect(both.subarray(0, companySigned.length).equals(companySigned)).toBe(true);
    const v = verifyPdf(both, { trustedRoots: [root.certificatePem] });
    expect(v.valid).toBe(true);
    expect(v.signatures.map((s) => s.intact)).toEqual([true, true]);
    const subtypes = await annotationSubtypes(both);
    expect(subtypes[0]!.filter((s) => s === '/Stamp')).toHaveLength(1);
    expect(subtypes[1]!.filter((s) => s === '/Stamp')).toHaveLength(4);
    expect(subtypes[1]!.filter((s) => s === '/Widget')).toHaveLength(1);
    if (HAS_PDFTOTEXT) expect(squash(pdfToText(both, 2))).toContain('杭州市西湖区文三路');
    if (HAS_PDFSIG) {
      const r = pdfsig(both, root.certificatePem);
      expect(r.signatures.map((s) => s.valid), r.output).toEqual([true, true]);
      expect(r.signatures[1]!.totalDocument).toBe(true);
    }
  });

  it('refuses bad stamps in Chinese', async () => {
    const base = { p12: company.p12, reason: 'r', location: 'CN', name: 'n' };
    await expect(signPdf(unsigned, { ...base, stamps: [{ page: 99, rect: { x: 0, y: 0, width: 10, height: 10 }, text: 'x' }] })).rejects.toThrow('第 1 个签章标记的页码超出文档范围');
    await expect(signPdf(unsigned, { ...base, stamps: [{ page: 0, rect: { x: 0, y: 0, width: 10, height: 10 } }] })).rejects.toThrow('须为图片或文字中的一项');
    await expect(signPdf(unsigned, { ...base, stamps: [{ page: 0, rect: { x: 0, y: 0, width: 20, height: 10 }, text: '很长很长很长很长很长的一段文字' }] })).rejects.toThrow('文字过长');
    await expect(signPdf(unsigned, { ...base, stamps: [{ page: 0, rect: { x: 0, y: 0, width: 20, height: 10 }, image: seal, strip: { index: 2, count: 2 } }] })).rejects.toThrow('骑缝分段无效');
  });
});

describe('watermark, layout and signature images', () => {
  it('watermarks every page of an unsigned PDF and refuses a signed one', async () => {
    const marked = await watermarkPdf(unsigned, '杭州万峰科技有限公司');
    expect((await pdfPageSizes(marked)).length).toBe((await pdfPageSizes(unsigned)).length);
    if (HAS_PDFTOTEXT) {
      // The watermark is tiled at an angle: its characters come out scattered, many times per page.
      const count = (pdf: Uint8Array) => (squash(pdfToText(pdf, 2)).match(/杭/g) ?? []).length;
      expect(count(unsigned)).toBe(0);
      expect(count(marked)).toBeGreaterThanOrEqual(4);
    }
    const signed = await signPdf(unsigned, { p12: company.p12, reason: 'r', location: 'CN', name: 'n' });
    await expect(watermarkPdf(signed, '水印')).rejects.toThrow('文档已签署，不能再添加水印');
    await expect(watermarkPdf(unsigned, ' ')).rejects.toThrow('水印文字不能为空');
  });

  it('reports where each body line was drawn', async () => {
    const lines: LaidOutLine[] = [];
    await renderTextPdf({ title: '合同', paragraphs: [{ text: '甲方：', indent: false }, '正文'], onLine: (l) => lines.push(l) });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ paragraph: 0, line: 0, page: 0, x: 64 });
    expect(lines[0]!.width).toBeGreaterThan(0);
    expect(lines[1]!.y).toBeLessThan(lines[0]!.y);
    expect(lines[1]!.x).toBeGreaterThan(64);
  });

  it('draws a name as a transparent signature PNG', () => {
    const png = PNG.sync.read(generateNameSignature('张三'));
    expect(png.height).toBe(120);
    expect(png.width).toBeGreaterThan(png.height);
    const alpha = [...png.data.filter((_, i) => i % 4 === 3)];
    expect(alpha.some((a) => a === 0)).toBe(true);
    expect(alpha.some((a) => a > 200)).toBe(true);
    expect(() => generateNameSignature('')).toThrow('姓名不能为空');
  });
});
