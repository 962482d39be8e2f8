import {
  zCompanyAuthByPayment,
  zCompanyAuthSave,
  zEnterpriseProfileSave,
  zId,
  zLicenseOcr,
  zLoginShareAdd,
  zLoginShareId,
  zLoginShareRole,
  zLoginShareRoles,
  zOperatorCertificationId,
  zOperatorCertificationList,
  zOperatorCertificationReject,
  zOperatorPaymentId,
  zOperatorPaymentList,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { companyIdFromHeader, defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as cert from './certification.service.ts';
import { recogniseLicence } from './licence-ocr.service.ts';
import * as share from './login-share.service.ts';
import * as profile from './profile.service.ts';

const API = '/wfsaas-saas/api';
const INFO_READ = 'enterpriseInformation';
const INFO_EDIT = 'enterpriseInformation.edit';
const zPaymentDetail = z.object({ paymentId: zId('打款记录').optional() }).optional();

/** 企业信息 and 企业认证, 授权中心's 登录共享, and the operator's certification review (docs/enterprise.md). */
export function registerEnterpriseRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['企业信息'];
  defineRoute(app, s, { url: `${API}/companyInfo/get`, access: INFO_READ, summary: '企业信息（联系电话脱敏）', tags, handler: (c) => profile.getProfile(c) });
  defineRoute(app, s, {
    url: `${API}/companyInfo/save`,
    access: INFO_EDIT,
    summary: '保存企业信息（修改名称或统一社会信用代码会使已认证的企业回到未认证）',
    tags,
    body: zEnterpriseProfileSave,
    handler: (c) => profile.saveProfile(c, c.body),
  });

  const auth = `${API}/companyAuth`;
  const atags = ['企业认证'];
  defineRoute(app, s, { url: `${auth}/detail`, access: INFO_READ, summary: '企业认证状态、最近一次营业执照认证与打款验证', tags: atags, handler: (c) => cert.certificationState(c) });
  defineRoute(app, s, {
    url: `${auth}/sendSmsVerifyCode`,
    access: INFO_EDIT,
    summary: '向当前登录人的手机号发送企业认证验证码',
    tags: atags,
    receive: (req, who) => cert.sendAuthCode(s, who, req.ip),
    handler: async (c) => {
      await c.audit({ action: 'enterprise.certification.sendCode', entity: 'company', entityId: c.companyId });
      return c.received;
    },
  });
  defineRoute(app, s, {
    url: `${auth}/save`,
    access: INFO_EDIT,
    summary: '提交营业执照认证（需短信验证码），进入平台审核',
    tags: atags,
    body: zCompanyAuthSave,
    // The body is checked first, then the code (outside the transaction, so a wrong code stays counted).
    receive: async (req, who) => cert.checkAuthCode(s, who, parseInput(zCompanyAuthSave, req.body).smsCode),
    handler: (c) => cert.saveLicenceCertification(c, c.body),
  });
  defineRoute(app, s, {
    url: `${auth}/saveByPayment`,
    access: INFO_EDIT,
    summary: '对公打款认证：发起打款（action=start）或填写收到的金额（action=verify，错误3次锁定）',
    tags: atags,
    body: zCompanyAuthByPayment,
    handler: (c) => cert.saveByPayment(c, c.body),
  });
  defineRoute(app, s, {
    url: `${auth}/findPaymentDetail`,
    access: INFO_READ,
    summary: '打款验证的状态（账号脱敏、剩余次数、打款时间；不含金额）',
    tags: atags,
    body: zPaymentDetail,
    handler: (c) => cert.paymentDetail(c, c.body?.paymentId),
  });
  defineRoute(app, s, {
    url: `${API}/licenseOcr`,
    access: INFO_EDIT,
    summary: '识别营业执照图片（本机安装了识别组件时），返回名称、统一社会信用代码、法定代表人、住所供核对',
    tags: atags,
    body: zLicenseOcr,
    receive: (req, who) => recogniseLicence(s, who, parseInput(zLicenseOcr, req.body).fileId),
    handler: async (c) => c.received,
  });

  const ls = `${API}/loginShareConfig`;
  const ltags = ['登录共享'];
  defineRoute(app, s, { url: `${ls}/list`, access: 'accredit', summary: '本公司成员的登录共享记录', tags: ltags, handler: (c) => share.listGrants(c) });
  defineRoute(app, s, {
    url: `${ls}/targets`,
    access: 'user',
    summary: '我同时担任管理员的其他公司（可共享到的公司）',
    tags: ltags,
    handler: (c) => share.listTargets(c.db, c.user.userId, companyIdFromHeader(c.req)),
  });
  defineRoute(app, s, { url: `${ls}/members`, access: 'accredit.edit', summary: '可共享的本公司成员（手机号脱敏）', tags: ltags, handler: (c) => share.listMembers(c) });
  defineRoute(app, s, { url: `${ls}/roles`, access: 'accredit.edit', summary: '共享到的公司的角色（须为该公司管理员）', tags: ltags, body: zLoginShareRoles, handler: (c) => share.listTargetRoles(c, c.body.targetCompanyId) });
  defineRoute(app, s, { url: `${ls}/add`, access: 'accredit.edit', summary: '把成员共享到另一家公司并授予角色', tags: ltags, body: zLoginShareAdd, handler: (c) => share.addGrants(c, c.body) });
  defineRoute(app, s, { url: `${ls}/updateRole`, access: 'accredit.edit', summary: '修改共享成员在另一家公司的角色', tags: ltags, body: zLoginShareRole, handler: (c) => share.changeRole(c, c.body.id, c.body.roleId) });
  defineRoute(app, s, { url: `${ls}/revoke`, access: 'accredit.edit', summary: '撤销共享（移除共享时新建的成员身份）', tags: ltags, body: zLoginShareId, handler: (c) => share.revoke(c, c.body.id) });

  const op = `${API}/operator/certification`;
  const otags = ['平台运营：企业认证'];
  defineRoute(app, s, { url: `${op}/list`, access: 'operator', summary: '营业执照认证申请（可按状态筛选）', tags: otags, body: zOperatorCertificationList, handler: (o) => cert.listForReview(o, o.body?.status) });
  defineRoute(app, s, { url: `${op}/approve`, access: 'operator', summary: '通过营业执照认证', tags: otags, body: zOperatorCertificationId, handler: (o) => cert.decide(o, o.body, true) });
  defineRoute(app, s, { url: `${op}/reject`, access: 'operator', summary: '驳回营业执照认证（须填写原因）', tags: otags, body: zOperatorCertificationReject, handler: (o) => cert.decide(o, o.body, false) });
  defineRoute(app, s, { url: `${op}/licence`, access: 'operator', summary: '查看认证申请的营业执照图片', tags: otags, body: zOperatorCertificationId, handler: (o) => cert.licenceImage(o, o.body) });
  defineRoute(app, s, { url: `${op}/payments`, access: 'operator', summary: '对公打款验证：待执行与已执行的打款（含金额与账号）', tags: otags, body: zOperatorPaymentList, handler: (o) => cert.listPayments(o, o.body?.status) });
  defineRoute(app, s, { url: `${op}/paymentExecuted`, access: 'operator', summary: '标记打款已执行（企业随后可填写金额）', tags: otags, body: zOperatorPaymentId, handler: (o) => cert.markPaymentExecuted(o, o.body) });
}
