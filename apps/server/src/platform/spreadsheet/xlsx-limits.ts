/** The caps of the bounded xlsx reader and the messages that name them. */

export type XlsxLimits = {
  /** Declared uncompressed size of the zip's entries, each and in sum; bytes inflated are held to it too. */
  maxUncompressedBytes: number;
  /** Zip entries; an xlsx has a few dozen. */
  maxEntries: number;
  /** Non-empty rows read from the sheet (header rows included). */
  maxRows: number;
  /** Column index (A = 1) of any cell that holds a value. */
  maxColumns: number;
  /** Characters of one cell's text (Excel's own limit is 32,767). */
  maxCellLength: number;
  maxSharedStrings: number;
  /** Characters of all shared strings together. */
  maxSharedStringChars: number;
  maxMerges: number;
};

export const DEFAULT_XLSX_LIMITS: XlsxLimits = {
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxEntries: 10_000,
  maxRows: 20_000,
  maxColumns: 200,
  maxCellLength: 32_767,
  maxSharedStrings: 1_000_000,
  maxSharedStringChars: 32 * 1024 * 1024,
  maxMerges: 100_000,
};

/** Bytes of a tag (its name and attributes); a real one is well under 1 KB. */
export const MAX_TAG_BYTES = 64 * 1024;
/** Bytes one character may take in XML before decoding (`&quot;` is six). */
export const BYTES_PER_CHAR = 6;

export type XlsxMessages = {
  notXlsx: string;
  tooLarge: string;
  tooManyRows: string;
  tooManyColumns: string;
  cellTooLong: string;
  tooManyStrings: string;
  tooManyMerges: string;
};

export const MSG_NOT_XLSX = '文件不是有效的 Excel（.xlsx）文件';

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10}`;

export function defaultXlsxMessages(l: XlsxLimits): XlsxMessages {
  return {
    notXlsx: MSG_NOT_XLSX,
    tooLarge: `文件解压后超过 ${megabytes(l.maxUncompressedBytes)} MB，请删减后再上传`,
    tooManyRows: `数据行数超过单次导入上限 ${l.maxRows} 行，请分批导入`,
    tooManyColumns: `列数超过上限 ${l.maxColumns} 列，请删减后再上传`,
    cellTooLong: `单元格内容过长（超过 ${l.maxCellLength} 个字符），请删减后再上传`,
    tooManyStrings: `文件中的文字内容过多（超过 ${l.maxSharedStrings} 条或 ${l.maxSharedStringChars} 个字符），请删减后再上传`,
    tooManyMerges: `合并单元格过多（超过 ${l.maxMerges} 个），请取消合并后再上传`,
  };
}
