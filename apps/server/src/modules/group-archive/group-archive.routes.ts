import { zGroupPageList } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './group-archive.service.ts';

/** 集团档案: employees across every company where the caller may open the roster. */
export function registerGroupArchiveRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['集团档案'];
  const emp = '/wfsaas-saas/api/companyEmployee';
  defineRoute(app, s, {
    url: `${emp}/groupPageList`,
    access: 'user',
    summary: '集团档案：本人有花名册权限的各公司员工（分页，证件号、手机号脱敏）',
    tags,
    body: zGroupPageList,
    handler: (c) => svc.pageGroupEmployees(s, c, c.body),
  });
  defineRoute(app, s, {
    url: `${emp}/groupCompanies`,
    access: 'user',
    summary: '集团档案可查看的公司（本人有花名册权限的公司）',
    tags,
    handler: (c) => svc.readableCompanies(s, c),
  });
}
