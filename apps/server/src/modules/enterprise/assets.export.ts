import { assetStatusLabel } from '@wfsaas/contracts';
import { registerExportHandler, sheetCaughtUp, type ExportContext, type XlsxWriter } from '../../platform/files/index.ts';
import * as q from './assets.queries.ts';

/** The asset list as a 下载中心 file: the list's filters, a row per asset, values as numbers. */

export const ASSET_EXPORT_JOB = 'assets.export';
export type AssetExportParams = q.AssetFilter;

const COLUMNS = ['资产编号', '资产名称', '分类', '品牌型号', '序列号', '价值', '状态', '领用人', '工号', '领用日期', '预计归还日期', '存放地点', '购入日期', '备注'];
const BATCH = 1000;

async function writeAssets(ctx: ExportContext<AssetExportParams>, writer: XlsxWriter): Promise<void> {
  const { companyId } = ctx.job;
  const filter = ctx.job.payload;
  const sheet = writer.addWorksheet('资产', { views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }] });
  sheet.columns = COLUMNS.map((h, i) => ({ key: h, width: i === 1 || i === 3 || i === 11 || i === 13 ? 24 : 14, ...(i === 5 ? { style: { numFmt: '#,##0.00' } } : {}) }));
  const header = sheet.addRow(COLUMNS);
  header.font = { bold: true };
  header.commit();
  for (let offset = 0; ; offset += BATCH) {
    const { rows, total } = await ctx.services.database.inTenant(companyId, (tx) => q.listAssetsPage(tx, companyId, filter, offset, BATCH));
    for (const a of rows) {
      sheet
        .addRow([a.assetNo, a.name, a.categoryName, a.brandModel, a.serialNo, Number(a.value), assetStatusLabel(a.status), a.holderName ?? '', a.holderNo ?? '', a.issuedOn ?? '', a.expectedReturnOn ?? '', a.location, a.purchaseDate ?? '', a.remark])
        .commit();
    }
    await sheetCaughtUp(sheet);
    await ctx.progress(Math.min(offset + rows.length, total), total);
    if (rows.length < BATCH) break;
  }
  sheet.commit();
}

/** Registers the asset export (called with the job handlers of every module). */
export function registerAssetJobHandlers(): void {
  registerExportHandler<AssetExportParams>(ASSET_EXPORT_JOB, writeAssets);
}
