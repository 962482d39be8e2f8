import { zInvitationId, zInvitationPage, zMyInvitationAccept, zMyInvitationRef, zSubAccountBindEmployee, zSubAccountPage, zSubAccountPassword, zSubAccountSave, zSubAccountUnbindEmployee, zSubAccountUser } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as inv from './invitations.service.ts';
import * as svc from './sub-accounts.service.ts';

/** Sub-accounts: save, get, remove, bind and unbind employee, password update. */
export function registerSubAccountRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['子账号'];
  const base = '/wfsaas-system/api/subAccount';
  const READ = 'rolePermission';
  const WRITE = 'rolePermission.edit';
  defineRoute(app, s, { url: `${base}/page`, access: READ, summary: '子账号分页列表（手机号脱敏）', tags, body: zSubAccountPage, handler: (c) => svc.pageSubAccounts(c, c.body) });
  defineRoute(app, s, { url: `${base}/get`, access: READ, summary: '子账号详情', tags, body: zSubAccountUser, handler: (c) => svc.getSubAccount(c, c.body.userId) });
  defineRoute(app, s, { url: `${base}/save`, access: WRITE, summary: '新增子账号：向手机号发出邀请，对方以短信验证码登录并接受后加入；或修改子账号的姓名与角色', tags, body: zSubAccountSave, handler: (c) => svc.saveSubAccount(c, c.body) });
  defineRoute(app, s, { url: `${base}/remove`, access: WRITE, summary: '移除子账号（不能移除自己或管理员）', tags, body: zSubAccountUser, handler: (c) => svc.removeSubAccount(c, c.body.userId) });
  defineRoute(app, s, { url: `${base}/bindEmployee`, access: WRITE, summary: '绑定员工', tags, body: zSubAccountBindEmployee, handler: (c) => svc.bindEmployee(c, c.body) });
  defineRoute(app, s, { url: `${base}/unbindEmployee`, access: WRITE, summary: '解除员工绑定', tags, body: zSubAccountUnbindEmployee, handler: (c) => svc.unbindEmployee(c, c.body.userId) });
  defineRoute(app, s, { url: `${base}/invitation/page`, access: READ, summary: '子账号邀请列表（待接受在前；手机号脱敏）', tags, body: zInvitationPage, handler: (c) => inv.pageInvitations(c, c.body) });
  defineRoute(app, s, { url: `${base}/invitation/cancel`, access: WRITE, summary: '撤销待接受的邀请', tags, body: zInvitationId, handler: (c) => inv.cancelInvitation(c, c.body.invitationId) });
  defineRoute(app, s, { url: `${base}/invitation/resend`, access: WRITE, summary: '重新发送邀请短信（有效期重新计算）', tags, body: zInvitationId, handler: (c) => inv.resendInvitation(c, c.body.invitationId) });
  defineRoute(app, s, { url: `${base}/updatePassword`, access: WRITE, summary: '修改本人密码（需原密码）或管理员重置子账号密码', tags, body: zSubAccountPassword, handler: (c) => svc.updatePassword(c, c.body) });

  const mine = ['加入企业'];
  const own = '/wfsaas-saas/api/company/invitation';
  defineRoute(app, s, { url: `${own}/list`, access: 'user', summary: '我收到的企业邀请（待接受）及本人手机号是否已验证', tags: mine, handler: (c) => inv.myInvitations(c.db, c.user.userId) });
  defineRoute(app, s, { url: `${own}/sendCode`, access: 'user', summary: '向本人手机号发送验证码（接受邀请前验证手机号）', tags: mine, handler: (c) => inv.sendPhoneCode(s, c.db, c.user.userId, c.ip) });
  defineRoute(app, s, { url: `${own}/accept`, access: 'user', summary: '接受邀请加入企业（手机号未验证时需附验证码）', tags: mine, body: zMyInvitationAccept, handler: (c) => inv.acceptInvitation(s, c.user.userId, c.body, c) });
  defineRoute(app, s, { url: `${own}/decline`, access: 'user', summary: '拒绝邀请', tags: mine, body: zMyInvitationRef, handler: (c) => inv.declineInvitation(s, c.user.userId, c.body, c) });
}
