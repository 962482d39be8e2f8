import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

export type ReadUploadMessages = {
  /** No file part in the form. */
  missing: string;
  /** The file passed the limit. */
  tooLarge: string;
  /** The request is not multipart/form-data. */
  notMultipart?: string;
};

/**
 * Reads the one file of a multipart form (field `file`) into memory, up to `limit` bytes — for
 * uploads a handler must read whole (workbooks, PDFs, seal images). Refuses, with the Chinese
 * messages given, a request that is not a form, a form without the file, a file under another
 * field name, and a file over the limit. A 0-byte file is returned as it is: its check is the caller's.
 */
export async function readSingleUpload(req: FastifyRequest, limit: number, msg: ReadUploadMessages): Promise<{ filename: string; data: Buffer }> {
  if (!req.isMultipart()) throw badRequest(msg.notMultipart ?? '请以文件表单（multipart/form-data）上传文件');
  const part = await req.file({ limits: { fileSize: limit }, throwFileSizeLimit: false });
  if (!part) throw badRequest(msg.missing);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest('请使用字段名 file 上传文件');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    chunks.push(chunk as Buffer);
  }
  if (part.file.truncated) throw badRequest(msg.tooLarge);
  return { filename: part.filename ?? '', data: Buffer.concat(chunks, size) };
}

/**
 * Like readSingleUpload, for a form whose text fields come before its one file (field `file`):
 * the fields by name and the file, read whole up to `limit` bytes.
 */
export async function readUploadWithFields(req: FastifyRequest, limit: number, msg: ReadUploadMessages): Promise<{ fields: Record<string, string>; file: { filename: string; data: Buffer } }> {
  if (!req.isMultipart()) throw badRequest(msg.notMultipart ?? '请以文件表单（multipart/form-data）上传文件');
  const fields: Record<string, string> = {};
  let file: { filename: string; data: Buffer } | null = null;
  for await (const part of req.parts({ limits: { fileSize: limit, files: 1 } })) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value ?? '');
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest('请使用字段名 file 上传文件');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) throw badRequest(msg.tooLarge);
    file = { filename: part.filename ?? '', data: Buffer.concat(chunks) };
  }
  if (!file) throw badRequest(msg.missing);
  return { fields, file };
}
