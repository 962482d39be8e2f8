import { CONTRIBUTION_ITEM_KEYS, PayrollDecimal } from '@wfsaas/payroll';
import { registerExportHandler, sheetCaughtUp, type ExportContext, type XlsxWriter } from '../../platform/files/index.ts';
import * as q from './records.queries.ts';

/**
 * The month's contribution records as a 下载中心 file: a row per person with the entity, the two
 * bases, each item's employer and employee amounts, and the totals; a bold 合计 row at the end. No
 * full ID numbers, so no permission beyond the records' own.
 */

export const RECORD_EXPORT_JOB = 'socialInsurance.recordExport';
export type RecordExportParams = { month: string; entityId: number | null };

/** Column names of the items, whatever the city calls them (医疗保险 or 医疗保险（含生育）). */
export const ITEM_LABELS: Record<string, string> = {
  pension: '养老',
  medical: '医疗',
  unemployment: '失业',
  injury: '工伤',
  maternity: '生育',
  housingFund: '公积金',
};

const BATCH = 500;
const LEADING = ['工号', '姓名', '参保主体', '月份', '社保基数', '公积金基数'];

type Dec = InstanceType<typeof PayrollDecimal>;

async function writeRecords(ctx: ExportContext<RecordExportParams>, writer: XlsxWriter): Promise<void> {
  const { companyId } = ctx.job;
  const { database } = ctx.services;
  const { month } = ctx.job.payload;
  const entityId = ctx.job.payload.entityId ?? undefined;
  const { keys, total } = await database.inTenant(companyId, async (tx) => ({
    keys: (await q.listItemKeys(tx, companyId, month, entityId)).sort((a, b) => CONTRIBUTION_ITEM_KEYS.indexOf(a as never) - CONTRIBUTION_ITEM_KEYS.indexOf(b as never)),
    total: await q.countRecordPeople(tx, companyId, month, entityId),
  }));
  const sheet = writer.addWorksheet('缴费记录', { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  const money = { numFmt: '#,##0.00' };
  sheet.columns = [
    ...LEADING.map((h, i) => ({ header: h, width: i < 2 ? 12 : 16, ...(i >= 4 ? { style: money } : {}) })),
    ...keys.flatMap((k) => [`${ITEM_LABELS[k] ?? k}单位`, `${ITEM_LABELS[k] ?? k}个人`].map((header) => ({ header, width: 14, style: money }))),
    ...['单位合计', '个人合计', '合计'].map((header) => ({ header, width: 14, style: money })),
  ];
  sheet.getRow(1).font = { bold: true };
  const sums: Dec[] = Array.from({ length: keys.length * 2 + 3 }, () => new PayrollDecimal(0));
  await ctx.progress(0, total);
  let after = 0;
  let done = 0;
  for (;;) {
    const batch = await database.inTenant(companyId, async (tx) => {
      const people = await q.listExportPeople(tx, companyId, month, entityId, after, BATCH);
      return { people, rows: await q.listContributions(tx, companyId, month, { employeeIds: people.map((p) => p.employeeId) }) };
    });
    const byPerson = new Map<number, q.ContributionRow[]>();
    for (const r of batch.rows) byPerson.set(r.employeeId, [...(byPerson.get(r.employeeId) ?? []), r]);
    for (const p of batch.people) {
      const own = new Map((byPerson.get(p.employeeId) ?? []).map((r) => [r.item, r]));
      const amounts = keys.flatMap((k) => [own.get(k)?.employer ?? '0', own.get(k)?.employee ?? '0']);
      const employer = amounts.filter((_, i) => i % 2 === 0).reduce((a, v) => a.plus(v), new PayrollDecimal(0));
      const employee = amounts.filter((_, i) => i % 2 === 1).reduce((a, v) => a.plus(v), new PayrollDecimal(0));
      const figures = [...amounts.map((v) => new PayrollDecimal(v)), employer, employee, employer.plus(employee)];
      figures.forEach((v, i) => (sums[i] = sums[i]!.plus(v)));
      const siBase = own.get('pension')?.base ?? [...own.values()].find((r) => r.item !== 'housingFund')?.base ?? null;
      const hfBase = own.get('housingFund')?.base ?? null;
      const cells = [p.employeeNo ?? '', p.name, p.entityName, month, siBase === null ? null : Number(siBase), hfBase === null ? null : Number(hfBase), ...figures.map((v) => v.toNumber())];
      sheet.addRow(cells).commit();
    }
    done += batch.people.length;
    await sheetCaughtUp(sheet);
    await ctx.progress(done, Math.max(done, total));
    if (batch.people.length < BATCH) break;
    after = batch.people[batch.people.length - 1]!.employeeId;
  }
  const totalRow = sheet.addRow(['合计', `${done}人`, null, null, null, null, ...sums.map((v) => v.toNumber())]);
  totalRow.font = { bold: true };
  totalRow.commit();
  sheet.commit();
}

/** Registers the records export (called with the module's job handlers). */
export function registerRecordExports(): void {
  registerExportHandler<RecordExportParams>(RECORD_EXPORT_JOB, writeRecords);
}
