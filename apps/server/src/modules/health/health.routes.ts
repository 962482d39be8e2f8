import { CODES } from '@wfsaas/contracts';
import type { FastifyInstance } from 'fastify';
import { pingDatabase } from '../../platform/db.ts';
import type { AppServices } from '../../platform/services.ts';
import type { RouteConfig } from '../../platform/http.ts';

export function registerHealthRoutes(app: FastifyInstance, s: AppServices) {
  const config: RouteConfig = { access: 'public' };
  app.get('/api/health', { config, schema: { summary: '健康检查', tags: ['平台'] } }, async (req, reply) => {
    try {
      await pingDatabase(s.database);
      return { code: CODES.ok, message: '操作成功', data: { db: 'ok' } };
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.status(503).send({ code: 503, message: '服务不可用(503)', data: { db: 'error' } });
    }
  });
}
