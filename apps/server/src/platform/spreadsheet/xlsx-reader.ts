import { badRequest } from '../errors.ts';
import { MergeScanner, SheetRowParser, type SheetContext, type SheetMerge, type SheetRow } from './sheet-rows.ts';
import { readDateStyles, readRelationships, readSharedStrings, readWorkbook, type PartContext, type SheetEntry } from './workbook-parts.ts';
import { BYTES_PER_CHAR, DEFAULT_XLSX_LIMITS, defaultXlsxMessages, MAX_TAG_BYTES, type XlsxLimits, type XlsxMessages } from './xlsx-limits.ts';
import { streamXml, type XmlStreamOptions } from './xml-stream.ts';
import { ZipArchive } from './zip-archive.ts';

/**
 * The one way the server reads an uploaded .xlsx (docs/security.md "Input"): the zip's directory checked
 * first, every part inflated as a stream and parsed by SAX behind a byte guard, every cap checked
 * before anything large is built. Refusals are `badRequest` with a message naming the cap.
 */

/** Which sheet: the first, the first visible one holding a value (else the first), or by name (else the first). */
export type SheetChoice = 'first' | 'firstVisibleWithData' | { name: string };

export type XlsxReadOptions = {
  sheet?: SheetChoice;
  limits?: Partial<XlsxLimits>;
  messages?: Partial<XlsxMessages>;
  /** The text of TRUE and FALSE cells: 是/否 unless given. */
  booleanText?: readonly [string, string];
};

export type XlsxSheet = {
  name: string;
  merges: readonly SheetMerge[];
  /** The sheet's non-empty rows in order, as they are parsed; each call reads the sheet again. */
  rows(): AsyncGenerator<SheetRow>;
};

type Opened = { archive: ZipArchive; ctx: SheetContext; xml: XmlStreamOptions };

async function* streamRows(o: Opened, path: string, merges: readonly SheetMerge[]): AsyncGenerator<SheetRow> {
  const parser = new SheetRowParser(o.ctx, merges);
  for await (const _ of streamXml(o.archive.read(path), parser, o.xml)) {
    yield* parser.takeReady();
    if (parser.isDone) return;
  }
  yield* parser.takeReady();
}

async function hasData(o: Opened, path: string): Promise<boolean> {
  for await (const _ of streamRows(o, path, [])) return true;
  return false;
}

/** `<mergeCells>` follows `<sheetData>`: a first pass over the raw bytes finds the ranges. */
async function readMerges(o: Opened, path: string): Promise<SheetMerge[]> {
  const merges: SheetMerge[] = [];
  const scanner = new MergeScanner(o.xml.guard.maxTextBytes, () => badRequest(o.ctx.messages.cellTooLong), (m) => {
    if (merges.length >= o.ctx.limits.maxMerges) throw badRequest(o.ctx.messages.tooManyMerges);
    merges.push(m);
  });
  for await (const chunk of o.archive.read(path)) {
    scanner.scan(chunk);
    if (scanner.isEnd) break;
  }
  return merges;
}

async function chooseSheet(o: Opened, sheets: readonly SheetEntry[], choice: SheetChoice): Promise<SheetEntry | undefined> {
  const worksheets = sheets.filter((s) => s.path !== null);
  if (choice === 'firstVisibleWithData') {
    for (const s of worksheets) if (!s.isHidden && (await hasData(o, s.path!))) return s;
  } else if (choice !== 'first') {
    const named = worksheets.find((s) => s.name === choice.name);
    if (named) return named;
  }
  return worksheets[0];
}

/** Opens one sheet of an .xlsx held in memory: its merged ranges read, its rows ready to stream. */
export async function openXlsxSheet(data: Buffer, options: XlsxReadOptions = {}): Promise<XlsxSheet> {
  const limits: XlsxLimits = { ...DEFAULT_XLSX_LIMITS, ...options.limits };
  const messages: XlsxMessages = { ...defaultXlsxMessages(limits), ...options.messages };
  const xml: XmlStreamOptions = { guard: { maxTextBytes: limits.maxCellLength * BYTES_PER_CHAR, maxTagBytes: MAX_TAG_BYTES }, messages };
  const archive = await ZipArchive.open(data, limits, messages);
  if (!archive.has('xl/workbook.xml')) throw badRequest(messages.notXlsx);
  const parts: PartContext = { archive, limits, messages, xml };
  const rels = await readRelationships(parts, 'xl/_rels/workbook.xml.rels', 'xl');
  const workbook = await readWorkbook(parts, rels);
  const partOf = (type: string, fallback: string) => [...rels.values()].find((r) => r.type.endsWith(type))?.path ?? fallback;
  const isDateStyle = await readDateStyles(parts, partOf('/styles', 'xl/styles.xml'));
  const strings = await readSharedStrings(parts, partOf('/sharedStrings', 'xl/sharedStrings.xml'));
  const ctx: SheetContext = { strings, isDateStyle, date1904: workbook.date1904, booleanText: options.booleanText ?? ['是', '否'], limits, messages };
  const opened: Opened = { archive, ctx, xml };
  const sheet = await chooseSheet(opened, workbook.sheets, options.sheet ?? 'first');
  if (!sheet?.path) throw badRequest(messages.notXlsx);
  const path = sheet.path;
  const merges = await readMerges(opened, path);
  return { name: sheet.name, merges, rows: () => streamRows(opened, path, merges) };
}

export type XlsxSheetData = { name: string; merges: readonly SheetMerge[]; rows: SheetRow[] };

/** openXlsxSheet with every row collected (the row cap bounds how many). */
export async function readXlsxSheet(data: Buffer, options: XlsxReadOptions = {}): Promise<XlsxSheetData> {
  const sheet = await openXlsxSheet(data, options);
  const rows: SheetRow[] = [];
  for await (const row of sheet.rows()) rows.push(row);
  return { name: sheet.name, merges: sheet.merges, rows };
}
