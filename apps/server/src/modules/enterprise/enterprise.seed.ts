import { CERTIFICATION_STATUS, PAYMENT_STATUS } from '@wfsaas/contracts';
import { renderTextImage } from '@wfsaas/esign';
import { writeAudit } from '../../platform/audit.ts';
import { attachFile, getFileStore, insertFileRow, newStorageKey } from '../../platform/files/index.ts';
import type { AppServices } from '../../platform/services.ts';
import * as cq from './certification.queries.ts';
import * as pq from './profile.queries.ts';

const DEMO_ADMIN_PHONE = '13800000000';

/**
 * Demo: company 1 has its profile filled and was certified by its licence (approved); company 2 by a
 * small payment it confirmed. Runs before the e-contract seed, whose signing certificate needs it.
 */
export async function seedDemoEnterprise(s: AppServices, companyIds: { first: number; second: number; adminUserId: number; operatorUserId: number }): Promise<void> {
  const { cipher } = s;
  const certifiedAt = new Date(Date.now() - 30 * 86400_000);
  await s.database.inTenant(companyIds.first, async (tx) => {
    const company = await pq.updateCompany(tx, companyIds.first, {
      legalRepresentative: '林晓',
      registeredAddress: '浙江省杭州市西湖区文三路 259 号昌地火炬大厦 1 号楼 8 层',
      industry: '软件和信息技术服务业',
      sizeBand: '100-499人',
      contactEmail: 'hr@yunfan.example.com',
      certificationStatus: CERTIFICATION_STATUS.certified,
      certifiedAt,
    });
    const png = renderTextImage(['营业执照（示例）', `统一社会信用代码 ${company.creditCode ?? ''}`, `名称 ${company.name}`, '法定代表人 林晓', `住所 ${company.registeredAddress ?? ''}`], { lineHeight: 36 });
    const key = newStorageKey(company.id, 'upload', '.png');
    const blob = await getFileStore(s).put(key, png);
    const file = await insertFileRow(tx, { companyId: company.id, uploadedBy: companyIds.adminUserId, originalName: '营业执照.png', mime: 'image/png', size: blob.size, sha256: blob.sha256, storageKey: key, isImage: true, kind: 'company_licence' });
    const cert = await cq.insertCertification(tx, {
      companyId: company.id,
      licenceFileId: file.id,
      legalName: '林晓',
      legalIdEnc: cipher.encrypt('330106198805123419'),
      legalPhoneEnc: cipher.encrypt(DEMO_ADMIN_PHONE),
      status: 2,
      submittedBy: companyIds.adminUserId,
      reviewedBy: companyIds.operatorUserId,
      reviewedAt: certifiedAt,
      createdAt: new Date(certifiedAt.getTime() - 86400_000),
    });
    await attachFile(tx, company.id, file.id, { kind: 'company_licence', ownerId: cert.id });
    await writeAudit(tx, { companyId: company.id, actorUserId: null }, { action: 'demo.seed', entity: 'company_certification', entityId: cert.id });
  });
  await s.database.inTenant(companyIds.second, async (tx) => {
    const company = await pq.updateCompany(tx, companyIds.second, {
      legalRepresentative: '林晓',
      registeredAddress: '上海市浦东新区张江路 665 号 3 层',
      industry: '租赁和商务服务业',
      sizeBand: '20-99人',
      certificationStatus: CERTIFICATION_STATUS.certified,
      certifiedAt,
    });
    await cq.insertPayment(tx, {
      companyId: company.id,
      accountName: company.name,
      bankName: '招商银行上海张江支行',
      accountEnc: cipher.encrypt('121909876510001'),
      accountTail: '0001',
      amount: '0.37',
      status: PAYMENT_STATUS.verified,
      requestedBy: companyIds.adminUserId,
      executedBy: companyIds.operatorUserId,
      executedAt: new Date(certifiedAt.getTime() - 3600_000),
      verifiedAt: certifiedAt,
      createdAt: new Date(certifiedAt.getTime() - 86400_000),
    });
  });
}
