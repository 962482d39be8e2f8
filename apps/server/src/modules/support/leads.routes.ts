import { LEAD_API, LEAD_PATHS as P, MESSAGES, zLeadAdd, zOpLeadFollow, zOpLeadId, zOpLeadPage } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { accessDenied } from '../../platform/errors.ts';
import { companyIdFromHeader, defineRoute, envelope, RAW_REPLY } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import { isActiveMember } from '../company/index.ts';
import * as svc from './leads.service.ts';

/** 客户线索: any signed-in user asks (club/add); platform operators follow up (operator/club/…). */

const url = (k: keyof typeof P) => `${LEAD_API}${P[k]}`;

export function registerLeadRoutes(app: FastifyInstance, s: AppServices): void {
  defineRoute(app, s, {
    url: url('add'),
    access: 'user',
    summary: '提交咨询线索（手机号按固定方案加密传输；同一手机号同一服务一天内合并；每人每小时最多5次）',
    tags: ['客户线索'],
    body: zLeadAdd,
    handler: async (c) => {
      // the company is the one the user is in now (header), never the body's; a user without one may ask too
      const companyId = companyIdFromHeader(c.req) ?? null;
      if (companyId !== null && !(await isActiveMember(s, companyId, c.user.userId))) throw accessDenied(MESSAGES.notMember);
      const result = await svc.addLead(s, { userId: c.user.userId, companyId, ip: c.ip, userAgent: c.userAgent }, c.body);
      await c.reply.send(envelope(result, result.message));
      return RAW_REPLY;
    },
  });
  const opTags = ['平台运营 · 客户线索'];
  const who = (c: { user: { userId: number }; ip: string; userAgent: string }) => ({ userId: c.user.userId, ip: c.ip, userAgent: c.userAgent });
  defineRoute(app, s, { url: url('opPage'), access: 'operator', summary: '客户线索（按状态、推广人；最近提交在前；手机号脱敏）', tags: opTags, body: zOpLeadPage, handler: (c) => svc.pageLeads(s, c.tx, c.body) });
  defineRoute(app, s, { url: url('opReveal'), access: 'operator', summary: '查看线索的完整手机号（记录查看人与时间）', tags: opTags, body: zOpLeadId, handler: (c) => svc.revealMobile(s, c.tx, who(c), c.body.id) });
  defineRoute(app, s, { url: url('opFollow'), access: 'operator', summary: '跟进线索：填写跟进记录并设置状态（新线索、已联系、已转化、无效）', tags: opTags, body: zOpLeadFollow, handler: (c) => svc.followLead(s, c.tx, who(c), c.body) });
  defineRoute(app, s, { url: url('opEvents'), access: 'operator', summary: '线索的提交、查看与跟进记录', tags: opTags, body: zOpLeadId, handler: (c) => svc.leadEvents(c.tx, c.body.id) });
}
