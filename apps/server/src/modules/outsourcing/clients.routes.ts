import {
  OS_API,
  OS_PATHS as P,
  OS_PERMISSIONS as A,
  zClientIdBody,
  zClientSave,
  zOrderCancel,
  zOrderIdBody,
  zOrderPage,
  zOrderSave,
  zPlanIdBody,
  zPlanSave,
  zPlanTemplateDetail,
  zPlanTemplates,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as clients from './clients.service.ts';
import * as orders from './orders.service.ts';
import * as plans from './plans.service.ts';

/** 外包用工: 方案 with their contract templates, 用工单位 and 补岗单. */

const url = (path: string) => `${OS_API}${path}`;
const tags = ['外包用工'];

function registerPlanRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, { url: url(P.planList), access: A.planRead, summary: '外包方案列表（薪资组、参保主体、合同包及使用的用工单位数）', tags, handler: (c) => plans.listPlansView(c) });
  defineRoute(app, s, { url: url(P.planSave), access: A.planEdit, summary: '新增或修改外包方案（服务费按人头或按比例；薪资组、参保主体、合同包须为本公司的）', tags, body: zPlanSave, handler: (c) => plans.savePlan(c, c.body) });
  defineRoute(app, s, { url: url(P.planRemove), access: A.planEdit, summary: '删除外包方案（归档；仍有用工单位使用时不能删除）', tags, body: zPlanIdBody, handler: (c) => plans.removePlan(c, c.body.id) });
  defineRoute(app, s, { url: url(P.planTemplates), access: A.planRead, summary: '方案所用合同包中的合同模板', tags, body: zPlanTemplates, handler: (c) => plans.planTemplates(c, c.body.packageId) });
  defineRoute(app, s, { url: url(P.planTemplateDetail), access: A.planRead, summary: '方案合同包中某个合同模板的字段与预览文件', tags, body: zPlanTemplateDetail, handler: (c) => plans.planTemplateDetail(c, c.body.templateId) });
}

function registerClientListRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, { url: url(P.clientList), access: A.boardRead, summary: '用工单位列表（协议、岗位、方案、平台上的关联企业与在岗人数；联系电话脱敏）', tags, handler: (c) => clients.listClientsView(c) });
  defineRoute(app, s, { url: url(P.clientSave), access: A.clientEdit, summary: '新增或修改用工单位（劳务派遣只能用于临时性、辅助性、替代性岗位）', tags, body: zClientSave, handler: (c) => clients.saveClient(c, c.body) });
  defineRoute(app, s, { url: url(P.clientRemove), access: A.clientEdit, summary: '删除用工单位（归档；仍有派驻人员或未完成的补岗单时不能删除）', tags, body: zClientIdBody, handler: (c) => clients.removeClient(c, c.body.id) });
}

function registerOrderRoutes(app: FastifyInstance, s: AppServices) {
  defineRoute(app, s, { url: url(P.orderPage), access: A.orderRead, summary: '补岗单（按用工单位、状态、工单编号或岗位，分页）', tags, body: zOrderPage, handler: (c) => orders.pageOrdersView(c, c.body) });
  defineRoute(app, s, { url: url(P.orderSave), access: A.orderEdit, summary: '新建补岗单，或修改待接单的补岗单（开启共管审批的用工单位须先审批）', tags, body: zOrderSave, handler: (c) => orders.saveOrder(c, c.body) });
  defineRoute(app, s, { url: url(P.orderDetail), access: A.orderRead, summary: '补岗单详情（到岗人员与处理记录）', tags, body: zOrderIdBody, handler: (c) => orders.orderDetail(c, c.body.id) });
  defineRoute(app, s, { url: url(P.orderAccept), access: A.orderEdit, summary: '接单：待接单 → 招聘中（须用工单位已审批）', tags, body: zOrderIdBody, handler: (c) => orders.acceptOrder(c, c.body.id) });
  defineRoute(app, s, { url: url(P.orderCancel), access: A.orderEdit, summary: '取消补岗单（待接单、招聘中或部分到岗；有待入职人员时不能取消）', tags, body: zOrderCancel, handler: (c) => orders.cancelOrder(c, c.body.id, c.body.reason) });
}

/** Plans, clients and orders (OS_PATHS). */
export function registerClientRoutes(app: FastifyInstance, s: AppServices): void {
  registerPlanRoutes(app, s);
  registerClientListRoutes(app, s);
  registerOrderRoutes(app, s);
}
