import { randomBytes } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import {
  beginText,
  concatTransformationMatrix,
  endText,
  moveText,
  setFontAndSize,
  showText,
  drawObject,
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  setGraphicsState,
  type PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { readP12 } from './ca.ts';
import { buildSignedData, certificateDer, OIDS, sha256, timeStampAttribute } from './cms.ts';
import { EsignInputError, TsaUnavailableError } from './errors.ts';
import { assertDrawable } from './fonts.ts';
import { embedChineseFont, loadPdf } from './render.ts';
import type { Tsa } from './tsa.ts';

export type SignAppearance = {
  /** Page index, 0 for the first page. */
  page: number;
  /** The visible box, in PDF points from the page's lower-left corner. */
  rect: { x: number; y: number; width: number; height: number };
  /** PNG drawn in the box (a seal or a handwritten signature), scaled to fit, centred. */
  image: Uint8Array;
};

export type SignOptions = {
  /** PKCS#12 with the signer's key and certificate (and the chain). */
  p12: Uint8Array;
  passphrase?: string;
  reason: string;
  location: string;
  /** The signer's name as shown by PDF readers. */
  name: string;
  contactInfo?: string;
  /** The claimed signing time, written as /M (default now). */
  signingTime?: Date;
  /** A time-stamping authority: when given, its token over the signature goes in as signature-time-stamp. */
  timestamp?: Tsa;
  /** A visible signature; without it the signature is invisible. */
  appearance?: SignAppearance;
  /**
   * Further marks written in the same revision, so this signature covers them: the seal or the
   * handwritten signature at other places, a signing date, text the signer filled in, the strips
   * of a cross-page seal. Earlier signatures stay valid (nothing before is rewritten).
   */
  stamps?: SignStamp[];
};

export type SignStamp = {
  page: number;
  rect: { x: number; y: number; width: number; height: number };
  /** A PNG scaled to fit the box, centred… */
  image?: Uint8Array;
  /** …or one line of text, shrunk (down to 6 pt) to fit the box's width. */
  text?: string;
  fontSize?: number;
  /**
   * Only strip `index` of `count` equal vertical strips of the image (a cross-page seal: each page
   * shows its own part of the seal); the image fills the box's height, `count` box widths wide.
   */
  strip?: { index: number; count: number };
};

const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 /********** /********** /**********]';
const SIGNER = new SignPdf();

class CadesSigner extends Signer {
  lastSize = 0;

  constructor(private readonly build: (content: Buffer) => Promise<Buffer>) {
    super();
  }

  async sign(content: Buffer): Promise<Buffer> {
    const cms = await this.build(content);
    this.lastSize = cms.length;
    return cms;
  }
}

/**
 * Signs a PDF with a PAdES (ETSI.CAdES.detached) signature appended as an incremental update:
 * the bytes of the input are kept as they are, so every earlier signature stays valid, and the new
 * one covers the whole resulting file.
 */
export async function signPdf(pdf: Uint8Array, options: SignOptions): Promise<Buffer> {
  for (const key of ['reason', 'location', 'name'] as const) {
    if (typeof options[key] !== 'string' || options[key].trim() === '') {
      throw new EsignInputError(key, `${{ reason: '签署原因', location: '签署地点', name: '签署人名称' }[key]}不能为空`);
    }
  }
  const signingTime = options.signingTime ?? new Date();
  if (Number.isNaN(signingTime.getTime())) throw new EsignInputError('signingTime', '签署时间无效');
  const { privateKeyPem, certificate, chain } = readP12(options.p12, options.passphrase ?? '');
  const { notBefore, notAfter } = certificate.validity;
  if (signingTime < notBefore || signingTime > notAfter) throw new EsignInputError('p12', '签名证书在签署时间不在有效期内');

  const input = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const prevXref = lastStartXref(input);
  const doc = await loadPdf(pdf);
  if (doc.isEncrypted) throw new EsignInputError('pdf', '不支持对加密的 PDF 文档签署');

  const signer = new CadesSigner(async (content) =>
    buildSignedData({
      contentType: OIDS.data,
      contentDigest: sha256(content),
      signerCertificate: certificate,
      signerKeyPem: privateKeyPem,
      chain,
      unsignedAttributes: options.timestamp
        ? async (signature) => {
            let token: Buffer;
            try {
              token = await options.timestamp!(sha256(signature));
            } catch (err) {
              throw new TsaUnavailableError(`时间戳服务未能签发时间戳：${(err as Error).message}`);
            }
            return [timeStampAttribute(token)];
          }
        : undefined,
    }),
  );
  const certBytes = [certificate, ...chain].reduce((n, c) => n + certificateDer(c).length, 0);
  let placeholderBytes = certBytes + 1536 + (options.timestamp ? 6144 : 0);
  const update = await buildIncrementalUpdate(doc, input, prevXref, options, signingTime, () => placeholderBytes);
  try {
    return await SIGNER.sign(Buffer.concat([input, update()]), signer);
  } catch (err) {
    // The CMS came out larger than estimated (a large external TSA token): once more, sized to fit.
    if (!(signer.lastSize > 0 && signer.lastSize > placeholderBytes)) throw err;
    placeholderBytes = signer.lastSize + 1024;
    return SIGNER.sign(Buffer.concat([input, update()]), signer);
  }
}

function lastStartXref(pdf: Buffer): number {
  const tail = pdf.subarray(Math.max(0, pdf.length - 2048)).toString('latin1');
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) throw new EsignInputError('pdf', '文件不是完整的 PDF 文档（缺少文件尾）');
  return Number(m[1]);
}

