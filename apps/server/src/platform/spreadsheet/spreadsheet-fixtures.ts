import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { constants, createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/** Test files built in code: zips written by hand (so sizes and contents can lie) and hostile workbooks. */

export type ZipEntrySpec = {
  name: string;
  /** The content, or its chunks (read once, never held whole). */
  data: string | Buffer | Iterable<Buffer | string>;
  /** Written in the headers instead of the true uncompressed size. */
  declaredSize?: number;
  isStored?: boolean;
  /** `data` is already deflated (its CRC is then written as 0). */
  isDeflated?: boolean;
};

async function deflate(chunks: Iterable<Buffer>): Promise<Buffer> {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (b: Buffer) => out.push(b));
  for (const chunk of chunks) if (!z.write(chunk)) await once(z, 'drain');
  z.end();
  await once(z, 'end');
  return Buffer.concat(out);
}

function* asChunks(data: ZipEntrySpec['data']): Iterable<Buffer> {
  if (typeof data === 'string') yield Buffer.from(data);
  else if (Buffer.isBuffer(data)) yield data;
  else for (const c of data) yield typeof c === 'string' ? Buffer.from(c) : c;
}

/** A zip of the entries (deflated unless stored), with a correct central directory unless told otherwise. */
export async function buildZip(entries: readonly ZipEntrySpec[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    let crc = 0;
    let size = 0;
    const plain: Buffer[] = [];
    const counted = function* () {
      for (const c of asChunks(e.data)) {
        crc = crc32(c, crc);
        size += c.length;
        if (e.isStored) plain.push(c);
        yield c;
      }
    };
    const body = e.isDeflated ? Buffer.concat([...asChunks(e.data)]) : e.isStored ? (Array.from(counted()), Buffer.concat(plain)) : await deflate(counted());
    const name = Buffer.from(e.name);
    const declared = e.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.isStored && !e.isDeflated ? 0 : 8, 8);
    local.writeUInt32LE(0x21, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(e.isStored && !e.isDeflated ? 0 : 8, 10);
    dir.writeUInt32LE(0x21, 12);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    central.push(dir, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export type SheetSpec = { name: string; xml: ZipEntrySpec['data']; isHidden?: boolean; declaredSize?: number };

/** The parts of a minimal workbook around the given sheets (and shared strings / styles when given). */
export function xlsxEntries(o: { sheets: SheetSpec[]; sharedStrings?: ZipEntrySpec['data']; sharedStringsSize?: number; styles?: string }): ZipEntrySpec[] {
  const sheetRels = o.sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`);
  const extra = [
    o.sharedStrings !== undefined ? `<Relationship Id="rSs" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '',
    o.styles !== undefined ? `<Relationship Id="rSt" Type="${REL}/styles" Target="styles.xml"/>` : '',
  ];
  const entries: ZipEntrySpec[] = [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    },
    { name: '_rels/.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS}><sheets>${o.sheets
        .map((s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.isHidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheetRels.join('')}${extra.join('')}</Relationships>` },
    ...o.sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: s.xml, declaredSize: s.declaredSize })),
  ];
  if (o.sharedStrings !== undefined) entries.push({ name: 'xl/sharedStrings.xml', data: o.sharedStrings, declaredSize: o.sharedStringsSize });
  if (o.styles !== undefined) entries.push({ name: 'xl/styles.xml', data: o.styles });
  return entries;
}

/** A worksheet part around the given `<row>` elements (and `<mergeCells>` when given). */
export function sheetXml(rows: string, merges: readonly string[] = []): string {
  const mergeXml = merges.length ? `<mergeCells count="${merges.length}">${merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>${rows}</sheetData>${mergeXml}</worksheet>`;
}

export async function buildXlsx(o: Parameters<typeof xlsxEntries>[0]): Promise<Buffer> {
  return buildZip(xlsxEntries(o));
}

const ONE_MB_OF_A = Buffer.alloc(1024 * 1024, 'a');

/** ≈ 200 KB on disk: one shared string of `megabytes` MB (deflate squeezes a run ≈ 1000:1). */
export async function hugeSharedStringXlsx(megabytes = 200, declaredSize?: number): Promise<Buffer> {
  const sharedStrings = function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><sst ${NS} count="1" uniqueCount="1"><si><t>`;
    for (let i = 0; i < megabytes; i++) yield ONE_MB_OF_A;
    yield '</t></si></sst>';
  };
  return buildXlsx({
    sheets: [{ name: '工资表', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') }],
    sharedStrings: sharedStrings(),
    sharedStringsSize: declaredSize,
  });
}

/** A sheet of `count` rows of two cells (a number and an inline string): ≈ 3 MB on disk for 600,000. */
export async function manyRowsXlsx(count = 600_000): Promise<Buffer> {
  const rows = function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>工号</t></is></c><c r="B1" t="inlineStr"><is><t>姓名</t></is></c></row>`;
    for (let start = 2; start <= count; start += 10_000) {
      let s = '';
      for (let r = start; r < Math.min(start + 10_000, count + 1); r++) s += `<row r="${r}"><c r="A${r}"><v>${r}</v></c><c r="B${r}" t="inlineStr"><is><t>员工${r}</t></is></c></row>`;
      yield s;
    }
    yield '</sheetData></worksheet>';
  };
  return buildXlsx({ sheets: [{ name: '员工信息', xml: rows() }] });
}

/**
 * A deflate stream of `prefix` then `megabytes` MB of `fill` from ≈ 1 KB per MB: byte-aligned
 * blocks (a full flush each) repeated, then an empty final block.
 */
export function bombDeflated(megabytes: number, o: { prefix?: string; fill?: string } = {}): Buffer {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const head = deflateRawSync(Buffer.from(o.prefix ?? ''), flush);
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, o.fill ?? 'a'), flush);
  return Buffer.concat([head, ...Array.from({ length: megabytes }, () => block), Buffer.from([0x03, 0x00])]);
}

export type MemoryMeasure = { error: unknown; heapMb: number; rssMb: number; ms: number };

/** The garbage collector, so a measurement starts from live memory only. */
function collectGarbage() {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Runs `work`, sampling memory every 2 ms: the peak growth of the heap and of the resident set, and the time. */
export async function measure(work: () => Promise<unknown>): Promise<MemoryMeasure> {
  const MB = 1024 * 1024;
  collectGarbage();
  const base = process.memoryUsage();
  let heap = base.heapUsed;
  let rss = base.rss;
  const sample = () => {
    const m = process.memoryUsage();
    heap = Math.max(heap, m.heapUsed);
    rss = Math.max(rss, m.rss);
  };
  const timer = setInterval(sample, 2);
  const started = performance.now();
  let error: unknown = null;
  try {
    await work();
  } catch (err) {
    error = err;
  } finally {
    clearInterval(timer);
    sample();
  }
  return { error, heapMb: (heap - base.heapUsed) / MB, rssMb: (rss - base.rss) / MB, ms: performance.now() - started };
}

/** Runs `work` and fails unless the heap and the resident set grew by less than `capMb` meanwhile; answers its result. */
export async function withinMemory<T>(label: string, work: () => Promise<T>, capMb = 64): Promise<T> {
  let answer: T | undefined;
  const m = await measure(async () => {
    answer = await work();
  });
  console.info(`${label}: ${Math.round(m.ms)} ms, heap +${m.heapMb.toFixed(1)} MB, rss +${m.rssMb.toFixed(1)} MB`);
  if (m.error) throw m.error instanceof Error ? m.error : new Error(String(m.error));
  if (m.heapMb >= capMb || m.rssMb >= capMb) throw new Error(`${label}: memory grew past ${capMb} MB (heap +${m.heapMb.toFixed(1)}, rss +${m.rssMb.toFixed(1)})`);
  return answer as T;
}
