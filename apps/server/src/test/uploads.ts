import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness.ts';

/** A 1×1 PNG and a minimal PDF, for tests that upload files. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A multipart form with one file under the field `file`. */
export function multipartFile(filename: string, content: Buffer, contentType = 'application/octet-stream'): { payload: Buffer; contentType: string } {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs one file as a member would (bearer token and company header). */
export async function postFile<T = unknown>(t: TestApp, url: string, o: { token?: string; companyId?: number; filename: string; content: Buffer }): Promise<{ status: number; body: { code: number; message: string; data: T } }> {
  const m = multipartFile(o.filename, o.content);
  const headers: Record<string, string> = { 'content-type': m.contentType };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  if (o.companyId !== undefined) headers.companyid = String(o.companyId);
  const res = await t.app.inject({ method: 'POST', url, headers, payload: m.payload });
  return { status: res.statusCode, body: res.json() };
}
