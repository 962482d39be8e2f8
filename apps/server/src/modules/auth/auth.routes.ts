import { zCacheTempAdd, zCacheTempKey, zLogin, zLoginAuthorization, zOwnPassword, zSmsLogin, zSmsSend, zTempTokenRequest, MESSAGES } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { companyIdFromHeader, defineRoute } from '../../platform/http.ts';
import { accessDenied } from '../../platform/errors.ts';
import type { AppServices } from '../../platform/services.ts';
import { isActiveMember } from '../company/index.ts';
import * as svc from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance, s: AppServices) {
  const tags = ['登录与会话'];
  defineRoute(app, s, {
    url: '/wfsaas-auth/login',
    access: 'public',
    summary: '手机号 + 密码登录（表单提交 username、password）',
    tags,
    body: zLogin,
    handler: (c) => svc.loginWithPassword(s, c.db, c.body.username, c.body.password, c),
  });
  defineRoute(app, s, {
    url: '/wfsaas-auth/sms/send',
    access: 'public',
    summary: '发送登录验证码',
    tags,
    body: zSmsSend,
    handler: (c) => svc.sendLoginSms(s, c.body.phone, c),
  });
  defineRoute(app, s, {
    url: '/wfsaas-auth/loginBySms',
    access: 'public',
    summary: '手机号 + 验证码登录',
    tags,
    body: zSmsLogin,
    handler: (c) => svc.loginWithSms(s, c.db, c.body.phone, c.body.code, c),
  });
  defineRoute(app, s, {
    url: '/wfsaas-auth/logout',
    access: 'user',
    summary: '退出登录（令牌立即失效）',
    tags,
    handler: (c) => svc.logout(c.db, c.user.sessionId),
  });
  defineRoute(app, s, {
    url: '/wfsaas-auth/password/update',
    access: 'user',
    summary: '设置或修改本人的登录密码（已有密码时需原密码；其他登录随之失效）',
    tags,
    body: zOwnPassword,
    handler: (c) => svc.setOwnPassword(s, c.db, c.user, c.body),
  });
  defineRoute(app, s, {
    url: '/wfsaas-auth/userInfo',
    access: 'user',
    summary: '当前登录用户',
    tags,
    handler: (c) => svc.currentUserInfo(s, c.db, c.user.userId, c.user.sessionId, c.token),
  });
  defineRoute(app, s, {
    url: '/wfsaas-auth/loginAuthorization',
    access: 'user',
    summary: '登录授权：以令牌与 companyId 请求头换取登录结果',
    tags,
    body: zLoginAuthorization,
    handler: async (c) => {
      const companyId = companyIdFromHeader(c.req);
      if (companyId && !(await isActiveMember(s, companyId, c.user.userId))) throw accessDenied(MESSAGES.notMember);
      return svc.currentUserInfo(s, c.db, c.user.userId, c.user.sessionId, c.token);
    },
  });
  defineRoute(app, s, {
    url: '/wfsaas-openapi/api/cacheTemp/add',
    access: 'user',
    summary: '生成一次性登录密钥（5分钟内有效，只能使用一次）',
    tags,
    body: zCacheTempAdd,
    handler: (c) => svc.createOneTimeKey(s, c.db, c.user.userId, c.body.companyId ?? null),
  });
  defineRoute(app, s, {
    url: '/wfsaas-openapi/api/cacheTemp/get',
    access: 'public',
    summary: '以一次性密钥换取令牌',
    tags,
    body: zCacheTempKey,
    handler: (c) => svc.exchangeOneTimeKey(s, c.db, c.body.key, c),
  });
  defineRoute(app, s, {
    url: '/wfsaas-openapi/api/cacheTemp/del',
    access: 'public',
    summary: '删除一次性密钥',
    tags,
    body: zCacheTempKey,
    handler: (c) => svc.deleteOneTimeKey(s, c.db, c.body.key),
  });
  defineRoute(app, s, {
    url: '/wfsaas-auth/getTempToken',
    access: 'member',
    summary: '获取临时下载令牌（10分钟内有效，每个只能使用一次）',
    tags,
    body: zTempTokenRequest,
    handler: (c) => svc.issueTempTokens(s, c.tx, c.user, c.companyId, typeof c.body === 'number' ? c.body : c.body.count),
  });
}
