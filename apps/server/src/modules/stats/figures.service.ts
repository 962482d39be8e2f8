import { DECLARATION_STATUSES, type ExportingCount, type InsuredStat, type TaxDeclarationStat } from '@wfsaas/contracts';
import { addMonths, chinaMonth } from '../../platform/china-date.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { myExportStats } from '../files/index.ts';
import { listDeclarationsView } from '../payroll/index.ts';
import { insuredHeadcount } from '../social-insurance/index.ts';
import { DECLARATION_PATH, INSURED_PATH, link } from './board-links.ts';

/** The tax declaration, the insured headcount and the caller's running exports, each read from its own module. */

const monthBefore = (month: string) => addMonths(`${month}-01`, -1).slice(0, 7);

/** 个税申报: a month's record as 申报记录 shows it (last month by default: wages of a month are declared by the 15th of the next). */
export async function taxDeclaration(c: ServiceCtx, month: string | undefined): Promise<TaxDeclarationStat> {
  const m = month ?? monthBefore(chinaMonth());
  const year = Number(m.slice(0, 4));
  const record = (await listDeclarationsView(c, year)).find((d) => d.month === m);
  const status = record?.status ?? 0;
  return {
    month: m,
    status,
    statusLabel: DECLARATION_STATUSES.find((s) => s.value === status)!.label,
    runCount: record?.runCount ?? 0,
    headcount: record?.headcount ?? 0,
    income: record?.income ?? '0.00',
    tax: record?.tax ?? '0.00',
    declaredAt: record?.declaredAt ?? null,
    deadline: `${addMonths(`${m}-01`, 1).slice(0, 7)}-15`,
    link: link(DECLARATION_PATH),
  };
}

/** 参保人数: who is insured in the month (在保, 待减员 and 停保 within their months) per entity, as 员工参保信息 lists them. */
export async function insuredStat(c: ServiceCtx, month: string | undefined): Promise<InsuredStat> {
  const m = month ?? chinaMonth();
  const entities = (await insuredHeadcount(c, m)).map((e) => ({ ...e, link: link(INSURED_PATH, { entityId: e.entityId, month: m }) }));
  return { month: m, total: entities.reduce((n, e) => n + e.count, 0), entities };
}

/** The caller's exports still queued or being generated (the 下载中心 badge). */
export async function exportingCount(c: ServiceCtx): Promise<ExportingCount> {
  return { exporting: (await myExportStats(c)).exporting };
}
