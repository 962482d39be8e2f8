import { APPLY_STATUS, HUKOU_TYPES, ID_TYPES, LINE_KINDS, LINE_SOURCES, type PortalField } from '@wfsaas/contracts';
import { forbidden, badRequest } from '../../platform/errors.ts';
import { registerExportHandler, sheetCaughtUp, startExport, type ExportContext, type XlsxWriter } from '../../platform/files/index.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { PersonalDataCipher } from '../../platform/crypto.ts';
import type { AppServices } from '../../platform/services.ts';
import { holdsKey } from '../employees/index.ts';
import { myExportDetail, type ExportView } from '../files/index.ts';
import type { EntityRow } from './entities.queries.ts';
import { requireEntity } from './entity-policy.ts';
import { layoutFor } from './entities.service.ts';
import * as dq from './declarations.queries.ts';
import { requireDeclaration } from './declarations.service.ts';

/**
 * The portal's bulk-upload file of a submitted declaration, in the city's column set, queued in
 * 下载中心. It carries full ID numbers, so like payroll's declaration file it needs 查看敏感信息.
 */

export const SI_DECLARATION_EXPORT_JOB = 'socialInsurance.declarationExport';
export type SiDeclarationExportParams = { applyId: number };

const PROGRESS_EVERY = 1000;
const label = <T extends { value: number | string; label: string }>(list: readonly T[], v: unknown) => list.find((x) => x.value === v)?.label ?? '';

type Cell = string | number | null;

function cellOf(field: PortalField, l: dq.LineRow, p: dq.LinePerson | undefined, e: EntityRow, cipher: PersonalDataCipher): Cell {
  switch (field) {
    case 'name': return p?.name ?? '';
    case 'idType': return label(ID_TYPES, p?.idType ?? 1) || '身份证';
    case 'idNumber': return p?.idNumberEnc ? cipher.decrypt(p.idNumberEnc) : '';
    case 'employeeNo': return p?.employeeNo ?? '';
    case 'mobile': return p?.mobileEnc ? cipher.decrypt(p.mobileEnc) : '';
    case 'hukouType': return label(HUKOU_TYPES, p?.hukouType);
    case 'kind': return label(LINE_KINDS, l.kind);
    case 'fromMonth': return l.fromMonth;
    case 'toMonth': return l.toMonth ?? '';
    case 'siBase': return Number(l.siBase);
    case 'hfBase': return Number(l.hfBase);
    case 'hfRate': return Number(l.hfRate);
    case 'siAccountNo': return e.siAccountNo;
    case 'hfAccountNo': return e.hfAccountNo;
    case 'reason': return label(LINE_SOURCES, l.source);
    case 'remark': return l.remark;
  }
}

async function writeDeclarationFile(ctx: ExportContext<SiDeclarationExportParams>, writer: XlsxWriter): Promise<void> {
  const { companyId } = ctx.job;
  const { database, cipher } = ctx.services;
  const prep = await database.inTenant(companyId, async (tx) => {
    const d = await dq.findDeclaration(tx, companyId, ctx.job.payload.applyId);
    if (!d || d.status === APPLY_STATUS.draft || d.status === APPLY_STATUS.withdrawn) throw new Error('申报单不存在、未提交或已撤回');
    const entity = await requireEntity(tx, companyId, d.entityId);
    const lines = (await dq.listLines(tx, companyId, d.id)).filter((l) => !l.dropped);
    const people = await dq.listLinePeople(tx, companyId, lines.map((l) => l.employeeId));
    return { entity, lines, people, layout: await layoutFor({ tx, companyId }, entity.city) };
  });
  const { entity, lines, people, layout } = prep;
  const sheet = writer.addWorksheet(layout.sheetName);
  sheet.columns = layout.columns.map((col) => ({ header: col.title, width: col.field === 'idNumber' ? 22 : 14 }));
  sheet.getRow(1).font = { bold: true };
  await ctx.progress(0, lines.length);
  let done = 0;
  for (const l of lines) {
    const p = people.get(l.employeeId);
    sheet.addRow(layout.columns.map((col) => cellOf(col.field, l, p, entity, cipher))).commit();
    done += 1;
    if (done % PROGRESS_EVERY === 0) {
      await sheetCaughtUp(sheet);
      await ctx.progress(done, lines.length);
    }
  }
  await ctx.progress(lines.length, lines.length);
  sheet.commit();
}

export function registerSiExports(): void {
  registerExportHandler<SiDeclarationExportParams>(SI_DECLARATION_EXPORT_JOB, writeDeclarationFile);
}

/** Queues the declaration's portal file in the caller's 下载中心 (a double click within ten seconds answers the same export). */
export async function requestDeclarationExport(s: AppServices, c: ServiceCtx, applyId: number): Promise<ExportView> {
  const { declaration, entity } = await requireDeclaration(c, applyId);
  if (declaration.status === APPLY_STATUS.draft) throw badRequest('申报单尚未提交：请先提交，再导出申报文件');
  if (declaration.status === APPLY_STATUS.withdrawn) throw badRequest('申报单已撤回，不能导出申报文件');
  if (!(await holdsKey(c, 'sensitive.view'))) throw forbidden('社保申报文件含完整的证件号码，需要「查看敏感信息」权限，请联系管理员');
  const name = `${entity.name}${declaration.month}社保申报`;
  const window = Math.floor(Date.now() / 10_000);
  const row = await startExport(c.tx, s, {
    companyId: c.companyId,
    userId: c.user.userId,
    name,
    jobType: SI_DECLARATION_EXPORT_JOB,
    payload: { applyId: declaration.id },
    idempotencyKey: `si:declaration:${declaration.id}:${c.user.userId}:${window}`,
  });
  await c.audit({ action: 'si.apply.export', entity: 'si_declaration', entityId: declaration.id, after: { exportId: row.id, name } });
  return myExportDetail(c, row.id);
}
