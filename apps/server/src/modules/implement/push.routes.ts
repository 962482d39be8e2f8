import {
  PUSH_API,
  PUSH_EDIT,
  PUSH_PATHS as P,
  PUSH_READ,
  zEmailEventRef,
  zEmailSendList,
  zEmailTemplatePreview,
  zEmailTemplateUpdate,
  zEmailTestSend,
  zMpAuthorizeUrl,
  zMpConfigSave,
  zMpMappingSave,
  zMpTestSend,
  zSmsTemplateSave,
} from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './push.service.ts';

/** 推送渠道 (PUSH_PATHS): email templates and send log, the WeChat official account, SMS provider templates. */

const url = (path: string) => `${PUSH_API}${path}`;
const tags = ['推送渠道'];

export function registerPushRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, { url: url(P.emailTemplateList), access: PUSH_READ, summary: '邮件模板（每个事件一份，未自定义时为系统默认内容）', tags, handler: (c) => svc.listEmailTemplates(c) });
  defineRoute(app, s, { url: url(P.emailTemplateUpdate), access: PUSH_EDIT, summary: '保存邮件模板（只能使用该事件的变量，如 {{员工姓名}}）', tags, body: zEmailTemplateUpdate, handler: (c) => svc.updateEmailTemplate(c, c.body) });
  defineRoute(app, s, { url: url(P.emailTemplateReset), access: PUSH_EDIT, summary: '邮件模板恢复系统默认', tags, body: zEmailEventRef, handler: (c) => svc.resetEmailTemplate(c, c.body.event) });
  defineRoute(app, s, { url: url(P.emailTemplatePreview), access: PUSH_READ, summary: '预览邮件（示例数据填入变量）', tags, body: zEmailTemplatePreview, handler: (c) => svc.previewEmail(c, c.body) });
  defineRoute(app, s, { url: url(P.emailTemplateSend), access: PUSH_EDIT, summary: '测试发送邮件到指定邮箱（经发件箱发送，记入发送记录）', tags, body: zEmailTestSend, handler: (c) => svc.testSendEmail(c, c.body) });
  defineRoute(app, s, { url: url(P.emailSendList), access: PUSH_READ, summary: '邮件发送记录（收件人脱敏，最新在前）', tags, body: zEmailSendList, handler: (c) => svc.pageEmailSends(c, c.body) });

  defineRoute(app, s, { url: url(P.mpConfig), access: PUSH_READ, summary: '公众号配置（AppSecret 不返回）', tags, handler: (c) => svc.mpConfig(c) });
  defineRoute(app, s, { url: url(P.mpConfigSave), access: PUSH_EDIT, summary: '保存公众号 AppID / AppSecret（AppSecret 加密保存，留空不修改）', tags, body: zMpConfigSave, handler: (c) => svc.saveMpConfig(c, c.body) });
  defineRoute(app, s, { url: url(P.mpTemplateList), access: PUSH_READ, summary: '已拉取的公众号模板与事件模板映射', tags, handler: (c) => svc.listMp(c) });
  defineRoute(app, s, { url: url(P.mpTemplatePull), access: PUSH_EDIT, summary: '从公众号拉取模板列表', tags, handler: (c) => svc.pullMpTemplates(c) });
  defineRoute(app, s, { url: url(P.mpMappingSave), access: PUSH_EDIT, summary: '保存事件的公众号模板与字段映射（templateId 为空则不推送）', tags, body: zMpMappingSave, handler: (c) => svc.saveMpMapping(c, c.body) });
  defineRoute(app, s, { url: url(P.mpTestSend), access: PUSH_EDIT, summary: '测试发送公众号模板消息（示例数据）', tags, body: zMpTestSend, handler: (c) => svc.testSendMp(c, c.body) });
  defineRoute(app, s, { url: url(P.mpAuthorizeUrl), access: PUSH_READ, summary: '生成员工绑定公众号的网页授权地址', tags, body: zMpAuthorizeUrl, handler: (c) => svc.mpAuthorizeUrl(c, c.body) });

  defineRoute(app, s, { url: url(P.smsTemplateList), access: PUSH_READ, summary: '短信签名与模板编码（每个事件一份）', tags, handler: (c) => svc.listSmsTemplates(c) });
  defineRoute(app, s, { url: url(P.smsTemplateSave), access: PUSH_EDIT, summary: '保存事件的短信签名与模板编码', tags, body: zSmsTemplateSave, handler: (c) => svc.saveSmsTemplate(c, c.body) });
}
