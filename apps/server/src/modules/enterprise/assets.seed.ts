import { ASSET_STATUS, DEFAULT_ASSET_CATEGORIES } from '@wfsaas/contracts';
import { addDays, chinaToday } from '../../platform/china-date.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './assets.queries.ts';

/**
 * Demo of the asset centre in the first demo company (杭州云帆科技): the default categories and a dozen
 * assets — most in stock, four issued to employees, one in repair, one scrapped — each with its history.
 * Skipped when the company already has assets.
 */

type DemoAsset = { no: string; name: string; cat: string; model: string; value: string; bought: number; place: string; state: 'stock' | 'issued' | 'repair' | 'scrap'; to?: number; returned?: string };

const DEMO: DemoAsset[] = [
  { no: 'MBP-0012', name: '笔记本电脑', cat: '电脑', model: 'Apple MacBook Pro 14', value: '14999.00', bought: 420, place: '总部 3F 资产柜', state: 'issued', to: 0 },
  { no: 'MBP-0013', name: '笔记本电脑', cat: '电脑', model: 'Apple MacBook Pro 14', value: '14999.00', bought: 420, place: '总部 3F 资产柜', state: 'stock', to: 1, returned: '完好，已清除数据' },
  { no: 'TP-0021', name: '笔记本电脑', cat: '电脑', model: 'ThinkPad X1 Carbon', value: '9899.00', bought: 300, place: '总部 3F 资产柜', state: 'issued', to: 1 },
  { no: 'TP-0022', name: '笔记本电脑', cat: '电脑', model: 'ThinkPad X1 Carbon', value: '9899.00', bought: 300, place: '维修点', state: 'repair' },
  { no: 'TP-0009', name: '笔记本电脑', cat: '电脑', model: 'ThinkPad T480', value: '6500.00', bought: 1600, place: '仓库', state: 'scrap' },
  { no: 'DEL-0031', name: '显示器', cat: '显示器', model: 'Dell U2723QE 27英寸', value: '3299.00', bought: 200, place: '总部 3F 工位', state: 'issued', to: 0 },
  { no: 'DEL-0032', name: '显示器', cat: '显示器', model: 'Dell U2723QE 27英寸', value: '3299.00', bought: 200, place: '总部 3F 资产柜', state: 'stock' },
  { no: 'IP-0005', name: '测试手机', cat: '手机', model: 'iPhone 15', value: '5999.00', bought: 150, place: '研发测试柜', state: 'issued', to: 2 },
  { no: 'HW-0006', name: '测试手机', cat: '手机', model: '华为 Mate 60', value: '5499.00', bought: 150, place: '研发测试柜', state: 'stock' },
  { no: 'GP-0101', name: '工牌', cat: '工牌', model: 'IC 门禁工牌', value: '25.00', bought: 90, place: '行政前台', state: 'stock' },
  { no: 'KEY-0003', name: '档案室钥匙', cat: '钥匙', model: '', value: '0.00', bought: 700, place: '行政前台', state: 'stock' },
  { no: 'CH-0040', name: '人体工学椅', cat: '办公家具', model: '西昊 M57', value: '1299.00', bought: 500, place: '总部 3F 工位', state: 'stock' },
];

export async function seedDemoAssets(s: AppServices, companyId: number): Promise<void> {
  await s.database.inTenant(companyId, async (tx) => {
    if ((await q.listAssetsPage(tx, companyId, {}, 0, 1)).total > 0) return;
    await q.upsertSettings(tx, companyId, true);
    await q.insertCategories(tx, companyId, DEFAULT_ASSET_CATEGORIES);
    const cats = new Map((await q.listCategories(tx, companyId)).map((c) => [c.name, c.id]));
    const people = await q.listOnJobEmployeeIds(tx, companyId, 3);
    const today = chinaToday();
    for (const a of DEMO) {
      const bought = addDays(today, -a.bought);
      const row = await q.insertAsset(tx, companyId, { assetNo: a.no, name: a.name, categoryId: cats.get(a.cat)!, brandModel: a.model, serialNo: a.model ? `SN${a.no.replace('-', '')}` : '', value: a.value, purchaseDate: bought, location: a.place, remark: '', status: ASSET_STATUS.inStock });
      const event = (action: string, from: number | null, to: number, day: string, extra: { employeeId?: number; note?: string } = {}) =>
        q.insertAssetEvent(tx, { companyId, assetId: row.id, action, fromStatus: from, toStatus: to, day, employeeId: extra.employeeId ?? null, note: extra.note ?? '', actorUserId: null });
      await event('create', null, ASSET_STATUS.inStock, bought);
      const holder = a.to !== undefined ? people[a.to] : undefined;
      if (a.state === 'issued' && holder) {
        const day = addDays(today, -Math.min(a.bought - 5, 60));
        await q.updateAsset(tx, companyId, row.id, [ASSET_STATUS.inStock], { status: ASSET_STATUS.issued, holderEmployeeId: holder, issuedOn: day });
        await event('issue', ASSET_STATUS.inStock, ASSET_STATUS.issued, day, { employeeId: holder, note: '入职领用' });
      } else if (a.state === 'stock' && holder && a.returned) {
        await event('issue', ASSET_STATUS.inStock, ASSET_STATUS.issued, addDays(bought, 3), { employeeId: holder, note: '项目借用' });
        await event('return', ASSET_STATUS.issued, ASSET_STATUS.inStock, addDays(bought, 90), { employeeId: holder, note: a.returned });
      } else if (a.state === 'repair') {
        await q.updateAsset(tx, companyId, row.id, [ASSET_STATUS.inStock], { status: ASSET_STATUS.repairing });
        await event('repair', ASSET_STATUS.inStock, ASSET_STATUS.repairing, addDays(today, -6), { note: '屏幕闪烁，送联想售后' });
      } else if (a.state === 'scrap') {
        await q.updateAsset(tx, companyId, row.id, [ASSET_STATUS.inStock], { status: ASSET_STATUS.scrapped });
        await event('scrap', ASSET_STATUS.inStock, ASSET_STATUS.scrapped, addDays(today, -30), { note: '超过使用年限，主板损坏无维修价值' });
      }
    }
  });
}
