import { badRequest } from '../errors.ts';
import { numberText, parseCellRef, serialDateText } from './cell-text.ts';
import type { XlsxLimits, XlsxMessages } from './xlsx-limits.ts';
import type { XmlHandlers } from './xml-stream.ts';

/** A row that holds at least one value: `cells[0]` is column A, up to the last non-empty cell. */
export type SheetRow = { rowNo: number; cells: string[] };
/** A merged range, 1-based and inclusive. */
export type SheetMerge = { top: number; left: number; bottom: number; right: number };

export type SheetContext = {
  strings: readonly string[];
  isDateStyle: readonly boolean[];
  date1904: boolean;
  booleanText: readonly [string, string];
  limits: XlsxLimits;
  messages: XlsxMessages;
};

type ActiveMerge = SheetMerge & { master: string };

/**
 * SAX handlers for a worksheet's `<sheetData>`: each finished row is converted to display text, the
 * cells of merged ranges take their top-left cell's text (as ExcelJS read them), and rows that exist
 * only through a merge are filled in. Rows wait in `ready` until the caller takes them.
 */
export class SheetRowParser implements XmlHandlers {
  /** `</sheetData>` was seen: nothing after it matters. */
  isDone = false;
  private ready: SheetRow[] = [];
  private inSheetData = false;
  private rowNo = 0;
  private lastRowNo = 0;
  private cells: string[] = [];
  private col = 0;
  private lastCol = 0;
  private type = 'n';
  private style = 0;
  private value: string | null = null;
  private inline: string | null = null;
  private collecting = false;
  private inInline = false;
  private phonetic = 0;
  private gathered = '';
  private emitted = 0;
  private readonly pending: ActiveMerge[];
  private nextMerge = 0;
  private active: ActiveMerge[] = [];
  private readonly lastMergeRow: number;

  constructor(
    private readonly c: SheetContext,
    merges: readonly SheetMerge[],
  ) {
    this.pending = merges.map((m) => ({ ...m, master: '' })).sort((a, b) => a.top - b.top || a.left - b.left);
    this.lastMergeRow = merges.reduce((max, m) => Math.max(max, m.bottom), 0);
  }

  takeReady(): SheetRow[] {
    const rows = this.ready;
    this.ready = [];
    return rows;
  }

  open(name: string, a: Readonly<Record<string, string>>): void {
    if (!this.inSheetData) {
      if (name === 'sheetData') this.inSheetData = true;
      return;
    }
    switch (name) {
      case 'row': {
        const r = a.r === undefined ? this.lastRowNo + 1 : Number(a.r);
        if (!Number.isSafeInteger(r) || r < 1) throw badRequest(this.c.messages.notXlsx);
        this.rowNo = r;
        this.cells = [];
        this.lastCol = 0;
        break;
      }
      case 'c': {
        const ref = a.r === undefined ? null : parseCellRef(a.r);
        if (a.r !== undefined && !ref) throw badRequest(this.c.messages.notXlsx);
        this.col = ref ? ref.col : this.lastCol + 1;
        this.lastCol = this.col;
        this.type = a.t ?? 'n';
        this.style = a.s === undefined ? 0 : Number(a.s);
        this.value = null;
        this.inline = null;
        break;
      }
      case 'v':
        this.collecting = true;
        this.gathered = '';
        break;
      case 'is':
        this.inInline = true;
        this.gathered = '';
        break;
      case 'rPh':
        this.phonetic++;
        break;
      case 't':
        if (this.inInline && this.phonetic === 0) this.collecting = true;
        break;
    }
  }

  text(t: string): void {
    if (!this.collecting) return;
    if (this.gathered.length + t.length > this.c.limits.maxCellLength) throw badRequest(this.c.messages.cellTooLong);
    this.gathered += t;
  }

  close(name: string): void {
    if (!this.inSheetData) return;
    switch (name) {
      case 'v':
        this.value = this.gathered;
        this.collecting = false;
        break;
      case 't':
        this.collecting = false;
        break;
      case 'rPh':
        this.phonetic--;
        break;
      case 'is':
        this.inline = this.gathered;
        this.inInline = false;
        break;
      case 'c':
        this.endCell();
        break;
      case 'row':
        this.endRow();
        break;
      case 'sheetData':
        this.fillGap(this.lastRowNo + 1, this.lastMergeRow);
        this.inSheetData = false;
        this.isDone = true;
        break;
    }
  }

  private cellText(): string {
    const v = this.value;
    switch (this.type) {
      case 's':
        return v === null ? '' : (this.c.strings[Number(v)] ?? '').trim();
      case 'inlineStr':
        return (this.inline ?? v ?? '').trim();
      case 'str':
        return (v ?? '').trim();
      case 'b':
        return v === null ? '' : this.c.booleanText[Number.parseInt(v, 10) !== 0 ? 0 : 1];
      case 'e':
        return '';
      case 'd':
        return v === null ? '' : /^\d{4}-\d\d-\d\d/.test(v) ? v.slice(0, 10) : v.trim();
      default:
        if (v === null) return '';
        if (this.c.isDateStyle[this.style]) return serialDateText(Number.parseFloat(v), this.c.date1904) ?? numberText(v);
        return numberText(v);
    }
  }

  private endCell() {
    const text = this.cellText();
    if (text === '') return;
    if (this.col > this.c.limits.maxColumns) throw badRequest(this.c.messages.tooManyColumns);
    this.cells[this.col - 1] = text;
  }

