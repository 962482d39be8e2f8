/**
 * Finds signature dictionaries in the raw bytes of a PDF. Verification reads the bytes rather than
 * the object graph on purpose: a tampered file may no longer parse, and what a signature covers is
 * defined by byte offsets anyway.
 */
export type FoundSignature = {
  /** [start1, length1, start2, length2] — the signed bytes, around the /Contents hex string */
  byteRange: [number, number, number, number];
  /** The CMS bytes from /Contents (trailing zero padding removed). */
  contents: Buffer;
  /** Entries of the signature dictionary, decoded. */
  subFilter?: string;
  name?: string;
  reason?: string;
  location?: string;
  /** The claimed signing time (/M). */
  signingTime?: Date;
};

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

export function findSignatureRanges(pdf: Uint8Array): FoundSignature['byteRange'][] {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const ranges: FoundSignature['byteRange'][] = [];
  for (const m of text.matchAll(BYTE_RANGE)) ranges.push([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
  return ranges;
}

export function findSignatures(pdf: Uint8Array): FoundSignature[] {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const text = buf.toString('latin1');
  const found: FoundSignature[] = [];
  for (const m of text.matchAll(BYTE_RANGE)) {
    const byteRange: FoundSignature['byteRange'] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
    const [, gapStart, gapEnd] = byteRange;
    let contents = Buffer.alloc(0);
    if (gapStart < gapEnd && gapEnd <= buf.length && text[gapStart] === '<' && text[gapEnd - 1] === '>') {
      const hex = text.slice(gapStart + 1, gapEnd - 1).replace(/\s+/g, '');
      contents = Buffer.from(/^[0-9a-fA-F]*$/.test(hex) && hex.length % 2 === 0 ? hex : '', 'hex');
    }
    // The dictionary: from the object header before /ByteRange to the endobj after /Contents.
    const dictStart = text.lastIndexOf(' obj', m.index);
    const endobj = text.indexOf('endobj', Math.max(m.index, gapEnd));
    const dict = text.slice(dictStart < 0 ? m.index : dictStart, endobj < 0 ? undefined : endobj).replace(/\/Contents\s*<[^>]*>/, '');
    found.push({
      byteRange,
      contents: stripDerPadding(contents),
      subFilter: /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(dict)?.[1],
      name: readString(dict, 'Name'),
      reason: readString(dict, 'Reason'),
      location: readString(dict, 'Location'),
      signingTime: parsePdfDate(readString(dict, 'M')),
    });
  }
  return found;
}

/** /Contents is zero-padded to its placeholder size: keep only the DER value's own length. */
function stripDerPadding(bytes: Buffer): Buffer {
  if (bytes.length < 2 || bytes[0] !== 0x30) return bytes;
  let len = bytes[1]!;
  let header = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n < 1 || n > 4 || bytes.length < 2 + n) return bytes;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + bytes[2 + i]!;
    header = 2 + n;
  }
  return bytes.subarray(0, Math.min(bytes.length, header + len));
}

function readString(dict: string, key: string): string | undefined {
  const hex = new RegExp(`/${key}\\s*<([0-9A-Fa-f\\s]*)>`).exec(dict);
  if (hex) return decodePdfText(Buffer.from(hex[1]!.replace(/\s+/g, ''), 'hex'));
  const start = new RegExp(`/${key}\\s*\\(`).exec(dict);
  if (!start) return undefined;
  // A literal string: balanced parentheses with backslash escapes.
  const bytes: number[] = [];
  let depth = 1;
  for (let i = start.index + start[0].length; i < dict.length; i++) {
    const c = dict[i]!;
    if (c === '\\') {
      const next = dict[++i];
      const map: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };
      if (next === undefined) break;
      if (/[0-7]/.test(next)) {
        let oct = next;
        while (oct.length < 3 && /[0-7]/.test(dict[i + 1] ?? '')) oct += dict[++i];
        bytes.push(parseInt(oct, 8) & 0xff);
      } else bytes.push(map[next] ?? next.charCodeAt(0));
      continue;
    }
    if (c === '(') depth++;
    if (c === ')' && --depth === 0) break;
    bytes.push(c.charCodeAt(0));
  }
  return decodePdfText(Buffer.from(bytes));
}

/** PDF text strings are UTF-16BE with a byte-order mark, or PDFDocEncoding (Latin-1 here). */
function decodePdfText(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
    swapped.swap16();
    return swapped.toString('utf16le');
  }
  return bytes.toString('latin1');
}

/** D:YYYYMMDDHHmmSS+HH'mm' (later parts optional) → Date. */
export function parsePdfDate(value: string | undefined): Date | undefined {
  const m = value && /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/.exec(value);
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', sign, oh = '00', om = '00'] = m;
  let ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (sign === '+' || sign === '-') ms -= (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return new Date(ms);
}
