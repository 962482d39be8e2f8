import { CERTIFICATION_STATUS, CERTIFICATION_STATUS_LABELS, maskPhone, type EnterpriseProfile, type EnterpriseProfileSave, type EnterpriseProfileSaved } from '@wfsaas/contracts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { findFileByPublicId } from '../../platform/files/index.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { withdrawOpenCertification } from './certification.service.ts';
import { loadCompany } from './company-row.ts';
import * as q from './profile.queries.ts';

const STATIC_URL = '/wfsaas-file/api/file/static/';

export function toProfile(s: AppServices, r: q.CompanyRow): EnterpriseProfile {
  return {
    companyId: r.id,
    name: r.name,
    creditCode: r.creditCode,
    legalRepresentative: r.legalRepresentative,
    registeredAddress: r.registeredAddress,
    industry: r.industry,
    sizeBand: r.sizeBand,
    logoUrl: r.logoUrl,
    contactName: r.contactName,
    contactPhone: r.contactPhoneEnc ? maskPhone(s.cipher.decrypt(r.contactPhoneEnc)) : null,
    contactEmail: r.contactEmail,
    certificationStatus: r.certificationStatus,
    certificationStatusLabel: CERTIFICATION_STATUS_LABELS[r.certificationStatus] ?? '未认证',
    certifiedAt: r.certifiedAt?.toISOString() ?? null,
  };
}


export async function getProfile(c: ServiceCtx): Promise<EnterpriseProfile> {
  return toProfile(c.services, await loadCompany(c));
}

/**
 * Saves the profile. A new name or credit code on a company under review or certified sends it back
 * to 未认证: the certification vouched for the old identity (docs/enterprise.md).
 */
export async function saveProfile(c: ServiceCtx, input: EnterpriseProfileSave): Promise<EnterpriseProfileSaved> {
  const before = await loadCompany(c);
  if (input.creditCode !== before.creditCode && (await q.findOtherCompanyIdByCreditCode(c.tx, c.companyId, input.creditCode))) {
    throw conflict('统一社会信用代码已被平台上的其他企业使用，请核对');
  }
  let logoUrl = before.logoUrl;
  if (input.logoFileId === null) logoUrl = null;
  else if (input.logoFileId) {
    const file = await findFileByPublicId(c.tx, c.companyId, input.logoFileId);
    if (!file || file.kind !== 'static' || !file.isImage) throw badRequest('企业Logo的文件不存在或不是图片，请重新上传');
    logoUrl = `${STATIC_URL}${file.publicId}`;
  }
  const identityChanged = input.name !== before.name || input.creditCode !== before.creditCode;
  const resets = identityChanged && before.certificationStatus !== CERTIFICATION_STATUS.none;
  const after = await q.updateCompany(c.tx, c.companyId, {
    name: input.name,
    creditCode: input.creditCode,
    legalRepresentative: input.legalRepresentative || null,
    registeredAddress: input.registeredAddress || null,
    industry: input.industry ?? null,
    sizeBand: input.sizeBand ?? null,
    logoUrl,
    contactName: input.contactName,
    contactPhoneEnc: c.services.cipher.encrypt(input.contactPhone),
    contactEmail: input.contactEmail || null,
    ...(resets ? { certificationStatus: CERTIFICATION_STATUS.none, certifiedAt: null } : {}),
  });
  if (identityChanged) await withdrawOpenCertification(c);
  const view = (r: q.CompanyRow) => ({ ...toProfile(c.services, r), contactPhone: undefined });
  await c.audit({ action: 'enterprise.profile.save', entity: 'company', entityId: c.companyId, before: view(before), after: view(after) });
  if (resets) {
    await c.audit({ action: 'enterprise.certification.reset', entity: 'company', entityId: c.companyId, before: { certificationStatus: before.certificationStatus }, after: { certificationStatus: CERTIFICATION_STATUS.none } });
  }
  return { ...toProfile(c.services, after), certificationReset: resets };
}
