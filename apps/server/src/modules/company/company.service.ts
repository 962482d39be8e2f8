import { CODES, type CompanyCreate, type CompanyListEntry } from '@wfsaas/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { setTenant, type Db } from '../../platform/db.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { initCompanyPermissions } from '../../platform/permissions.ts';
import type { AppServices } from '../../platform/services.ts';
import * as q from './company.queries.ts';

export async function listMyCompanies(db: Db, userId: number): Promise<CompanyListEntry[]> {
  const rows = await q.listCompaniesOfUser(db, userId);
  return rows.map((r) => ({ companyId: Number(r.company_id), companyName: r.company_name, logoUrl: r.logo_url, isWb: Number(r.is_wb) }));
}

/** Companies one account may create in 24 hours. */
export const COMPANIES_PER_DAY = 3;

/**
 * A signed-in user creates a company and becomes its administrator with every permission switched
 * on; at most COMPANIES_PER_DAY a day per account.
 */
export async function createCompany(services: AppServices, userId: number, input: CompanyCreate, client: { ip: string; userAgent: string }) {
  return services.database.inTransaction(async (tx) => {
    if ((await q.countCompaniesCreatedBy(tx, userId, new Date(Date.now() - 24 * 3600_000))) >= COMPANIES_PER_DAY) {
      throw new AppError(CODES.tooManyRequests, `每个账号24小时内最多创建${COMPANIES_PER_DAY}家企业，请稍后再试`);
    }
    if (await q.findCompanyByCreditCode(tx, input.creditCode)) throw conflict('该统一社会信用代码已注册，请联系该公司管理员邀请您加入');
    const company = await q.insertCompany(tx, {
      name: input.companyName,
      creditCode: input.creditCode,
      contactName: input.contactName,
      contactPhoneEnc: services.cipher.encrypt(input.contactPhone),
      createdBy: userId,
    });
    if (input.promoter) await q.insertCompanyPromoter(tx, { companyId: company.id, userId, promoterId: input.promoter.promoterId, promoter: input.promoter });
    // From here on the new company's rows are written as the application role, under RLS.
    await setTenant(tx, company.id);
    await q.insertMember(tx, { companyId: company.id, userId, isAdmin: true });
    await initCompanyPermissions(tx, company.id);
    await writeAudit(tx, { companyId: company.id, actorUserId: userId, ...client }, {
      action: 'company.create',
      entity: 'company',
      entityId: company.id,
      after: { name: company.name, creditCode: company.creditCode, contactName: company.contactName },
    });
    return { companyId: company.id, companyName: company.name, logoUrl: company.logoUrl, isWb: company.isWb } satisfies CompanyListEntry;
  });
}

export async function isActiveMember(services: AppServices, companyId: number, userId: number): Promise<boolean> {
  return q.isActiveMember(services.database, companyId, userId);
}
