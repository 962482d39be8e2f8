import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { companies, companyMembers, employees, rolePermissions, roles, userRoles, users } from '../db/schema/index.ts';
import { hashPassword } from '../platform/crypto.ts';
import { initCompanyPermissions } from '../platform/permissions.ts';
import type { AppServices } from '../platform/services.ts';
import { writeAudit } from '../platform/audit.ts';
import { seedDemoMessages } from '../modules/messages/index.ts';
import { seedDemoOrg } from '../modules/org/index.ts';
import { seedDemoEmployees } from '../modules/employees/index.ts';
import { seedDemoSeals } from '../modules/esign/index.ts';
import { seedDemoEcontracts } from '../modules/econtracts/index.ts';
import { seedDemoPayslips } from '../modules/payslips/index.ts';
import { seedDemoPayroll } from '../modules/payroll/index.ts';
import { seedDemoLifecycle } from '../modules/lifecycle/index.ts';
import { seedDemoSocialInsurance } from '../modules/social-insurance/index.ts';
import { seedDemoOutsourcing } from '../modules/outsourcing/index.ts';
import { seedDemoAssets, seedDemoEnterprise } from '../modules/enterprise/index.ts';
import { seedDemoCustody, seedDemoInvoices, seedDemoSubscriptions, seedPlatformBills } from '../modules/trade/index.ts';
import { seedDemoHelp } from '../modules/support/index.ts';
import { setTenant, type Tx } from '../platform/db.ts';
import { seedDemoWorkOrders } from '../modules/support/index.ts';
import { maskPhone } from '@wfsaas/contracts';

export const DEMO_ADMIN_PHONE = '13800000000';
export const DEMO_STAFF_PHONE = '13800000001';
/** The demo platform operator: belongs to no company; confirms transfers, reviews certifications, issues invoices. */
export const DEMO_OPERATOR_PHONE = '13900000000';

/** What the limited demo role (HR专员) may do in the first company. */
export const DEMO_STAFF_PERMISSIONS = ['home', 'corporateCenter', 'staffRoll', 'messageCenter', 'downloadCenter', 'gztVite', 'importPayslip', 'payslipManagement', 'payslipDetails'];

const SMALL_ROSTER = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周婷', '吴昊'];

/** Ten employees with a name, number and mobile: enough for API tests, quick to create. */
async function insertSmallRoster(tx: Tx, services: AppServices, companyId: number): Promise<void> {
  const { cipher } = services;
  await tx.insert(employees).values(
    SMALL_ROSTER.map((name, i) => {
      const mobile = `139${String(companyId).padStart(2, '0')}${String(100000 + i).slice(-6)}`;
      return {
        companyId,
        name,
        employeeNo: `E${String(companyId)}${String(i + 1).padStart(4, '0')}`,
        mobileEnc: cipher.encrypt(mobile),
        mobileHash: cipher.lookupHash(mobile),
        mobileMasked: maskPhone(mobile),
      };
    }),
  );
}

/**
 * Seeds the demo tenant into an empty database: two companies, an administrator of both and an HR
 * staff member of the first with a limited role. Returns the password when it was generated here.
 */
export type SeedOptions = {
  /**
   * 'full' (npm start): the living demo company — about 200 employees across the department tree.
   * 'small' (API tests): ten employees per company, enough for every test and quick to create.
   */
  roster?: 'full' | 'small';
};

