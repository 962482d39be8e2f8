import { FORM_EDIT, FORM_PATHS as P, FORM_READ, FORMS_API, zCrossFields, zCrossValues, zFormDetailGet, zFormList, zFormRef, zFormSave, zFormVersionRef } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './forms.service.ts';

/** 表单管理 and the form designer (FORM_PATHS): forms, their versions, filled forms, cross-library forms. */

const url = (path: string) => `${FORMS_API}${path}`;
const tags = ['自定义表单'];

export function registerFormRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.list), access: FORM_READ, summary: '表单列表', tags, body: zFormList, handler: (c) => svc.listForms(c, c.body) });
  defineRoute(app, s, { url: url(P.get), access: FORM_READ, summary: '表单（当前版本）', tags, body: zFormRef, handler: (c) => svc.getForm(c, c.body.formId) });
  defineRoute(app, s, { url: url(P.save), access: FORM_EDIT, summary: '保存表单（生成新版本）', tags, body: zFormSave, handler: (c) => svc.saveForm(c, c.body) });
  defineRoute(app, s, { url: url(P.versions), access: FORM_READ, summary: '表单版本记录', tags, body: zFormRef, handler: (c) => svc.listVersions(c, c.body.formId) });
  defineRoute(app, s, { url: url(P.version), access: FORM_READ, summary: '表单的某个版本', tags, body: zFormVersionRef, handler: (c) => svc.getVersion(c, c.body.formId, c.body.version) });
  defineRoute(app, s, { url: url(P.remove), access: FORM_EDIT, summary: '删除未使用的表单', tags, body: zFormRef, handler: (c) => svc.removeForm(c, c.body.formId) });
  defineRoute(app, s, { url: url(P.detail), access: FORM_READ, summary: '填写内容及其表单版本', tags, body: zFormDetailGet, handler: (c) => svc.formDetail(c, c.body) });
  defineRoute(app, s, { url: url(P.crossFields), access: FORM_READ, summary: '跨库表单可选字段', tags, body: zCrossFields, handler: (c) => svc.crossLibraryFields(c, c.body.exceptFormId) });
  defineRoute(app, s, { url: url(P.crossValues), access: FORM_READ, summary: '跨库表单取值', tags, body: zCrossValues, handler: (c) => svc.crossLibraryValues(c, c.body) });
}
