import { registerAnnualRoutes } from './annual.routes.ts';
import { registerRecordRoutes } from './records.routes.ts';
import {
  SI_API,
  SI_IMPORT_MAX_BYTES,
  SI_PATHS as P,
  SI_PERMISSIONS as A,
  zApplyCreate,
  zApplyIdBody,
  zApplyLineRef,
  zApplyLineSave,
  zApplyMonth,
  zApplyPage,
  zApplyResultImportQuery,
  zApplyResultSave,
  zEntityIdBody,
  zEntitySave,
  zInsuredEmployee,
  zInsuredPage,
  zInsuredRegister,
  zLayoutCity,
  zLayoutSave,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, parseInput } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { requestDeclarationExport } from './declaration-export.ts';
import * as decl from './declarations.service.ts';
import * as ent from './entities.service.ts';
import * as ins from './insured.service.ts';
import * as lines from './lines.service.ts';
import * as res from './results.service.ts';
import * as sub from './submit.service.ts';

/** 社保托管: entities and portal column sets, employees' insurance, and the month's declarations with their results. */

const url = (path: string) => `${SI_API}${path}`;
const tags = ['社保托管'];

function registerEntityRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, { url: url(P.entityList), access: A.entityRead, summary: '参保主体列表（在保人数、本月适用的社保公积金政策）', tags, handler: (c) => ent.listEntitiesView(c) });
  defineRoute(app, s, { url: url(P.entitySave), access: A.entityEdit, summary: '新增或修改参保主体（城市须有社保公积金政策；设为默认时取消其他主体的默认）', tags, body: zEntitySave, handler: (c) => ent.saveEntity(c, c.body) });
  defineRoute(app, s, { url: url(P.entityRemove), access: A.entityEdit, summary: '删除参保主体（归档；仍有参保人员时不能删除）', tags, body: zEntityIdBody, handler: (c) => ent.removeEntity(c, c.body.id) });
  defineRoute(app, s, { url: url(P.layoutList), access: A.entityRead, summary: '各城市社保平台批量申报模板的列（公司自定义、产品内置或通用）', tags, handler: (c) => ent.listLayoutsView(c) });
  defineRoute(app, s, { url: url(P.layoutSave), access: A.entityEdit, summary: '保存某城市的申报模板列', tags, body: zLayoutSave, handler: (c) => ent.saveLayout(c, c.body) });
  defineRoute(app, s, { url: url(P.layoutReset), access: A.entityEdit, summary: '恢复某城市的默认申报模板', tags, body: zLayoutCity, handler: (c) => ent.resetLayout(c, c.body.city) });
}

function registerInsuredRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, { url: url(P.insuredPage), access: A.insuredRead, summary: '员工参保信息（按参保主体、状态、月份、姓名或工号，分页；证件号码脱敏）', tags, body: zInsuredPage, handler: (c) => ins.pageInsuredView(c, c.body) });
  defineRoute(app, s, { url: url(P.insuredHistory), access: A.insuredRead, summary: '员工参保变动记录', tags, body: zInsuredEmployee, handler: (c) => ins.historyView(c, c.body.employeeId) });
  defineRoute(app, s, { url: url(P.insuredRegister), access: A.insuredEdit, summary: '补录参保（使用本产品前已参保的员工，直接为在保）', tags, body: zInsuredRegister, handler: (c) => ins.registerInsured(c, c.body) });
  defineRoute(app, s, { url: url(P.insuredWarnings), access: A.insuredRead, summary: '参保提醒：在职未参保、已离职仍在保', tags, handler: (c) => ins.warningsView(c) });
  defineRoute(app, s, { url: url(P.board), access: A.applyRead, summary: '服务看板：各参保主体当前可申报月份待申报的人数', tags, handler: (c) => ins.boardView(c) });
}

function registerApplyRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, { url: url(P.applyMonth), access: A.applyRead, summary: '本月申报：各参保主体的截止日、申报单与待申报人数', tags, body: zApplyMonth, handler: (c) => decl.monthView(c, c.body?.month) });
  defineRoute(app, s, { url: url(P.applyPage), access: A.applyRead, summary: '申报记录（按参保主体、月份、状态，分页）', tags, body: zApplyPage, handler: (c) => decl.pageDeclarationsView(c, c.body) });
  defineRoute(app, s, { url: url(P.applyCreate), access: A.applyEdit, summary: '生成某参保主体某月的申报单（已有则返回；已过截止日的月份不能生成）', tags, body: zApplyCreate, handler: (c) => decl.createDeclaration(c, c.body) });
  defineRoute(app, s, { url: url(P.applyDetail), access: A.applyRead, summary: '申报单详情（草稿含系统建议的增员、减员、调基、补缴）', tags, body: zApplyIdBody, handler: (c) => decl.applyDetail(c, c.body.applyId) });
  defineRoute(app, s, { url: url(P.applyLineSave), access: A.applyEdit, summary: '修改申报明细或建议明细，或手工添加明细（仅草稿）', tags, body: zApplyLineSave, handler: (c) => lines.saveLine(c, c.body) });
  defineRoute(app, s, { url: url(P.applyLineDrop), access: A.applyEdit, summary: '移除申报明细（仅草稿；建议明细移除后不再建议）', tags, body: zApplyLineRef, handler: (c) => lines.dropLine(c, c.body) });
  defineRoute(app, s, { url: url(P.applyLineRestore), access: A.applyEdit, summary: '恢复已移除的申报明细（仅草稿）', tags, body: zApplyLineRef, handler: (c) => lines.restoreLine(c, c.body) });
  defineRoute(app, s, { url: url(P.applySubmit), access: A.applyEdit, summary: '提交申报单（截止日前；建议明细随之保存）', tags, body: zApplyIdBody, handler: (c) => sub.submitDeclaration(c, c.body.applyId) });
  defineRoute(app, s, { url: url(P.applyWithdraw), access: A.applyEdit, summary: '撤回已提交且尚无办理结果的申报单', tags, body: zApplyIdBody, handler: (c) => sub.withdrawDeclaration(c, c.body.applyId) });
  defineRoute(app, s, { url: url(P.applyCarryOver), access: A.applyEdit, summary: '逾期草稿转入下月：未申报的人员转入下月申报单并补缴欠缴月份', tags, body: zApplyIdBody, handler: (c) => sub.carryOver(c, c.body.applyId) });
  defineRoute(app, s, { url: url(P.applyRetryFailed), access: A.applyEdit, summary: '办理失败的明细加入下月申报单重新申报', tags, body: zApplyIdBody, handler: (c) => sub.retryFailed(c, c.body.applyId) });
  defineRoute(app, s, { url: url(P.applyExport), access: A.applyRead, summary: '导出社保平台批量申报文件（加入下载中心；含完整证件号码，需查看敏感信息权限）', tags, body: zApplyIdBody, handler: (c) => requestDeclarationExport(s, c, c.body.applyId) });
  defineRoute(app, s, {
    url: url(P.applyResultImport),
    access: A.applyEdit,
    summary: '导入办理结果（multipart，字段名 file；?applyId=）：按证件号码匹配人员，其次按申报单内唯一的姓名',
    tags,
    bodyLimit: SI_IMPORT_MAX_BYTES + 1024 * 1024,
    receive: async (req) => {
      let query;
      try {
        query = parseInput(zApplyResultImportQuery, req.query);
      } catch (err) {
        if (req.isMultipart()) req.raw.resume();
        throw err;
      }
      return { applyId: query.applyId, rows: await res.receiveResultFile(s, req) };
    },
    handler: async (c) => {
      const received = c.received as { applyId: number; rows: res.ResultRow[] };
      return res.importResults(c, received.applyId, received.rows);
    },
  });
  defineRoute(app, s, { url: url(P.applyResultSave), access: A.applyEdit, summary: '手工登记一条申报明细的办理结果', tags, body: zApplyResultSave, handler: (c) => res.saveResult(c, c.body) });
}

/** Every path of SI_PATHS: entities, insurance, declarations, 年度调基 and 缴费记录. */
export function registerSocialInsuranceRoutes(app: FastifyInstance, s: AppServices): void {
  registerEntityRoutes(app, s);
  registerInsuredRoutes(app, s);
  registerApplyRoutes(app, s);
  registerAnnualRoutes(app, s);
  registerRecordRoutes(app, s);
}
