import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { RAW_REPLY } from '../http.ts';
import { contentDisposition } from './files.ts';

export type FileReply = {
  /** The name the browser saves or shows (UTF-8 kept through `filename*`). */
  name: string;
  type: string;
  body: Buffer | Uint8Array | string | Readable;
  /** The byte length of a streamed body; a buffer's own length is used otherwise. */
  size?: number;
  disposition?: 'attachment' | 'inline';
  /** Cache-Control; `null` sends none. */
  cache?: string | null;
  /** Further headers (a sandboxing CSP, a flag the screen reads). */
  headers?: Record<string, string>;
};

/** Answers a route with a file instead of the JSON envelope: type, length, Content-Disposition, caching. */
export function sendFile(reply: FastifyReply, f: FileReply): typeof RAW_REPLY {
  const body = f.body instanceof Uint8Array && !Buffer.isBuffer(f.body) ? Buffer.from(f.body.buffer, f.body.byteOffset, f.body.byteLength) : f.body;
  const size = f.size ?? (typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length : undefined);
  reply.header('content-type', f.type);
  if (size !== undefined) reply.header('content-length', String(size));
  reply.header('content-disposition', contentDisposition(f.name, f.disposition ?? 'attachment'));
  reply.header('x-content-type-options', 'nosniff');
  const cache = f.cache === undefined ? 'private, no-store' : f.cache;
  if (cache !== null) reply.header('cache-control', cache);
  for (const [name, value] of Object.entries(f.headers ?? {})) reply.header(name, value);
  reply.send(body);
  return RAW_REPLY;
}
