import { notFound } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { findCompany, type CompanyRow } from './profile.queries.ts';

/** The caller's company row, which every enterprise service starts from. */
export async function loadCompany(c: Pick<ServiceCtx, 'tx' | 'companyId'>): Promise<CompanyRow> {
  const row = await findCompany(c.tx, c.companyId);
  if (!row) throw notFound('企业');
  return row;
}
