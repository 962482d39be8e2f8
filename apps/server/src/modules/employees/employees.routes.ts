import {
  TRANSACTION_SET_EDIT,
  zCheckUnique,
  zCustomFormGet,
  zCustomFormSave,
  zEmployeeAdd,
  zEmployeeAttachmentAdd,
  zEmployeeBatchMove,
  zEmployeeDetailQuery,
  zEmployeeExport,
  zEmployeeIds,
  zEmployeeNoRule,
  zEmployeePageList,
  zEmployeeRef,
  zEmployeeTaskAdd,
  zEmployeeTaskPage,
  zEmployeeUpdate,
  zRecordId,
  zRevealSensitive,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as actions from './employee-actions.service.ts';
import * as extras from './employee-extras.service.ts';
import * as list from './employee-list.service.ts';
import * as forms from './custom-form.service.ts';
import * as numbering from './employee-no-rule.service.ts';

/** The employee record: roster, record, custom form, attachments, tasks. */
export function registerEmployeeRoutes(app: FastifyInstance, s: AppServices) {
  // the export job runs in this process too (the in-process runner)
  const api = '/wfsaas-saas/api';
  const tags = ['员工档案'];
  const READ = 'staffRoll';
  const WRITE = 'staffRoll.edit';
  const emp = `${api}/companyEmployee`;

  defineRoute(app, s, { url: `${emp}/pageList`, access: READ, summary: '在职花名册分页列表（证件号、手机号脱敏）', tags, body: zEmployeePageList, handler: (c) => list.pageEmployees(s, c, c.body) });
  defineRoute(app, s, { url: `${emp}/add/v2`, access: WRITE, summary: '新增员工', tags, body: zEmployeeAdd, handler: (c) => actions.addEmployee(s, c, c.body) });
  defineRoute(app, s, { url: `${emp}/update`, access: WRITE, summary: '修改员工信息（未传的字段不变，null 清空）', tags, body: zEmployeeUpdate, handler: (c) => actions.editEmployee(s, c, c.body) });
  defineRoute(app, s, { url: `${api}/companyEmployeeInfo/detail`, access: READ, summary: '员工档案详情（按 id 或 comEmpInfoId）', tags, body: zEmployeeDetailQuery, handler: (c) => actions.employeeDetail(c, c.body) });
  defineRoute(app, s, { url: `${emp}/delete`, access: WRITE, summary: '删除员工（归档，不物理删除）', tags, body: zEmployeeIds, handler: (c) => actions.archiveEmployees(c, c.body.ids) });
  defineRoute(app, s, { url: `${emp}/batchMoveOut`, access: WRITE, summary: '批量调整部门', tags, body: zEmployeeBatchMove, handler: (c) => actions.moveEmployees(c, c.body) });
  defineRoute(app, s, { url: `${emp}/count/checkUnique`, access: READ, summary: '校验证件号码、手机号或工号在本公司是否唯一', tags, body: zCheckUnique, handler: (c) => actions.checkUnique(s, c, c.body) });
  defineRoute(app, s, { url: `${emp}/revealSensitive`, access: 'sensitive.view', summary: '查看完整的证件号码、手机号或银行卡号（记录日志）', tags, body: zRevealSensitive, handler: (c) => actions.revealSensitive(s, c, c.body) });
  defineRoute(app, s, { url: `${emp}/export`, access: READ, summary: '导出花名册（生成到下载中心）', tags, body: zEmployeeExport, handler: (c) => list.requestEmployeeExport(s, c, c.body) });

  defineRoute(app, s, { url: `${api}/customForm/get`, access: READ, summary: '自定义表单定义', tags, body: zCustomFormGet, handler: (c) => forms.getCustomForm(c, c.body.scene) });
  defineRoute(app, s, { url: `${api}/customForm/save`, access: WRITE, summary: '保存自定义表单定义', tags, body: zCustomFormSave, handler: (c) => forms.saveCustomForm(c, c.body) });

  // 工号规则 is edited on 异动设置; every member reads it, since the add and onboarding forms prefill the next number
  const rule = `${api}/employeeNoRule`;
  defineRoute(app, s, { url: `${rule}/get`, access: 'member', summary: '工号规则（前缀、流水号位数）及下一个可用工号', tags, handler: (c) => numbering.loadEmployeeNoRule(c.tx, c.companyId) });
  defineRoute(app, s, { url: `${rule}/save`, access: TRANSACTION_SET_EDIT, summary: '保存工号规则（修改前缀或位数后流水号从1起，跳过已被占用的工号）', tags, body: zEmployeeNoRule, handler: (c) => numbering.saveEmployeeNoRule(c, c.body) });

  const att = `${api}/employeeAttachment`;
  defineRoute(app, s, { url: `${att}/list`, access: READ, summary: '员工附件列表', tags, body: zEmployeeRef, handler: (c) => extras.listEmployeeAttachments(c, c.body.employeeId) });
  defineRoute(app, s, { url: `${att}/add`, access: WRITE, summary: '添加员工附件（已上传的文件）', tags, body: zEmployeeAttachmentAdd, handler: (c) => extras.addEmployeeAttachment(c, c.body) });
  defineRoute(app, s, { url: `${att}/remove`, access: WRITE, summary: '移除员工附件', tags, body: zRecordId('附件'), handler: (c) => extras.removeEmployeeAttachment(c, c.body.id) });

  const tasks = `${api}/employeeTasks`;
  const TASKS = 'employeeTasks';
  defineRoute(app, s, { url: `${tasks}/page`, access: TASKS, summary: '员工任务分页列表', tags, body: zEmployeeTaskPage, handler: (c) => extras.pageEmployeeTasks(c, c.body) });
  defineRoute(app, s, { url: `${tasks}/add`, access: TASKS, summary: '新增员工任务', tags, body: zEmployeeTaskAdd, handler: (c) => extras.addEmployeeTask(c, c.body) });
  defineRoute(app, s, { url: `${tasks}/complete`, access: TASKS, summary: '完成员工任务', tags, body: zRecordId('任务'), handler: (c) => extras.completeEmployeeTask(c, c.body.id) });
  defineRoute(app, s, { url: `${tasks}/remove`, access: TASKS, summary: '删除员工任务', tags, body: zRecordId('任务'), handler: (c) => extras.removeEmployeeTask(c, c.body.id) });
}
