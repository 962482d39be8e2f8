/**
 * What a file is, read from its bytes (not from its name or the browser's content type), and
 * whether that agrees with its extension.
 */
export type SniffedType =
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'bmp'
  | 'tiff'
  | 'psd'
  | 'svg'
  | 'pdf'
  | 'xlsx'
  | 'docx'
  | 'ole'
  | 'zip'
  /** A zip cut short or with a broken directory. */
  | 'damaged'
  | 'text'
  | 'executable'
  | 'binary'
  | 'empty';

type Rule = { accepts: readonly SniffedType[]; mime: string; isImage: boolean };

const image = (type: SniffedType, mime: string): Rule => ({ accepts: [type], mime, isImage: true });

/** The extensions accepted for upload and the content each must hold. */
const RULES: Record<string, Rule> = {
  png: image('png', 'image/png'),
  jpg: image('jpeg', 'image/jpeg'),
  jpeg: image('jpeg', 'image/jpeg'),
  gif: image('gif', 'image/gif'),
  webp: image('webp', 'image/webp'),
  bmp: image('bmp', 'image/bmp'),
  tif: image('tiff', 'image/tiff'),
  tiff: image('tiff', 'image/tiff'),
  psd: image('psd', 'image/vnd.adobe.photoshop'),
  svg: image('svg', 'image/svg+xml'),
  pdf: { accepts: ['pdf'], mime: 'application/pdf', isImage: false },
  xlsx: { accepts: ['xlsx'], mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', isImage: false },
  docx: { accepts: ['docx'], mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', isImage: false },
  xls: { accepts: ['ole'], mime: 'application/vnd.ms-excel', isImage: false },
  doc: { accepts: ['ole'], mime: 'application/msword', isImage: false },
  txt: { accepts: ['text', 'svg'], mime: 'text/plain', isImage: false },
  csv: { accepts: ['text', 'svg'], mime: 'text/csv', isImage: false },
};

/** The extensions the product treats as images (plus tif, the same format as tiff). */
export const IMAGE_EXTENSIONS: readonly string[] = Object.keys(RULES).filter((e) => RULES[e]!.isImage);
export const ACCEPTED_EXTENSIONS: readonly string[] = Object.keys(RULES);

export const MESSAGE_MISMATCH = '文件内容与扩展名不符';
export const MESSAGE_UNSUPPORTED = '不支持的文件类型';
export const MESSAGE_EMPTY = '文件内容为空，请重新选择文件';
export const MESSAGE_DAMAGED = '文件不完整或已损坏，请重新保存后再上传';

export function extensionOf(filename: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(filename.trim());
  return m ? m[1]!.toLowerCase() : '';
}

export function isAcceptedExtension(ext: string): boolean {
  return Object.hasOwn(RULES, ext);
}

export function isImageExtension(ext: string): boolean {
  return isAcceptedExtension(ext) && RULES[ext]!.isImage;
}

const startsWith = (b: Buffer, bytes: readonly number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Buffer, s: string, at = 0) => b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;

/** No NUL bytes and hardly any control characters: text in UTF-8, GBK or another ASCII-compatible encoding. */
function looksLikeText(b: Buffer): boolean {
  if (startsWith(b, [0xff, 0xfe]) || startsWith(b, [0xfe, 0xff])) return true; // UTF-16 with a byte-order mark
  let control = 0;
  for (const x of b) {
    if (x === 0) return false;
    if (x < 0x20 && x !== 0x09 && x !== 0x0a && x !== 0x0d && x !== 0x0c && x !== 0x1b) control++;
  }
  return control <= b.length / 100;
}

function isSvg(head: Buffer): boolean {
  let text = head.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.trimStart();
  if (/^<svg[\s>]/i.test(text)) return true;
  return /^(<\?xml|<!--|<!doctype\s+svg)/i.test(text) && /<svg[\s>]/i.test(text);
}

const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

const EOCD = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CD_ENTRY = 0x02014b50;
const CD_ENTRY_SIZE = 46;

/**
 * The zip's entry names from its central directory, read from the file's last bytes: 'damaged' when
 * the end record is missing or the directory is inconsistent; 'partial' when the directory is
 * longer than the bytes seen (then only the end record could be checked).
 */
function zipDirectory(tail: Buffer): string[] | 'damaged' | 'partial' {
  let at = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0 && i >= tail.length - EOCD_SIZE - 0xffff; i--) {
    if (tail.readUInt32LE(i) === EOCD && tail.readUInt16LE(i + 20) === tail.length - i - EOCD_SIZE) {
      at = i;
      break;
    }
  }
  if (at < 0) return 'damaged';
  let entries = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  let end = at;
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0 || tail.readUInt16LE(at + 8) !== entries) return 'damaged';
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    // zip64: a locator right before the end record, the zip64 end record (56 bytes) before that
    const z = at - 20 - 56;
    if (z < 0) return at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR ? 'partial' : 'damaged';
    if (tail.readUInt32LE(at - 20) !== ZIP64_LOCATOR || tail.readUInt32LE(z) !== ZIP64_EOCD) return 'damaged';
    entries = Number(tail.readBigUInt64LE(z + 32));
    size = Number(tail.readBigUInt64LE(z + 40));
    offset = Number(tail.readBigUInt64LE(z + 48));
    end = z;
  }
  if (entries === 0 || size < entries * CD_ENTRY_SIZE) return 'damaged';
  let pos = end - size;
  if (pos < 0) return 'partial';
  const names: string[] = [];
  for (let k = 0; k < entries; k++) {
    if (pos + CD_ENTRY_SIZE > end || tail.readUInt32LE(pos) !== CD_ENTRY) return 'damaged';
    const nameLength = tail.readUInt16LE(pos + 28);
    const next = pos + CD_ENTRY_SIZE + nameLength + tail.readUInt16LE(pos + 30) + tail.readUInt16LE(pos + 32);
    const localOffset = tail.readUInt32LE(pos + 42);
    if (next > end || (localOffset !== 0xffffffff && localOffset + 30 > offset)) return 'damaged';
    names.push(tail.toString('utf8', pos + CD_ENTRY_SIZE, pos + CD_ENTRY_SIZE + nameLength));
    pos = next;
  }
  return pos === end ? names : 'damaged';
}

