import { CHANGE_PLAN_API, TRANSACTION_SET_EDIT, TRANSACTION_SET_READ, zChangePlanApplicable, zChangePlanList, zChangePlanRef, zChangePlanSave } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as plans from './change-plans.service.ts';

/** 异动方案 on 异动设置: read with transactionSet, written with transactionSet.edit. */
export function registerChangePlanRoutes(app: FastifyInstance, s: AppServices) {
  const base = CHANGE_PLAN_API;
  const tags = ['异动方案'];
  defineRoute(app, s, { url: `${base}/list`, access: TRANSACTION_SET_READ, summary: '异动方案列表（按场景）', tags, body: zChangePlanList, handler: (c) => plans.listPlans(c, c.body) });
  defineRoute(app, s, { url: `${base}/get`, access: TRANSACTION_SET_READ, summary: '异动方案详情', tags, body: zChangePlanRef, handler: (c) => plans.getPlan(c, c.body.id) });
  defineRoute(app, s, { url: `${base}/approverOptions`, access: TRANSACTION_SET_READ, summary: '可选的审批人与审批角色（持有「审批异动」权限）', tags, handler: (c) => plans.approverOptions(c) });
  defineRoute(app, s, { url: `${base}/save`, access: TRANSACTION_SET_EDIT, summary: '新增或修改异动方案（场景、适用部门、表单、审批人、生效日期规则）', tags, body: zChangePlanSave, handler: (c) => plans.savePlan(c, c.body) });
  defineRoute(app, s, { url: `${base}/enable`, access: TRANSACTION_SET_EDIT, summary: '启用异动方案', tags, body: zChangePlanRef, handler: (c) => plans.setPlanEnabled(c, c.body.id, true) });
  defineRoute(app, s, { url: `${base}/disable`, access: TRANSACTION_SET_EDIT, summary: '停用异动方案（新办理的异动不再适用，办理中的不受影响）', tags, body: zChangePlanRef, handler: (c) => plans.setPlanEnabled(c, c.body.id, false) });
  defineRoute(app, s, { url: `${base}/remove`, access: TRANSACTION_SET_EDIT, summary: '删除未使用过的异动方案', tags, body: zChangePlanRef, handler: (c) => plans.removePlan(c, c.body.id) });
  // every member who initiates a change asks which plan it would follow (the do-forms fix the date from it)
  defineRoute(app, s, { url: `${base}/applicable`, access: 'member', summary: '员工办理该场景异动时适用的方案（无则为 null）', tags, body: zChangePlanApplicable, handler: (c) => plans.applicablePlan(c, c.body.scene, c.body.employeeId) });
}