function pdfText(value: string): string {
  return PDFHexString.fromText(value).toString();
}

/**
 * Adds the signature field, its widget and appearance to the document's object graph, then returns
 * a function writing only the new and changed objects as an incremental update section (classic
 * cross-reference table, /Prev pointing at the previous one) with a /Contents placeholder.
 */
async function buildIncrementalUpdate(
  doc: PDFDocument,
  input: Buffer,
  prevXref: number,
  options: SignOptions,
  signingTime: Date,
  placeholderSize: () => number,
): Promise<() => Buffer> {
  const context = doc.context;
  const firstNew = context.largestObjectNumber + 1;
  const changed = new Set<PDFRef>();
  const pages = doc.getPages();
  const appearance = options.appearance;
  const pageIndex = appearance?.page ?? 0;
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || pageIndex >= pages.length) {
    throw new EsignInputError('appearance.page', `签章页码超出文档范围（共 ${pages.length} 页，从 0 起算）`);
  }
  const page = pages[pageIndex]!;

  // The signature dictionary is written by hand: its placeholders must come out byte for byte.
  const sigRef = context.nextRef();

  // Appearance: the image scaled into the box, or an empty box for an invisible signature.
  let rect = [0, 0, 0, 0];
  let apRef: PDFRef;
  if (appearance) {
    const { x, y, width, height } = appearance.rect ?? ({} as SignAppearance['rect']);
    if (![x, y, width, height].every(Number.isFinite) || width <= 0 || height <= 0) {
      throw new EsignInputError('appearance.rect', '签章位置和尺寸必须是数字，宽高大于 0');
    }
    let image;
    try {
      image = await doc.embedPng(appearance.image);
      await image.embed();
    } catch {
      throw new EsignInputError('appearance.image', '签章图片不是有效的 PNG 图片');
    }
    const scale = Math.min(width / image.width, height / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    rect = [x, y, x + width, y + height];
    const stream = context.formXObject(
      [
        pushGraphicsState(),
        setGraphicsState('GS0'),
        concatTransformationMatrix(w, 0, 0, h, (width - w) / 2, (height - h) / 2),
        drawObject('Im0'),
        popGraphicsState(),
      ],
      // Multiply: the red ink darkens what lies under it, as a real stamp does, instead of hiding the text.
      { BBox: [0, 0, width, height], Resources: { XObject: { Im0: image.ref }, ExtGState: { GS0: { Type: 'ExtGState', BM: 'Multiply' } } } },
    );
    apRef = context.register(stream);
  } else {
    apRef = context.register(context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} }));
  }

  const stampRefs = await buildStamps(doc, pages, options.stamps ?? []);

  // AcroForm (created when missing) and a field name not used yet.
  const catalogRef = context.trailerInfo.Root as PDFRef;
  let acroForm: PDFDict;
  const acroFormEntry = doc.catalog.get(PDFName.of('AcroForm'));
  if (acroFormEntry instanceof PDFRef) {
    acroForm = context.lookup(acroFormEntry, PDFDict);
    changed.add(acroFormEntry);
  } else if (acroFormEntry instanceof PDFDict) {
    acroForm = acroFormEntry;
    changed.add(catalogRef);
  } else {
    acroForm = context.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), context.register(acroForm));
    changed.add(catalogRef);
  }
  const fieldsEntry = acroForm.get(PDFName.of('Fields'));
  let fields: PDFArray;
  if (fieldsEntry instanceof PDFRef) {
    fields = context.lookup(fieldsEntry, PDFArray);
    changed.add(fieldsEntry);
  } else if (fieldsEntry instanceof PDFArray) {
    fields = fieldsEntry;
  } else {
    fields = context.obj([]);
    acroForm.set(PDFName.of('Fields'), fields);
  }
  const taken = new Set<string>();
  for (let i = 0; i < fields.size(); i++) {
    const field = context.lookupMaybe(fields.get(i), PDFDict);
    const t = field?.lookupMaybe(PDFName.of('T'), PDFString, PDFHexString);
    if (t) taken.add(t.decodeText());
  }
  let n = fields.size() + 1;
  while (taken.has(`Signature${n}`)) n++;

  const widget = context.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: rect,
    V: sigRef,
    T: PDFString.of(`Signature${n}`),
    F: 4 | 128, // print, locked
    P: page.ref,
    AP: { N: apRef },
  });
  const widgetRef = context.register(widget);
  fields.push(widgetRef);
  acroForm.set(PDFName.of('SigFlags'), PDFNumber.of(3)); // signatures exist, append only

  const addAnnot = (target: PDFPage, ref: PDFRef) => {
    const annots = target.node.get(PDFName.of('Annots'));
    if (annots instanceof PDFRef) {
      context.lookup(annots, PDFArray).push(ref);
      changed.add(annots);
    } else if (annots instanceof PDFArray) {
      annots.push(ref);
      changed.add(target.ref);
    } else {
      target.node.set(PDFName.of('Annots'), context.obj([ref]));
      changed.add(target.ref);
    }
  };
  addAnnot(page, widgetRef);
  for (const st of stampRefs) addAnnot(pages[st.page]!, st.ref);

  const info = context.trailerInfo.Info;
  const id = context.trailerInfo.ID;
  const firstId = id instanceof PDFArray ? id.get(0) : undefined;

  return () => {
    const objects: { ref: PDFRef; bytes: Buffer }[] = [];
    const sigDict = [
      '<<',
      '/Type /Sig',
      '/Filter /Adobe.PPKLite',
      '/SubFilter /ETSI.CAdES.detached',
      BYTE_RANGE_PLACEHOLDER,
      `/Contents <${'0'.repeat(placeholderSize() * 2)}>`,
      `/M ${PDFString.fromDate(signingTime).toString()}`,
      `/Name ${pdfText(options.name)}`,
      `/Reason ${pdfText(options.reason)}`,
      `/Location ${pdfText(options.location)}`,
      ...(options.contactInfo ? [`/ContactInfo ${pdfText(options.contactInfo)}`] : []),
      '/Prop_Build << /App << /Name /wfsaas >> >>',
      '>>',
    ].join('\n');
    objects.push({ ref: sigRef, bytes: Buffer.from(sigDict, 'latin1') });
    for (const [ref, obj] of context.enumerateIndirectObjects()) {
      if (ref === sigRef || (ref.objectNumber < firstNew && !changed.has(ref))) continue;
      objects.push({ ref, bytes: objectBytes(obj) });
    }
    objects.sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);

    const parts: Buffer[] = [];
    let offset = input.length;
    const push = (b: Buffer) => {
      parts.push(b);
      offset += b.length;
    };
    if (input[input.length - 1] !== 0x0a && input[input.length - 1] !== 0x0d) push(Buffer.from('\n'));
    const offsets = new Map<number, { gen: number; at: number }>();
    for (const { ref, bytes } of objects) {
      offsets.set(ref.objectNumber, { gen: ref.generationNumber, at: offset });
      push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
      push(bytes);
      push(Buffer.from('\nendobj\n', 'latin1'));
    }
    const xrefAt = offset;
    const numbers = [...offsets.keys()].sort((a, b) => a - b);
    let xref = 'xref\n';
    for (let i = 0; i < numbers.length; ) {
      let j = i;
      while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
      xref += `${numbers[i]} ${j - i + 1}\n`;
      for (let k = i; k <= j; k++) {
        const e = offsets.get(numbers[k]!)!;
        xref += `${String(e.at).padStart(10, '0')} ${String(e.gen).padStart(5, '0')} n \n`;
      }
      i = j + 1;
    }
    const newId = PDFHexString.of(randomBytes(16).toString('hex')).toString();
    const trailer = [
      'trailer',
      '<<',
      `/Size ${context.largestObjectNumber + 1}`,
      `/Root ${catalogRef.toString()}`,
      ...(info ? [`/Info ${info.toString()}`] : []),
      `/ID [${firstId ? firstId.toString() : newId} ${newId}]`,
      `/Prev ${prevXref}`,
      '>>',
      'startxref',
      String(xrefAt),
      '%%EOF',
      '',
    ].join('\n');
    push(Buffer.from(xref + trailer, 'latin1'));
    return Buffer.concat(parts);
  };
}