  private endRow() {
    if (this.rowNo > this.lastRowNo + 1) this.fillGap(this.lastRowNo + 1, this.rowNo - 1);
    this.emit(this.rowNo, this.cells);
    this.lastRowNo = Math.max(this.lastRowNo, this.rowNo);
  }

  private advanceMerges(rowNo: number) {
    while (this.nextMerge < this.pending.length && this.pending[this.nextMerge]!.top <= rowNo) this.active.push(this.pending[this.nextMerge++]!);
    if (this.active.some((m) => m.bottom < rowNo)) this.active = this.active.filter((m) => m.bottom >= rowNo);
  }

  /** Rows between `from` and `to` absent from the file but covered by a merged range with text. */
  private fillGap(from: number, to: number) {
    let r = from;
    while (r <= to) {
      this.advanceMerges(r);
      if (this.active.some((m) => m.master !== '')) {
        this.emit(r, []);
        r++;
        continue;
      }
      const nextTop = this.nextMerge < this.pending.length ? this.pending[this.nextMerge]!.top : Infinity;
      if (nextTop > to) break;
      r = Math.max(r + 1, nextTop);
    }
  }

  private emit(rowNo: number, cells: string[]) {
    this.advanceMerges(rowNo);
    const maxColumns = this.c.limits.maxColumns;
    for (const m of this.active) {
      if (rowNo === m.top) m.master = cells[m.left - 1] ?? '';
      const right = Math.min(m.right, maxColumns);
      for (let col = m.left; col <= right; col++) if (rowNo !== m.top || col !== m.left) cells[col - 1] = m.master;
    }
    let width = cells.length;
    while (width > 0 && !cells[width - 1]) width--;
    if (width === 0) return;
    if (++this.emitted > this.c.limits.maxRows) throw badRequest(this.c.messages.tooManyRows);
    const dense = new Array<string>(width);
    for (let i = 0; i < width; i++) dense[i] = cells[i] ?? '';
    this.ready.push({ rowNo, cells: dense });
  }
}

const MERGE_CELL = Buffer.from('mergeCell');
const LT = 0x3c;
const GT = 0x3e;
/** Bytes allowed between '<' and `mergeCell` (a '/' and a namespace prefix). */
const MAX_PREFIX = 40;
const MAX_MERGE_TAG = 512;

/**
 * Finds `<mergeCell ref="…"/>` tags in a worksheet's raw bytes (a '<' never appears unescaped in
 * text), so the merged ranges are known before the rows are parsed; stops at `</mergeCells>`.
 * A stretch without any '<' longer than `maxRunBytes` (a huge text or tag) is refused at once.
 */
export class MergeScanner {
  isEnd = false;
  private carry = Buffer.alloc(0);
  private sinceLt = 0;

  constructor(
    private readonly maxRunBytes: number,
    private readonly onLongRun: () => Error,
    private readonly onMerge: (m: SheetMerge) => void,
  ) {}

  scan(chunk: Buffer): void {
    const first = chunk.indexOf(LT);
    if (first < 0) this.sinceLt += chunk.length;
    else {
      if (this.sinceLt + first > this.maxRunBytes) throw this.onLongRun();
      this.sinceLt = chunk.length - 1 - chunk.lastIndexOf(LT);
    }
    if (this.sinceLt > this.maxRunBytes) throw this.onLongRun();
    const buf = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    let pos = 0;
    let keepFrom = Math.max(0, buf.length - (MERGE_CELL.length + MAX_PREFIX));
    for (;;) {
      const at = buf.indexOf(MERGE_CELL, pos);
      if (at < 0) break;
      let lt = at - 1;
      while (lt >= 0 && at - lt <= MAX_PREFIX && buf[lt] !== LT && buf[lt] !== GT) lt--;
      const gt = lt >= 0 && buf[lt] === LT ? buf.indexOf(GT, at) : -2;
      if (gt === -1 && buf.length - lt <= MAX_MERGE_TAG) {
        keepFrom = lt;
        break;
      }
      if (gt < 0 || gt - lt > MAX_MERGE_TAG) {
        pos = at + MERGE_CELL.length;
        continue;
      }
      const m = mergeFromTag(buf.subarray(lt, gt + 1));
      if (m === 'end') {
        this.isEnd = true;
        return;
      }
      if (m) this.onMerge(m);
      pos = gt + 1;
    }
    this.carry = Buffer.from(buf.subarray(Math.max(keepFrom, pos)));
  }
}

/** Reads `ref` of `<mergeCell ref="A1:C2"/>` from a raw tag; 'end' for `</mergeCells>`. */
function mergeFromTag(tag: Buffer): SheetMerge | null | 'end' {
  const text = tag.toString('latin1');
  if (/^<\/(?:[\w.-]+:)?mergeCells\s*>/.test(text)) return 'end';
  if (!/^<(?:[\w.-]+:)?mergeCell[\s/>]/.test(text)) return null;
  const ref = /\sref\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
  const [a, b] = (ref ?? '').split(':');
  const from = a ? parseCellRef(a) : null;
  const to = b ? parseCellRef(b) : from;
  if (!from || !to) return null;
  return { top: Math.min(from.row, to.row), left: Math.min(from.col, to.col), bottom: Math.max(from.row, to.row), right: Math.max(from.col, to.col) };
}
