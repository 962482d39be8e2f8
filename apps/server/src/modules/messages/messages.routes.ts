import { zMessageId, zMessageIds, zMessagePage } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http.ts';
import type { AppServices } from '../../platform/services.ts';
import * as svc from './messages.service.ts';

const BASE = '/wfsaas-system/api/messageNotice';

/** The message centre: each member reads and manages only their own notices. */
export function registerMessageRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['消息中心'];
  defineRoute(app, s, {
    url: `${BASE}/page`,
    access: 'messageCenter',
    summary: '我的消息分页（最新在前）',
    tags,
    body: zMessagePage,
    handler: (c) => svc.listMyMessages(c.tx, { companyId: c.companyId, userId: c.user.userId }, c.body),
  });
  defineRoute(app, s, {
    url: `${BASE}/unreadCount`,
    access: 'member',
    summary: '我的未读消息数',
    tags,
    handler: (c) => svc.countMyUnread(c.tx, { companyId: c.companyId, userId: c.user.userId }),
  });
  defineRoute(app, s, {
    url: `${BASE}/detail`,
    access: 'messageCenter',
    summary: '消息详情（标记为已读）',
    tags,
    body: zMessageId,
    handler: (c) => svc.openMessage(c.tx, { companyId: c.companyId, userId: c.user.userId }, c.body.id),
  });
  defineRoute(app, s, {
    url: `${BASE}/read`,
    access: 'messageCenter',
    summary: '标记消息为已读',
    tags,
    body: zMessageIds,
    handler: (c) => svc.markRead(c.tx, { companyId: c.companyId, userId: c.user.userId }, c.body.ids),
  });
  defineRoute(app, s, {
    url: `${BASE}/readAll`,
    access: 'messageCenter',
    summary: '全部标记为已读',
    tags,
    handler: (c) => svc.markAllRead(c.tx, { companyId: c.companyId, userId: c.user.userId }),
  });
  defineRoute(app, s, {
    url: `${BASE}/remove`,
    access: 'messageCenter',
    summary: '删除消息（归档保留）',
    tags,
    body: zMessageIds,
    handler: (c) => svc.removeMessages(c.tx, { companyId: c.companyId, userId: c.user.userId }, c.body.ids),
  });
}
