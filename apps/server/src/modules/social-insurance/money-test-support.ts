import { randomBytes } from 'node:crypto';
import { SI_API, SI_PATHS } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';
import { registerAnnualRoutes } from './annual.routes.ts';
import { registerRecordExports } from './records-export.ts';
import { registerRecordRoutes } from './records.routes.ts';

/**
 * Test wiring of the records and annual-adjustment endpoints: registered before the app is ready
 * unless the module's own routes already are (once the module wires them in, this does nothing).
 */
export function withMoneyRoutes(app: FastifyInstance, s: AppServices): void {
  registerRecordExports();
  if (!app.hasRoute({ method: 'POST', url: `${SI_API}${SI_PATHS.recordGenerate}` })) registerRecordRoutes(app, s);
  if (!app.hasRoute({ method: 'POST', url: `${SI_API}${SI_PATHS.annualPreview}` })) registerAnnualRoutes(app, s);
}

/** A multipart body with one file under the field name `file`. */
export function multipartFile(filename: string, content: Buffer): { payload: Buffer; contentType: string } {
  const boundary = `----wfsaas${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
