import { STAT_API, STAT_PATHS as P, zEmployeeStructure, zEmploymentRisk, zInsuredStat, zTaxDeclarationStat } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { serviceBoard } from './board.service.ts';
import { exportingCount, insuredStat, taxDeclaration } from './figures.service.ts';
import { employmentRisk } from './risk.service.ts';
import { employeeStructure } from './structure.service.ts';

/** 服务看板 and statistics (STAT_PATHS): every figure read through the module that owns it, within the caller's permissions. */

const url = (path: string) => `${STAT_API}${path}`;
const tags = ['服务看板与统计'];

export function registerStatsRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.board), access: 'home', summary: '服务看板：各项待办与风险的人数，及打开对应列表的链接（仅含有权查看的列表）', tags, handler: (c) => serviceBoard(s, c) });
  defineRoute(app, s, { url: url(P.employmentRisk), access: 'home', summary: '用工风险名单（分页）：试用期到期、入职超30天未签劳动合同、劳动合同到期（需对应列表的权限）', tags, body: zEmploymentRisk, handler: (c) => employmentRisk(s, c, c.body) });
  defineRoute(app, s, { url: url(P.employeeStructure), access: 'staffRoll', summary: '员工结构：在职员工按部门、性别、年龄、司龄、学历、用工类型的人数（按数据权限）', tags, body: zEmployeeStructure, handler: (c) => employeeStructure(s, c, c.body) });
  defineRoute(app, s, { url: url(P.taxDeclaration), access: 'declarationRecords', summary: '个税申报：某月（默认上月）的申报状态、人数、收入额与税额', tags, body: zTaxDeclarationStat, handler: (c) => taxDeclaration(c, c.body.month) });
  defineRoute(app, s, { url: url(P.insured), access: 'insuranceInformation', summary: '参保人数：某月（默认本月）各参保主体的参保人数', tags, body: zInsuredStat, handler: (c) => insuredStat(c, c.body.month) });
  defineRoute(app, s, { url: url(P.exportingCount), access: 'downloadCenter', summary: '本人排队中或生成中的导出数量（下载中心角标）', tags: ['下载中心'], handler: (c) => exportingCount(c) });
}
