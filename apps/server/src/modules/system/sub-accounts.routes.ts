import { zSubAccountBindEmployee, zSubAccountPage, zSubAccountPassword, zSubAccountSave, zSubAccountUnbindEmployee, zSubAccountUser } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './sub-accounts.service.ts';

/** SPEC §6 sub-accounts: save, get, remove, bind and unbind employee, password update. */
export function registerSubAccountRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['子账号'];
  const base = '/wfsaas-system/api/subAccount';
  const READ = 'rolePermission';
  const WRITE = 'rolePermission.edit';
  defineRoute(app, s, { url: `${base}/page`, access: READ, summary: '子账号分页列表（手机号脱敏）', tags, body: zSubAccountPage, handler: (c) => svc.pageSubAccounts(c, c.body) });
  defineRoute(app, s, { url: `${base}/get`, access: READ, summary: '子账号详情', tags, body: zSubAccountUser, handler: (c) => svc.getSubAccount(c, c.body.userId) });
  defineRoute(app, s, { url: `${base}/save`, access: WRITE, summary: '新增子账号（按手机号）或修改姓名与角色', tags, body: zSubAccountSave, handler: (c) => svc.saveSubAccount(c, c.body) });
  defineRoute(app, s, { url: `${base}/remove`, access: WRITE, summary: '移除子账号（不能移除自己或管理员）', tags, body: zSubAccountUser, handler: (c) => svc.removeSubAccount(c, c.body.userId) });
  defineRoute(app, s, { url: `${base}/bindEmployee`, access: WRITE, summary: '绑定员工', tags, body: zSubAccountBindEmployee, handler: (c) => svc.bindEmployee(c, c.body) });
  defineRoute(app, s, { url: `${base}/unbindEmployee`, access: WRITE, summary: '解除员工绑定', tags, body: zSubAccountUnbindEmployee, handler: (c) => svc.unbindEmployee(c, c.body.userId) });
  defineRoute(app, s, { url: `${base}/updatePassword`, access: WRITE, summary: '修改本人密码（需原密码）或管理员重置子账号密码', tags, body: zSubAccountPassword, handler: (c) => svc.updatePassword(c, c.body) });
}
