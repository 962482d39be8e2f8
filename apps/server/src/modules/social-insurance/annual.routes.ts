import { SI_API, SI_PATHS as P, SI_PERMISSIONS as A, zAnnualDeclare, zAnnualPreview } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { annualDeclare, annualPreview } from './annual.service.ts';

const tags = ['年度调基'];
const url = (path: string) => `${SI_API}${path}`;

/** 年度调基 (insuranceInformation): the preview of the new bases, and their declaration as 调基 lines. */
export function registerAnnualRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, {
    url: url(P.annualPreview),
    access: A.insuredRead,
    summary: '年度调基预览：参保主体在保人员上年月平均工资（已锁定或已提交的工资，无则档案月薪）按当年7月政策上下限确定的新基数',
    tags,
    body: zAnnualPreview,
    handler: (c) => annualPreview(c, c.body),
  });
  defineRoute(app, s, {
    url: url(P.annualDeclare),
    access: A.insuredEdit,
    summary: '年度调基申报：在生效月份的申报草稿中加入调基明细（无草稿时新建），再次申报更新基数',
    tags,
    body: zAnnualDeclare,
    handler: (c) => annualDeclare(c, c.body),
  });
}
