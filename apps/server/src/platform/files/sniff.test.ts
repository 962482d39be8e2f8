import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, buildZip, sheetXml } from '../spreadsheet/spreadsheet-fixtures.ts';
import { contentDisposition, cleanFileName } from './files.ts';
import { checkUploadContent, extensionOf, MESSAGE_DAMAGED, sniffContent, type SniffedType } from './sniff.ts';
import { createLocalFileStore, FileMissingError } from './store.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const pad = (b: Buffer, n = 64) => Buffer.concat([b, Buffer.alloc(n)]);
const CONTENT_TYPES = { name: '[Content_Types].xml', data: '<Types/>' };
const xlsxZip = await buildXlsx({ sheets: [{ name: 'a', xml: sheetXml('') }] });
const docxZip = await buildZip([CONTENT_TYPES, { name: 'word/document.xml', data: '<w:document/>' }]);
const otherZip = await buildZip([{ name: 'classes.dex', data: 'dex' }]);
/** What files.ts hands to sniff: the first and the last 64 KB. */
const window = (b: Buffer) => [b.subarray(0, 64 * 1024), b.subarray(Math.max(0, b.length - 64 * 1024))] as const;

describe('sniffContent', () => {
  const bmp = Buffer.alloc(64);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(40, 14);
  const cases: Array<[string, Buffer, SniffedType]> = [
    ['png', pad(hex('89504e470d0a1a0a')), 'png'],
    ['jpeg', pad(hex('ffd8ffe0')), 'jpeg'],
    ['gif', pad(Buffer.from('GIF89a')), 'gif'],
    ['webp', pad(Buffer.concat([Buffer.from('RIFF'), hex('00000000'), Buffer.from('WEBPVP8 ')])), 'webp'],
    ['bmp', bmp, 'bmp'],
    ['tiff little-endian', pad(hex('49492a00')), 'tiff'],
    ['tiff big-endian', pad(hex('4d4d002a')), 'tiff'],
    ['psd', pad(Buffer.concat([Buffer.from('8BPS'), hex('0001')])), 'psd'],
    ['svg', Buffer.from('\ufeff  <svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'svg'],
    ['svg with xml prolog', Buffer.from('<?xml version="1.0"?><!-- x --><svg viewBox="0 0 1 1"/>'), 'svg'],
    ['xml that is not svg', Buffer.from('<?xml version="1.0"?><root/>'), 'text'],
    ['pdf', Buffer.from('%PDF-1.7\n'), 'pdf'],
    ['xlsx', xlsxZip, 'xlsx'],
    ['docx', docxZip, 'docx'],
    ['other zip', otherZip, 'zip'],
    ['zip header with no directory (names in the head only)', pad(Buffer.concat([hex('504b0304'), Buffer.from('[Content_Types].xml xl/workbook.xml')])), 'damaged'],
    ['ole (xls/doc)', pad(hex('d0cf11e0a1b11ae1')), 'ole'],
    ['windows exe', pad(Buffer.concat([Buffer.from('MZ'), hex('9000030000000400')])), 'executable'],
    ['elf', pad(hex('7f454c46')), 'executable'],
    ['mach-o', pad(hex('cffaedfe')), 'executable'],
    ['shell script', Buffer.from('#!/bin/sh\necho hi\n'), 'executable'],
    ['utf-8 text', Buffer.from('姓名,工号\n张伟,E0001\n'), 'text'],
    ['csv starting with BM', Buffer.from('BMW,宝马\n'), 'text'],
    ['text starting with MZ', Buffer.from('MZ 公司名单\n'), 'text'],
    ['utf-16 text', Buffer.concat([hex('fffe'), Buffer.from('名单', 'utf16le')]), 'text'],
    ['random binary', Buffer.concat([hex('000102'), randomBytes(100)]), 'binary'],
    ['empty', Buffer.alloc(0), 'empty'],
  ];
  it.each(cases)('%s', (_name, bytes, expected) => {
    expect(sniffContent(bytes)).toBe(expected);
  });

  it('finds the xlsx parts in the central directory at the end, whatever the head holds', () => {
    expect(sniffContent(xlsxZip.subarray(0, 64), xlsxZip.subarray(xlsxZip.length - 1000))).toBe('xlsx');
  });
});

describe('zip completeness (xlsx, docx)', () => {
  it('refuses a zip cut short anywhere, or with a directory that disagrees with its end record', () => {
    for (const cut of [1, 10, 22, 100, Math.floor(xlsxZip.length / 2), xlsxZip.length - 30]) {
      expect(sniffContent(xlsxZip.subarray(0, xlsxZip.length - cut)), `cut ${cut}`).toBe('damaged');
    }
    const count = Buffer.from(xlsxZip);
    count.writeUInt16LE(count.readUInt16LE(count.length - 12) + 1, count.length - 12);
    count.writeUInt16LE(count.readUInt16LE(count.length - 14) + 1, count.length - 14);
    expect(sniffContent(count)).toBe('damaged');
    const size = Buffer.from(docxZip);
    size.writeUInt32LE(size.readUInt32LE(size.length - 10) - 1, size.length - 10);
    expect(sniffContent(size)).toBe('damaged');
    const signature = Buffer.from(docxZip);
    signature.writeUInt32LE(0, signature.length - 22 - signature.readUInt32LE(signature.length - 10));
    expect(sniffContent(signature)).toBe('damaged');
    expect(checkUploadContent('工资表.xlsx', xlsxZip.subarray(0, xlsxZip.length - 5))).toEqual({ ok: false, message: MESSAGE_DAMAGED });
    expect(checkUploadContent('合同.docx', docxZip.subarray(0, 200))).toEqual({ ok: false, message: MESSAGE_DAMAGED });
  });

  it('wants [Content_Types].xml for an OOXML file', async () => {
    const bare = await buildZip([{ name: 'xl/workbook.xml', data: '<workbook/>' }]);
    expect(sniffContent(bare)).toBe('zip');
    expect(checkUploadContent('a.xlsx', bare)).toEqual({ ok: false, message: '文件内容与扩展名不符' });
  });

  it('reads workbooks written by ExcelJS, small and large, through the 64 KB head and tail', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('数据');
    for (let r = 0; r < 30_000; r++) sheet.addRow([`E${r}`, randomBytes(8).toString('hex'), r]);
    const big = Buffer.from(await wb.xlsx.writeBuffer());
    expect(big.length).toBeGreaterThan(128 * 1024);
    expect(checkUploadContent('a.xlsx', ...window(big))).toMatchObject({ ok: true, ext: 'xlsx', sniffed: 'xlsx' });
    expect(checkUploadContent('a.xlsx', ...window(big.subarray(0, big.length - 1)))).toEqual({ ok: false, message: MESSAGE_DAMAGED });
  });

  it('accepts a directory longer than the tail when its end record is consistent and the parts are named', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({ name: `xl/media/image${String(i).padStart(5, '0')}-${'x'.repeat(40)}.png`, data: 'p', isStored: true }));
    const zip = await buildZip([CONTENT_TYPES, { name: 'xl/workbook.xml', data: '<workbook/>' }, ...many]);
    const [head, tail] = window(zip);
    expect(zip.length).toBeGreaterThan(2 * 64 * 1024);
    expect(sniffContent(head, tail)).toBe('xlsx');
    expect(sniffContent(head, tail.subarray(0, tail.length - 1))).toBe('damaged');
  });
});

