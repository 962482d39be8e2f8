import type { WatermarkView } from '@wfsaas/contracts';
import { watermarkPdf } from '@wfsaas/esign';
import type { Executor } from '../../platform/db.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { esignCall } from './econtract-support.ts';
import * as sq from './econtract-setup.queries.ts';
import * as q from './econtracts.queries.ts';

/** The company watermark (合同水印) laid over documents not yet signed. */

export async function watermarkSetting(exec: Executor, companyId: number): Promise<WatermarkView> {
  const row = await sq.findWatermark(exec, companyId);
  if (row) return row;
  const company = await q.findCompany(exec, companyId);
  return { enabled: true, text: company?.name ?? '仅供预览' };
}

export async function saveWatermark(c: ServiceCtx, input: WatermarkView): Promise<WatermarkView> {
  const before = await watermarkSetting(c.tx, c.companyId);
  await sq.upsertWatermark(c.tx, c.companyId, { enabled: input.enabled, text: input.text });
  await c.audit({ action: 'contractWatermark.save', entity: 'contract_watermark', entityId: c.companyId, before, after: input });
  return input;
}

/** The company watermark over an unsigned document, when enabled. */
export async function applyWatermark(exec: Executor, companyId: number, pdf: Uint8Array): Promise<Uint8Array> {
  const w = await watermarkSetting(exec, companyId);
  if (!w.enabled) return pdf;
  return esignCall(() => watermarkPdf(pdf, w.text));
}
