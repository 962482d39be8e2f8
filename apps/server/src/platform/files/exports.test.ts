import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetCaughtUp } from './exports.ts';

/**
 * ExcelJS's streaming writer passes rows on without backpressure: a producer that never waits for
 * I/O (as with the embedded database) must wait for the zip to take the sheet in, or the whole
 * uncompressed sheet piles up in memory.
 */
describe('sheetCaughtUp', () => {
  async function write(batches: number, wait: boolean): Promise<{ largestBacklog: number; bytes: number }> {
    const out = new PassThrough();
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = writer.addWorksheet('s');
    let largestBacklog = 0;
    for (let b = 0; b < batches; b += 1) {
      for (let i = 0; i < 1000; i += 1) sheet.addRow([`第${b}批`, i, '张三李四王五赵六'.repeat(8), b * 1000 + i]).commit();
      if (wait) await sheetCaughtUp(sheet);
      const entry = (sheet as unknown as { stream: { pipes: (Writable & { _writableState?: { length: number } })[]; buffers: { length: number }[] } }).stream;
      const backlog = (entry.pipes[0]?._writableState?.length ?? 0) + entry.buffers.reduce((n, x) => n + x.length, 0);
      largestBacklog = Math.max(largestBacklog, backlog);
    }
    sheet.commit();
    await writer.commit();
    return { largestBacklog, bytes };
  }

  it('keeps what waits for the compressor to a few megabytes, however long the sheet', async () => {
    // (until the zip reaches the sheet a few batches may wait; after that one batch at most)
    const caughtUp = await write(60, true);
    const piled = await write(60, false);
    expect(caughtUp.bytes).toBeGreaterThan(0);
    expect(caughtUp.largestBacklog).toBeLessThan(4 * 1024 * 1024);
    // without it the whole sheet's rows wait in memory
    expect(piled.largestBacklog).toBeGreaterThan(3 * caughtUp.largestBacklog);
  });

  it('never waits for a sheet the zip cannot reach yet (another sheet is still open ahead of it)', async () => {
    const out = new PassThrough();
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const first = writer.addWorksheet('a');
    const second = writer.addWorksheet('b');
    for (let b = 0; b < 10; b += 1) {
      for (let i = 0; i < 1000; i += 1) {
        first.addRow([b, i, '甲'.repeat(60)]).commit();
        second.addRow([b, i, '乙'.repeat(60)]).commit();
      }
      await sheetCaughtUp(second);
      await sheetCaughtUp(first);
    }
    first.commit();
    second.commit();
    await writer.commit();
    expect(bytes).toBeGreaterThan(0);
  });
});
