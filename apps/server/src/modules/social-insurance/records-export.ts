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

const BATCH = 2000;
const LEADING = ['工号', '姓名', '参保主体', '月份', '社保基数', '公积金基数'];

type Dec = InstanceType<typeof PayrollDecimal>;

async function writeRecords(ctx: ExportContext<RecordExportParams>, writer: XlsxWriter): Promise<void> {
  const { companyId } = ctx.job;
  const { database } = ctx.services;
  const { month } = ctx.job.payload;
  const entityId = ctx.job.payload.entityId ?? undefined;
  const { keys, ids, entities } = await database.inTenant(companyId, async (tx) => {
    const ids = await q.listRecordEmployeeIds(tx, companyId, month, entityId);
    const keys = (await q.listItemKeys(tx, companyId, month, entityId)).sort((a, b) => CONTRIBUTION_ITEM_KEYS.indexOf(a as never) - CONTRIBUTION_ITEM_KEYS.indexOf(b as never));
    const entityIds = entityId !== undefined ? [entityId] : (await q.sumByEntity(tx, companyId, month)).map((e) => e.entityId);
    return { keys, ids, entities: new Map((await q.listEntitiesByIds(tx, companyId, entityIds)).map((e) => [e.id, e.name])) };
  });
  const sheet = writer.addWorksheet('缴费记录', { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  const money = { numFmt: '#,##0.00' };
  sheet.columns = [
    ...LEADING.map((h, i) => ({ header: h, width: i < 2 ? 12 : 16, ...(i >= 4 ? { style: money } : {}) })),
    ...keys.flatMap((k) => [`${ITEM_LABELS[k] ?? k}单位`, `${ITEM_LABELS[k] ?? k}个人`].map((header) => ({ header, width: 14, style: money }))),
    ...['单位合计', '个人合计', '合计'].map((header) => ({ header, width: 14, style: money })),
  ];
  sheet.getRow(1).font = { bold: true };
  const sums: Dec[] = Array.from({ length: keys.length * 2 + 3 }, () => new PayrollDecimal(0));
  await ctx.progress(0, ids.length);
  for (let done = 0; done < ids.length; ) {
    const batchIds = ids.slice(done, done + BATCH);
    const batch = await database.inTenant(companyId, async (tx) => ({
      people: await q.listEmployeeNames(tx, companyId, batchIds),
      rows: await q.listContributions(tx, companyId, month, { employeeIds: batchIds }),
    }));
    const names = new Map(batch.people.map((p) => [p.id, p]));
    const byPerson = new Map<number, q.ContributionRow[]>();
    for (const r of batch.rows) {
      const list = byPerson.get(r.employeeId);
      if (list) list.push(r);
      else byPerson.set(r.employeeId, [r]);
    }
    for (const employeeId of batchIds) {
      const own = byPerson.get(employeeId) ?? [];
      const who = names.get(employeeId);
      sheet.addRow(personRow(keys, own, sums, [who?.employeeNo ?? '', who?.name ?? '', entities.get(own[0]?.entityId ?? 0) ?? '', month])).commit();
    }
    done += batchIds.length;
    await sheetCaughtUp(sheet);
    await ctx.progress(done, ids.length);
  }
  const totalRow = sheet.addRow(['合计', `${ids.length}人`, null, null, null, null, ...sums.map((v) => v.toNumber())]);
  totalRow.font = { bold: true };
  totalRow.commit();
  sheet.commit();
}

/** A person's row: the leading cells, the two bases, each item's two sides and the totals (added to `sums`). */
function personRow(keys: readonly string[], own: readonly q.ContributionRow[], sums: Dec[], leading: (string | number)[]): (string | number | null)[] {
  const byItem = new Map(own.map((r) => [r.item, r]));
  const amounts = keys.flatMap((k) => [byItem.get(k)?.employer ?? '0', byItem.get(k)?.employee ?? '0']);
  let employer = new PayrollDecimal(0);
  let employee = new PayrollDecimal(0);
  amounts.forEach((v, i) => {
    if (i % 2 === 0) employer = employer.plus(v);
    else employee = employee.plus(v);
  });
  const figures = [...amounts.map((v) => new PayrollDecimal(v)), employer, employee, employer.plus(employee)];
  figures.forEach((v, i) => (sums[i] = sums[i]!.plus(v)));
  const siBase = byItem.get('pension')?.base ?? own.find((r) => r.item !== 'housingFund')?.base ?? null;
  const hfBase = byItem.get('housingFund')?.base ?? null;
  return [...leading, siBase === null ? null : Number(siBase), hfBase === null ? null : Number(hfBase), ...figures.map((v) => v.toNumber())];
}

/** Registers the records export (called with the module's job handlers). */
export function registerRecordExports(): void {
  registerExportHandler<RecordExportParams>(RECORD_EXPORT_JOB, writeRecords);
}
