import {
  SYSTEM_CONFIG_API,
  SYSTEM_CONFIG_EDIT,
  SYSTEM_CONFIG_PATHS as P,
  SYSTEM_CONFIG_READ,
  SYSTEM_FIELD_CONFIG_API,
  SYSTEM_FIELD_CONFIG_PATHS as F,
  zRetentionSave,
  zSecuritySave,
  zSystemFieldSave,
  zPageWatermarkSave,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './system-config.service.ts';

/** 系统配置: field settings (SYSTEM_FIELD_CONFIG_PATHS) and sign-in, watermark and retention (SYSTEM_CONFIG_PATHS). */
export function registerSystemConfigRoutes(app: FastifyInstance, s: AppServices): void {
  const tags = ['系统配置'];
  const fields = (p: string) => `${SYSTEM_FIELD_CONFIG_API}${p}`;
  const config = (p: string) => `${SYSTEM_CONFIG_API}${p}`;
  defineRoute(app, s, { url: fields(F.list), access: SYSTEM_CONFIG_READ, summary: '花名册标准字段的配置（含隐藏字段）', tags, handler: (c) => svc.listFields(c) });
  defineRoute(app, s, { url: fields(F.save), access: SYSTEM_CONFIG_EDIT, summary: '保存字段配置（显示、必填、显示名称、顺序；核心字段不能隐藏或改为选填）', tags, body: zSystemFieldSave, handler: (c) => svc.saveFields(c, c.body) });
  defineRoute(app, s, { url: fields(F.reset), access: SYSTEM_CONFIG_EDIT, summary: '字段配置恢复默认', tags, handler: (c) => svc.resetFields(c) });
  defineRoute(app, s, { url: fields(F.columns), access: 'member', summary: '显示的标准字段（按顺序）：花名册列、员工表单和导入模板读取', tags, handler: (c) => svc.visibleFields(c) });
  defineRoute(app, s, { url: config(P.detail), access: SYSTEM_CONFIG_READ, summary: '登录与密码、页面水印、数据保留的配置', tags, handler: (c) => svc.configDetail(c) });
  defineRoute(app, s, { url: config(P.securitySave), access: SYSTEM_CONFIG_EDIT, summary: '保存登录与密码策略', tags, body: zSecuritySave, handler: (c) => svc.saveSecurity(c, c.body) });
  defineRoute(app, s, { url: config(P.watermarkSave), access: SYSTEM_CONFIG_EDIT, summary: '保存页面水印', tags, body: zPageWatermarkSave, handler: (c) => svc.saveWatermark(c, c.body) });
  defineRoute(app, s, { url: config(P.retentionSave), access: SYSTEM_CONFIG_EDIT, summary: '保存数据保留期限', tags, body: zRetentionSave, handler: (c) => svc.saveRetention(c, c.body) });
  defineRoute(app, s, { url: config(P.watermark), access: 'member', summary: '当前成员的页面水印（姓名、手机尾号、日期）', tags, handler: (c) => svc.currentWatermark(c) });
}
