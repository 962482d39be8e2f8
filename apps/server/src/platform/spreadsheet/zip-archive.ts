import { pipeline, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest } from '../errors.ts';

/** A zip read from memory: its central directory checked against the caps before anything is inflated. */

const INFLATE_CHUNK = 64 * 1024;

export type ZipLimits = { maxUncompressedBytes: number; maxEntries: number };
export type ZipMessages = { notXlsx: string; tooLarge: string };

export class ZipArchive {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: ReadonlyMap<string, Entry>,
    private readonly limits: ZipLimits,
    private readonly messages: ZipMessages,
  ) {}

  /** Refuses a non-zip, a damaged directory, too many entries, or declared sizes past the cap. */
  static async open(data: Buffer, limits: ZipLimits, messages: ZipMessages): Promise<ZipArchive> {
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true });
    } catch {
      throw badRequest(messages.notXlsx);
    }
    if (zip.entryCount > limits.maxEntries) throw badRequest(messages.notXlsx);
    const entries = new Map<string, Entry>();
    let total = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (entry.uncompressedSize > limits.maxUncompressedBytes) throw badRequest(messages.tooLarge);
        total += entry.uncompressedSize;
        if (total > limits.maxUncompressedBytes) throw badRequest(messages.tooLarge);
        if (!entry.fileName.endsWith('/')) entries.set(entry.fileName.replace(/^\/+/, '').toLowerCase(), entry);
      }
    } catch (err) {
      throw asRefusal(err, messages.notXlsx);
    }
    return new ZipArchive(zip, entries, limits, messages);
  }

  has(path: string): boolean {
    return this.entries.has(path.toLowerCase());
  }

  /** The entry's inflated bytes; more than it declared, or than the cap, aborts the read. */
  async *read(path: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(path.toLowerCase());
    if (!entry || entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) throw badRequest(this.messages.notXlsx);
    let stream: Readable;
    try {
      // Inflated here rather than by yauzl: 64 KB chunks read several times faster than zlib's 16 KB.
      const raw = await this.zip.openReadStreamPromise(entry, { decodeFileData: false });
      stream = entry.compressionMethod === 8 ? pipeline(raw, createInflateRaw({ chunkSize: INFLATE_CHUNK }), () => {}) : raw;
    } catch {
      throw badRequest(this.messages.notXlsx);
    }
    let bytes = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (bytes > entry.uncompressedSize) throw badRequest(this.messages.notXlsx);
        if (bytes > this.limits.maxUncompressedBytes) throw badRequest(this.messages.tooLarge);
        yield chunk;
      }
      if (bytes !== entry.uncompressedSize) throw badRequest(this.messages.notXlsx);
    } catch (err) {
      throw asRefusal(err, this.messages.notXlsx);
    } finally {
      stream.destroy();
    }
  }
}

/** An AppError passes through; anything else (zlib, yauzl, XML) means a damaged file. */
export function asRefusal(err: unknown, message: string): Error {
  if (err instanceof AppError) return err;
  return badRequest(message);
}
