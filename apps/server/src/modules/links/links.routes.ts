import { CODES } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { defineRoute, RAW_REPLY } from '../../platform/http.ts';
import { resolveShortLink, warnAboutPublicUrl } from '../../platform/notify.ts';
import type { AppServices } from '../../platform/services.ts';

export const MSG_SHORT_LINK_GONE = '链接无效或已过期，请联系公司HR重新发送';

const GONE_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>链接已失效</title></head>
<body style="margin:0;font-family:-apple-system,'PingFang SC','Microsoft YaHei',sans-serif;text-align:center;padding:96px 24px;color:rgba(0,0,0,0.88)">
<h1 style="font-size:20px;font-weight:600;margin:0 0 12px">链接无效或已过期</h1>
<p style="font-size:15px;color:rgba(0,0,0,0.55);margin:0">请联系公司HR重新发送。</p>
</body></html>`;

/** The short links sent by SMS (`/m/s/<code>`): a redirect to the page they open, or a Chinese 404. */
export function registerLinkRoutes(app: FastifyInstance, s: AppServices) {
  warnAboutPublicUrl(s.log, s.config);
  defineRoute(app, s, {
    method: 'GET',
    url: '/m/s/:code',
    access: 'public',
    summary: '短信短链接：302 跳转到员工手机页面（工资条、合同签署）；无效或过期时 404',
    tags: ['平台'],
    handler: async (c) => {
      const { code } = c.req.params as { code: string };
      const target = await resolveShortLink(c.db, s, code);
      c.reply.header('cache-control', 'no-store');
      if (target) {
        c.reply.redirect(target, 302);
      } else if (String(c.req.headers.accept ?? '').includes('text/html')) {
        c.reply.status(404).type('text/html; charset=utf-8').send(GONE_PAGE);
      } else {
        c.reply.status(404).send({ code: CODES.notFound, message: MSG_SHORT_LINK_GONE, data: null });
      }
      return RAW_REPLY;
    },
  });
}