describe('checkUploadContent', () => {
  const png = pad(hex('89504e470d0a1a0a'));
  it.each([
    ['a.PNG', png, { ok: true, ext: 'png', mime: 'image/png', isImage: true }],
    ['a.jpg', pad(hex('ffd8ffe0')), { ok: true, ext: 'jpg', mime: 'image/jpeg', isImage: true }],
    ['a.tif', pad(hex('49492a00')), { ok: true, isImage: true }],
    ['名单.csv', Buffer.from('a,b\n'), { ok: true, mime: 'text/csv', isImage: false }],
    ['a.xls', pad(hex('d0cf11e0a1b11ae1')), { ok: true, mime: 'application/vnd.ms-excel' }],
    ['a.png', Buffer.from('%PDF-1.4'), { ok: false, message: '文件内容与扩展名不符' }],
    ['a.pdf', png, { ok: false, message: '文件内容与扩展名不符' }],
    ['a.exe', pad(Buffer.concat([Buffer.from('MZ'), hex('90000300')])), { ok: false, message: '不支持的文件类型' }],
    ['a.html', Buffer.from('<html></html>'), { ok: false, message: '不支持的文件类型' }],
    ['noext', png, { ok: false, message: '不支持的文件类型' }],
    ['a.constructor', Buffer.from('x'), { ok: false, message: '不支持的文件类型' }],
    ['a.zip', pad(hex('504b0304')), { ok: false, message: '不支持的文件类型' }],
  ] as const)('%s', (name, bytes, expected) => {
    expect(checkUploadContent(name, bytes)).toMatchObject(expected);
  });

  it('reads the extension after the last dot, lower-cased', () => {
    expect(extensionOf('a.b.XLSX')).toBe('xlsx');
    expect(extensionOf('a.')).toBe('');
  });
});

describe('file names', () => {
  it('Content-Disposition carries the UTF-8 name and an ASCII fallback', () => {
    expect(contentDisposition('工资条 2024(5月).xlsx')).toBe(`attachment; filename="___ 2024(5_).xlsx"; filename*=UTF-8''%E5%B7%A5%E8%B5%84%E6%9D%A1%202024%285%E6%9C%88%29.xlsx`);
    expect(contentDisposition('a"b.png', 'inline')).toBe(`inline; filename="a_b.png"; filename*=UTF-8''a%22b.png`);
  });
  it('stored names lose folders and control characters and keep their extension when shortened', () => {
    expect(cleanFileName('C:\\Users\\张伟\\照片.png')).toBe('照片.png');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\n.png')).toBe('ab.png');
    const long = cleanFileName(`${'长'.repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('local file store', () => {
  it('puts, gets and deletes; refuses keys that leave its folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'wfsaas-store-'));
    try {
      const store = createLocalFileStore(root);
      const r = await store.put('c1/upload/202401/a.bin', Readable.from([Buffer.from('hello'), Buffer.from(' world')]));
      expect(r).toEqual({ size: 11, sha256: 'b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9' });
      const chunks: Buffer[] = [];
      for await (const c of await store.get('c1/upload/202401/a.bin')) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('hello world');
      await store.delete('c1/upload/202401/a.bin');
      await store.delete('c1/upload/202401/a.bin');
      await expect(store.get('c1/upload/202401/a.bin')).rejects.toBeInstanceOf(FileMissingError);
      for (const bad of ['../x', '/etc/passwd', 'a/../../x', 'a//b', '']) await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow('invalid storage key');
      // a failed write leaves nothing behind
      const failing = new Readable({
        read() {
          this.destroy(new Error('client went away'));
        },
      });
      await expect(store.put('c1/x/y.bin', failing)).rejects.toThrow('client went away');
      const { readdirSync } = await import('node:fs');
      expect(readdirSync(join(root, 'c1/x'))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
