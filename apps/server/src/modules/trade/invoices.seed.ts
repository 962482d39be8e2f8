import type { AppServices } from '../../platform/services.ts';
import * as q from './invoices.queries.ts';

/** Demo of 发票管理 in the first demo company: its default title (paid bills come from the bills demo). */
export async function seedDemoInvoices(s: AppServices, companyId: number): Promise<void> {
  await s.database.inTenant(companyId, async (tx) => {
    if ((await q.listTitles(tx, companyId)).length > 0) return;
    const company = await q.findCompanyName(tx, companyId);
    await q.insertTitle(tx, companyId, {
      name: company?.name ?? '杭州云帆科技有限公司',
      taxNo: company?.creditCode || '91330106MA2GL7XK5D',
      address: '杭州市西湖区文三路 478 号华星时代广场 A 座 12 层',
      phone: '0571-88812345',
      bank: '招商银行杭州高新支行',
      account: '571908765410802',
      isDefault: true,
    });
  });
}