function objectBytes(obj: PDFObject): Buffer {
  const bytes = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(bytes, 0);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Builds each stamp as a locked, printable stamp annotation with its own appearance. */
async function buildStamps(doc: PDFDocument, pages: PDFPage[], stamps: SignStamp[]): Promise<{ page: number; ref: PDFRef }[]> {
  const context = doc.context;
  const images = new Map<Uint8Array, PDFImage>();
  let font: PDFFont | undefined;
  const out: { page: number; ref: PDFRef }[] = [];
  for (const [i, st] of stamps.entries()) {
    const label = `第 ${i + 1} 个签章标记`;
    if (!Number.isInteger(st.page) || st.page < 0 || st.page >= pages.length) {
      throw new EsignInputError(`stamps[${i}].page`, `${label}的页码超出文档范围（共 ${pages.length} 页，从 0 起算）`);
    }
    const { x, y, width, height } = st.rect ?? ({} as SignStamp['rect']);
    if (![x, y, width, height].every(Number.isFinite) || width <= 0 || height <= 0) {
      throw new EsignInputError(`stamps[${i}].rect`, `${label}的位置和尺寸必须是数字，宽高大于 0`);
    }
    if ((st.image === undefined) === (st.text === undefined)) throw new EsignInputError(`stamps[${i}]`, `${label}须为图片或文字中的一项`);
    let stream;
    if (st.image !== undefined) {
      let image = images.get(st.image);
      if (!image) {
        try {
          image = await doc.embedPng(st.image);
          await image.embed();
        } catch {
          throw new EsignInputError(`stamps[${i}].image`, `${label}的图片不是有效的 PNG 图片`);
        }
        images.set(st.image, image);
      }
      let w: number;
      let h: number;
      let dx: number;
      let dy: number;
      if (st.strip) {
        const { index, count } = st.strip;
        if (!Number.isInteger(count) || count < 1 || !Number.isInteger(index) || index < 0 || index >= count) {
          throw new EsignInputError(`stamps[${i}].strip`, `${label}的骑缝分段无效`);
        }
        h = height;
        w = (image.width / image.height) * h;
        dx = -index * (w / count);
        dy = 0;
      } else {
        const scale = Math.min(width / image.width, height / image.height);
        w = image.width * scale;
        h = image.height * scale;
        dx = (width - w) / 2;
        dy = (height - h) / 2;
      }
      stream = context.formXObject(
        [pushGraphicsState(), setGraphicsState('GS0'), concatTransformationMatrix(w, 0, 0, h, dx, dy), drawObject('Im0'), popGraphicsState()],
        { BBox: [0, 0, width, height], Resources: { XObject: { Im0: image.ref }, ExtGState: { GS0: { Type: 'ExtGState', BM: 'Multiply' } } } },
      );
    } else {
      const text = String(st.text);
      assertDrawable(text, `stamps[${i}].text`, `${label}的文字`);
      font ??= await embedChineseFont(doc);
      let size = st.fontSize ?? Math.min(12, height * 0.75);
      while (size > 6 && font.widthOfTextAtSize(text, size) > width) size -= 0.5;
      if (font.widthOfTextAtSize(text, size) > width + 0.01) throw new EsignInputError(`stamps[${i}].text`, `${label}的文字过长，超出填写区域`);
      stream = context.formXObject(
        [beginText(), setFontAndSize('F0', size), moveText(0, (height - size) / 2 + size * 0.12), showText(font.encodeText(text)), endText()],
        { BBox: [0, 0, width, height], Resources: { Font: { F0: font.ref } } },
      );
    }
    const apRef = context.register(stream);
    const annot = context.obj({
      Type: 'Annot',
      Subtype: 'Stamp',
      Rect: [x, y, x + width, y + height],
      F: 4 | 128, // print, locked
      P: pages[st.page]!.ref,
      AP: { N: apRef },
    });
    out.push({ page: st.page, ref: context.register(annot) });
  }
  // The subset font is written with the glyphs used above.
  if (font) await font.embed();
  return out;
}