export async function seedDemo(services: AppServices, opts: SeedOptions = {}): Promise<{ seeded: boolean; generatedPassword?: string }> {
  const roster = opts.roster ?? 'full';
  const { db } = services.database;
  const existing = await db.select({ n: count() }).from(companies);
  if (Number(existing[0]?.n ?? 0) > 0) return { seeded: false };
  const generatedPassword = services.config.demoPassword ? undefined : randomBytes(9).toString('base64url');
  const password = services.config.demoPassword ?? generatedPassword!;
  const passwordHash = await hashPassword(password);
  const { cipher } = services;

  const ids = await services.database.inTransaction(async (tx) => {
    const [admin, staff, operator] = await tx
      .insert(users)
      .values([
        { phoneHash: cipher.lookupHash(DEMO_ADMIN_PHONE), phoneEnc: cipher.encrypt(DEMO_ADMIN_PHONE), passwordHash, nickname: '林晓（管理员）', financeUserId: 'FC-100001', phoneVerifiedAt: new Date() },
        { phoneHash: cipher.lookupHash(DEMO_STAFF_PHONE), phoneEnc: cipher.encrypt(DEMO_STAFF_PHONE), passwordHash, nickname: '周敏（HR专员）', financeUserId: 'FC-100002', phoneVerifiedAt: new Date() },
        { phoneHash: cipher.lookupHash(DEMO_OPERATOR_PHONE), phoneEnc: cipher.encrypt(DEMO_OPERATOR_PHONE), passwordHash, nickname: '平台运营（孙悦）', platformOperator: true, phoneVerifiedAt: new Date() },
      ])
      .returning({ id: users.id });
    const [first, second] = await tx
      .insert(companies)
      .values([
        { name: '杭州云帆科技有限公司', creditCode: '91330106MA2H0Q1X72', contactName: '林晓', contactPhoneEnc: cipher.encrypt(DEMO_ADMIN_PHONE), createdBy: admin!.id },
        { name: '上海启明人力资源有限公司', creditCode: '91310115MA1K4B2C3J', contactName: '林晓', contactPhoneEnc: cipher.encrypt(DEMO_ADMIN_PHONE), isWb: 1, createdBy: admin!.id },
      ])
      .returning({ id: companies.id });
    for (const company of [first!, second!]) {
      await setTenant(tx, company.id);
      await tx.insert(companyMembers).values({ companyId: company.id, userId: admin!.id, isAdmin: true });
      await initCompanyPermissions(tx, company.id);
      if (roster === 'small') await insertSmallRoster(tx, services, company.id);
      if (company === first) {
        await tx.insert(companyMembers).values({ companyId: company.id, userId: staff!.id, isAdmin: false, isSubAccount: true });
        const [role] = await tx.insert(roles).values({ companyId: company.id, name: 'HR专员', description: '花名册、工资条与消息', createdBy: admin!.id }).returning({ id: roles.id });
        await tx.insert(rolePermissions).values(DEMO_STAFF_PERMISSIONS.map((permissionKey) => ({ companyId: company.id, roleId: role!.id, permissionKey })));
        await tx.insert(userRoles).values({ companyId: company.id, userId: staff!.id, roleId: role!.id });
      }
      await writeAudit(tx, { companyId: company.id, actorUserId: null }, { action: 'demo.seed', entity: 'company', entityId: company.id });
      await tx.execute(sql`reset role`);
    }
    return { first: first!.id, second: second!.id, adminUserId: admin!.id, operatorUserId: operator!.id };
  });
  // before the e-contract seed: a company's signing certificate is issued only once it is certified
  await seedDemoEnterprise(services, ids);
  await seedDemoOrg(services);
  if (roster === 'full') await seedDemoEmployees(services);
  await seedDemoMessages(services);
  await seedDemoSeals(services);
  // before the contracts: the signed example then draws on the demo signature pack
  await seedDemoSubscriptions(services);
  await seedDemoEcontracts(services, { signedExample: roster === 'full' });
  await seedDemoPayslips(services);
  // the roster's pay (and its changes) comes first: the payroll run reads 基本工资 from it
  if (roster === 'full') await seedDemoLifecycle(services);
  // after the lifecycle seed: its hires, transfers and resignations are what the month proposes
  await seedDemoSocialInsurance(services, { roster });
  // the full roster's payroll takes its bases from the insurance just seeded
  await seedDemoPayroll(services, roster === 'full' ? { bases: 'insured' } : {});
  // the custody account pays out the locked run just seeded
  await seedDemoCustody(services);
  // the provider company's clients, placements and last month's bills (which read its payroll)
  if (roster === 'full') await seedDemoOutsourcing(services);
  if (roster === 'full') await seedDemoAssets(services, ids.first);
  await seedDemoInvoices(services, ids.first);
  await seedPlatformBills(services);
  await seedDemoHelp(services);
  await seedDemoWorkOrders(services, ids);
  return { seeded: true, generatedPassword };
}
