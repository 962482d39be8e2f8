import { BILL_STATUSES } from '@wfsaas/contracts';
import { registerExportHandler, sheetCaughtUp, type ExportContext, type XlsxWriter } from '../../platform/files/index.ts';
import { jobCtx } from '../../platform/http.ts';
import { readBill } from '../trade/index.ts';

/**
 * A client bill as a 下载中心 file: the bill's heading (client, month, plan, fee and VAT wording,
 * status), a row per worker with the five amounts and the line total, and a bold 合计 row that is
 * the bill's own totals (the sums of its lines).
 */

export const BILL_EXPORT_JOB = 'outsourcing.billExport';
export type BillExportParams = { billId: number };

const COLUMNS = ['序号', '工号', '姓名', '岗位', '工资', '单位社保', '单位公积金', '服务费', '增值税', '合计', '备注'];
const BATCH = 2000;

async function writeBill(ctx: ExportContext<BillExportParams>, writer: XlsxWriter): Promise<void> {
  const { companyId } = ctx.job;
  const { database } = ctx.services;
  const bill = await database.inTenant(companyId, (tx) =>
    readBill(jobCtx(ctx.services, tx, companyId, { userId: ctx.export.userId, nickname: '', sessionId: 0 }), companyId, 'outsourcing', ctx.job.payload.billId),
  );
  const terms = JSON.parse(bill.terms) as { planName?: string; feeText?: string; vatText?: string; missing?: { name: string }[] };
  const sheet = writer.addWorksheet('账单明细', { views: [{ state: 'frozen', xSplit: 3, ySplit: 6 }] });
  const money = { numFmt: '#,##0.00' };
  sheet.columns = COLUMNS.map((h, i) => ({ key: h, width: i === 0 ? 6 : i === 10 ? 24 : i < 4 ? 14 : 14, ...(i >= 4 && i <= 9 ? { style: money } : {}) }));
  const heading: (string | null)[][] = [
    [`客户月度账单 ${bill.billNo}`],
    ['用工单位', bill.counterpartyName, '月份', bill.month ?? '', '状态', BILL_STATUSES.find((s) => s.value === bill.status)?.label ?? ''],
    ['方案', terms.planName ?? '', '服务费', terms.feeText ?? '', '增值税', terms.vatText ?? ''],
    terms.missing?.length ? ['未计入（无当月工资）', terms.missing.map((m) => m.name).join('、')] : [],
    [],
  ];
  heading.forEach((cells, i) => {
    const row = sheet.addRow(cells);
    if (i === 0) row.font = { bold: true, size: 14 };
    row.commit();
  });
  const header = sheet.addRow(COLUMNS);
  header.font = { bold: true };
  header.commit();
  await ctx.progress(0, bill.lines.length);
  for (let done = 0; done < bill.lines.length; done += BATCH) {
    for (const l of bill.lines.slice(done, done + BATCH)) {
      sheet.addRow([l.lineNo, l.employeeNo ?? '', l.name, l.post, Number(l.wages), Number(l.siEmployer), Number(l.hfEmployer), Number(l.serviceFee), Number(l.vat), Number(l.total), l.note ?? '']).commit();
    }
    await sheetCaughtUp(sheet);
    await ctx.progress(Math.min(done + BATCH, bill.lines.length), bill.lines.length);
  }
  const total = sheet.addRow(['合计', null, `${bill.lineCount}人`, null, Number(bill.wages), Number(bill.siEmployer), Number(bill.hfEmployer), Number(bill.serviceFee), Number(bill.vat), Number(bill.total), null]);
  total.font = { bold: true };
  total.commit();
  sheet.commit();
}

/** Registers the bill export (called with the module's job handlers). */
export function registerBillExports(): void {
  registerExportHandler<BillExportParams>(BILL_EXPORT_JOB, writeBill);
}
