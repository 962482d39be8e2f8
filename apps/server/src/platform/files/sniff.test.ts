import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { contentDisposition, cleanFileName } from './files.ts';
import { checkUploadContent, extensionOf, sniffContent, type SniffedType } from './sniff.ts';
import { createLocalFileStore, FileMissingError } from './store.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');
const pad = (b: Buffer, n = 64) => Buffer.concat([b, Buffer.alloc(n)]);

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
    ['xlsx', pad(Buffer.concat([hex('504b0304'), Buffer.from('[Content_Types].xml xl/workbook.xml')])), 'xlsx'],
    ['docx', pad(Buffer.concat([hex('504b0304'), Buffer.from('word/document.xml')])), 'docx'],
    ['other zip', pad(Buffer.concat([hex('504b0304'), Buffer.from('classes.dex')])), 'zip'],
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

  it('finds the xlsx marker in the tail (the zip directory) when the head lacks it', () => {
    expect(sniffContent(pad(hex('504b0304')), Buffer.from('xl/workbook.xml'))).toBe('xlsx');
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
