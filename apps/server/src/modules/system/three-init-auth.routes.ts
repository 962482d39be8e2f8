import { zThreeInitAuthCompanyInfo, zThreeInitAuthDepartment, zThreeInitAuthId, zThreeInitAuthPage, zThreeInitAuthSeal } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './three-init-auth.service.ts';

/** Three-party initial authorisation (/wfsaas-saas/api/threeInitAuth/*). */
export function registerThreeInitAuthRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['三方授权'];
  const base = '/wfsaas-saas/api/threeInitAuth';
  const READ = 'accredit';
  const WRITE = 'accredit.edit';
  defineRoute(app, s, { url: `${base}/page`, access: READ, summary: '三方授权分页列表（不含已删除）', tags, body: zThreeInitAuthPage, handler: (c) => svc.pageThreeInitAuth(c, c.body) });
  defineRoute(app, s, { url: `${base}/detail`, access: READ, summary: '三方授权详情', tags, body: zThreeInitAuthId, handler: (c) => svc.getThreeInitAuth(c, c.body.id) });
  defineRoute(app, s, { url: `${base}/department`, access: WRITE, summary: '授权部门（新增或修改）', tags, body: zThreeInitAuthDepartment, handler: (c) => svc.saveDepartmentScope(c, c.body) });
  defineRoute(app, s, { url: `${base}/seal`, access: WRITE, summary: '授权印章（新增或修改）', tags, body: zThreeInitAuthSeal, handler: (c) => svc.saveSealScope(c, c.body) });
  defineRoute(app, s, { url: `${base}/companyInfoConfig`, access: WRITE, summary: '授权企业信息项（新增或修改）', tags, body: zThreeInitAuthCompanyInfo, handler: (c) => svc.saveCompanyInfoScope(c, c.body) });
  defineRoute(app, s, { url: `${base}/cancel`, access: WRITE, summary: '取消授权', tags, body: zThreeInitAuthId, handler: (c) => svc.cancelThreeInitAuth(c, c.body.id) });
  defineRoute(app, s, { url: `${base}/delete`, access: WRITE, summary: '删除已取消的授权（归档）', tags, body: zThreeInitAuthId, handler: (c) => svc.deleteThreeInitAuth(c, c.body.id) });
  defineRoute(app, s, { url: `${base}/sync`, access: WRITE, summary: '同步授权给合作公司', tags, body: zThreeInitAuthId, handler: (c) => svc.syncThreeInitAuth(c, c.body.id) });
}
