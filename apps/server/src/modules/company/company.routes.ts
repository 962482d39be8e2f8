import { zCompanyCreate } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './company.service.ts';

export function registerCompanyRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['公司'];
  defineRoute(app, s, {
    url: '/wfsaas-saas/api/company/list',
    access: 'user',
    summary: '我所属的公司列表',
    tags,
    handler: (c) => svc.listMyCompanies(c.db, c.user.userId),
  });
  defineRoute(app, s, {
    url: '/wfsaas-saas/api/company/create',
    access: 'user',
    summary: '创建公司（创建人成为管理员）',
    tags,
    body: zCompanyCreate,
    handler: (c) => svc.createCompany(s, c.user.userId, c.body, c),
  });
}
