import { EMPLOYEE_STATUSES, MAX_PAGE_SIZE } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './group-archive.service.ts';

const STATUS_VALUES = EMPLOYEE_STATUSES.map((s) => s.value) as [number, ...number[]];

/** companyEmployee/groupPageList: `groupCompanyId` narrows to one company (the common body field companyId is the caller's current company). */
export const zGroupPageList = z
  .object({
    pageNum: z.coerce.number().int().min(1).max(1_000_000).default(1).describe('页码'),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10).describe('每页条数'),
    keyword: z.string().trim().max(50).optional().describe('姓名或工号'),
    groupCompanyId: z.coerce.number().int().positive().optional().describe('公司'),
    status: z.array(z.literal(STATUS_VALUES)).max(5).optional().describe('员工状态'),
  })
  .prefault({});

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