/** xlsx, docx or another zip, from a complete central directory (or, when it is longer than the tail, the names seen). */
function zipKind(head: Buffer, tail: Buffer): SniffedType {
  const dir = zipDirectory(tail.length > 0 ? tail : head);
  if (dir === 'damaged') return 'damaged';
  const has =
    dir === 'partial'
      ? (name: string) => head.toString('latin1').includes(name) || tail.toString('latin1').includes(name)
      : (name: string) => dir.includes(name);
  if (!has('[Content_Types].xml')) return 'zip';
  if (has('xl/workbook.xml')) return 'xlsx';
  if (has('word/document.xml')) return 'docx';
  return 'zip';
}

/**
 * head: the first bytes of the file (64 KB is plenty); tail: its last bytes, where a zip keeps its
 * directory (it tells an xlsx from a docx from any other zip, and a complete zip from a cut one).
 * Without a tail, the head is taken as the whole file.
 */
export function sniffContent(head: Buffer, tail: Buffer = Buffer.alloc(0)): SniffedType {
  if (head.length === 0) return 'empty';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'gif';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'webp';
  if (ascii(head, 'BM') && head.length >= 18 && head.readUInt32LE(6) === 0 && BMP_HEADER_SIZES.has(head.readUInt32LE(14))) return 'bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(head, '8BPS') && (startsWith(head, [0x00, 0x01], 4) || startsWith(head, [0x00, 0x02], 4))) return 'psd';
  if (ascii(head, '%PDF-')) return 'pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    return zipKind(head, tail);
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'executable'; // ELF
  for (const magic of [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
  ]) {
    if (startsWith(head, magic)) return 'executable'; // Mach-O, Java class
  }
  const text = looksLikeText(head);
  if (ascii(head, 'MZ') && !text) return 'executable'; // Windows PE
  if (!text) return 'binary';
  if (ascii(head, '#!')) return 'executable'; // a script
  return isSvg(head) ? 'svg' : 'text';
}

export type UploadCheck = { ok: true; ext: string; mime: string; isImage: boolean; sniffed: SniffedType } | { ok: false; message: string };

/** Whether a file of this name may hold these bytes. */
export function checkUploadContent(filename: string, head: Buffer, tail?: Buffer): UploadCheck {
  const sniffed = sniffContent(head, tail);
  if (sniffed === 'empty') return { ok: false, message: MESSAGE_EMPTY };
  if (sniffed === 'executable' || sniffed === 'binary') return { ok: false, message: MESSAGE_UNSUPPORTED };
  const ext = extensionOf(filename);
  const rule = RULES[ext];
  if (!rule || !Object.hasOwn(RULES, ext)) return { ok: false, message: MESSAGE_UNSUPPORTED };
  if (sniffed === 'damaged') return { ok: false, message: MESSAGE_DAMAGED };
  if (!rule.accepts.includes(sniffed)) return { ok: false, message: MESSAGE_MISMATCH };
  return { ok: true, ext, mime: rule.mime, isImage: rule.isImage, sniffed };
}

/** Keeps the first and the last `size` bytes of what passes through it. */
export function headTailCollector(size = 64 * 1024) {
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  return {
    push(chunk: Buffer) {
      if (head.length < size) head = Buffer.concat([head, chunk.subarray(0, size - head.length)]);
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > size) tail = tail.subarray(tail.length - size);
    },
    head: () => head,
    tail: () => tail,
  };
}
