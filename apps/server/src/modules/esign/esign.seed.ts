import type { AppServices } from '../../platform/services.ts';
import * as q from './esign.queries.ts';
import { drawCompanySeal, insertGeneratedSeal } from './seals.service.ts';

/** Demo seed: one generated 合同专用章 for every company that has no seal yet. */
export async function seedDemoSeals(s: AppServices): Promise<number> {
  let made = 0;
  for (const company of await q.listCompanyIds(s.database.db)) {
    made += await s.database.inTenant(company.id, async (tx) => {
      if ((await q.countLiveSeals(tx, company.id)) > 0) return 0;
      const png = drawCompanySeal(company.name, '合同专用章');
      const row = await insertGeneratedSeal(s, tx, { companyId: company.id, userId: null, name: `${company.name}合同专用章`.slice(0, 40), type: 2, png });
      await q.insertSealUsage(tx, { companyId: company.id, sealId: row.id, userId: null, action: 'create', detail: { source: 'generated', seed: true } });
      return 1;
    });
  }
  return made;
}
