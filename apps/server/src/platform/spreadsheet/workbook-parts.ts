import { badRequest } from '../errors.ts';
import { isBuiltinDateFormat, isDateFormatCode } from './cell-text.ts';
import type { XlsxLimits, XlsxMessages } from './xlsx-limits.ts';
import { prefixedAttr, streamXml, type XmlHandlers, type XmlStreamOptions } from './xml-stream.ts';
import type { ZipArchive } from './zip-archive.ts';

/** The parts of a workbook read before its sheet: relationships, sheet list, styles, shared strings. */

export type PartContext = { archive: ZipArchive; limits: XlsxLimits; messages: XlsxMessages; xml: XmlStreamOptions };

export type Relationship = { type: string; path: string };
export type SheetEntry = { name: string; isHidden: boolean; path: string | null };

/** Parts other than the sheets are small; refuse absurd counts of anything inside them. */
const MAX_ITEMS = 100_000;

async function parsePart(c: PartContext, path: string, handlers: XmlHandlers): Promise<void> {
  for await (const _ of streamXml(c.archive.read(path), handlers, c.xml)) {
    // the handlers gather as the part streams
  }
}

function countItem(c: PartContext, n: number) {
  if (n > MAX_ITEMS) throw badRequest(c.messages.notXlsx);
}

/** `target` of a relationship, from the folder of its source part, as an entry path. */
export function resolvePartPath(sourceDir: string, target: string): string {
  const parts = target.startsWith('/') ? [] : sourceDir.split('/').filter(Boolean);
  for (const seg of target.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

/** A part's relationships by id (targets outside the package left out). */
export async function readRelationships(c: PartContext, relsPath: string, sourceDir: string): Promise<Map<string, Relationship>> {
  const rels = new Map<string, Relationship>();
  if (!c.archive.has(relsPath)) return rels;
  await parsePart(c, relsPath, {
    open(name, a) {
      if (name !== 'Relationship' || !a.Id || !a.Target || a.TargetMode === 'External') return;
      countItem(c, rels.size + 1);
      rels.set(a.Id, { type: a.Type ?? '', path: resolvePartPath(sourceDir, a.Target) });
    },
    close() {},
    text() {},
  });
  return rels;
}

export type WorkbookInfo = { sheets: SheetEntry[]; date1904: boolean };

/** The worksheets in workbook order (chart sheets and sheets whose part is missing have a null path). */
export async function readWorkbook(c: PartContext, rels: ReadonlyMap<string, Relationship>): Promise<WorkbookInfo> {
  const sheets: SheetEntry[] = [];
  let date1904 = false;
  await parsePart(c, 'xl/workbook.xml', {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name !== 'sheet') return;
      countItem(c, sheets.length + 1);
      const id = prefixedAttr(a, 'id');
      const rel = id === undefined ? undefined : rels.get(id);
      const isWorksheet = rel !== undefined && rel.type.endsWith('/worksheet') && c.archive.has(rel.path);
      sheets.push({ name: a.name ?? '', isHidden: a.state === 'hidden' || a.state === 'veryHidden', path: isWorksheet ? rel.path : null });
    },
    close() {},
    text() {},
  });
  return { sheets, date1904 };
}

/** For each cell format (the `s` of a cell), whether it shows a date. */
export async function readDateStyles(c: PartContext, path: string | null): Promise<boolean[]> {
  if (!path || !c.archive.has(path)) return [];
  const codes = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellXfs = false;
  await parsePart(c, path, {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId !== undefined) {
        countItem(c, codes.size + 1);
        codes.set(Number(a.numFmtId), a.formatCode ?? '');
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        countItem(c, formatIds.length + 1);
        formatIds.push(Number(a.numFmtId ?? 0));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return formatIds.map((id) => {
    const code = codes.get(id);
    return code !== undefined ? isDateFormatCode(code) : isBuiltinDateFormat(id);
  });
}

/** The shared strings (plain and rich text joined; phonetic runs left out), within the caps. */
export async function readSharedStrings(c: PartContext, path: string | null): Promise<string[]> {
  if (!path || !c.archive.has(path)) return [];
  const strings: string[] = [];
  const { maxCellLength, maxSharedStrings, maxSharedStringChars } = c.limits;
  let inSi = false;
  let inT = false;
  let phonetic = 0;
  let text = '';
  let chars = 0;
  await parsePart(c, path, {
    open(name) {
      if (name === 'si') {
        if (strings.length >= maxSharedStrings) throw badRequest(c.messages.tooManyStrings);
        inSi = true;
        text = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inSi && phonetic === 0) inT = true;
    },
    text(t) {
      if (!inT) return;
      if (text.length + t.length > maxCellLength) throw badRequest(c.messages.cellTooLong);
      text += t;
    },
    close(name) {
      if (name === 't') inT = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        chars += text.length;
        if (chars > maxSharedStringChars) throw badRequest(c.messages.tooManyStrings);
        strings.push(text);
        inSi = false;
        text = '';
      }
    },
  });
  return strings;
}
