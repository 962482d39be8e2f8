import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CODES, httpStatusMessage } from '@wfsaas/contracts';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from './platform/errors.ts';
import type { RouteConfig } from './platform/http.ts';
import type { AppServices } from './platform/services.ts';
import { registerMetrics } from './platform/metrics.ts';
import { registerModules } from './modules/index.ts';

export type RegisteredRoute = { method: string; url: string; access: string | undefined; enforced: boolean };

/** PostgreSQL errors a request can cause with what it sent: answered as business errors. */
function databaseInputError(err: unknown): AppError | null {
  const cause = (err as { cause?: { code?: string } }).cause ?? (err as { code?: string });
  const code = cause?.code;
  if (typeof code !== 'string' || code.length !== 5) return null;
  if (code === '23505') return new AppError(CODES.conflict, '数据已存在，请勿重复提交');
  if (code === '23503') return new AppError(CODES.badRequest, '关联的数据不存在或已被删除');
  if (code.startsWith('22')) return new AppError(CODES.badRequest, '数据格式不正确，请检查填写的内容');
  return null;
}

/** The web app's policy: its own scripts only; antd injects inline <style>; PDFs preview in blob: frames. */
const webCsp = (frameAncestors: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');

/** The sign-in gateway (apps/web/src/app/api/gateway.ts): the login page the app frames itself when a session ends. */
function isGatewayPage(url: string): boolean {
  const [path, query = ''] = url.split('?', 2);
  return path === '/login' && new URLSearchParams(query).get('gateway') === '1';
}

/**
 * Headers a route did not set itself: HTML gets the CSP and may not be framed (the gateway by the
 * app's own pages only); every answer is nosniff and sends no referrer (phone pages carry tokens in
 * their URL); JSON is never cached.
 */
function setSecurityHeaders(req: FastifyRequest, reply: FastifyReply): void {
  const setDefault = (name: string, value: string) => {
    if (!reply.hasHeader(name)) reply.header(name, value);
  };
  setDefault('x-content-type-options', 'nosniff');
  setDefault('referrer-policy', 'no-referrer');
  const type = String(reply.getHeader('content-type') ?? '');
  if (type.startsWith('text/html')) {
    const gateway = isGatewayPage(req.url);
    setDefault('content-security-policy', webCsp(gateway ? "'self'" : "'none'"));
    setDefault('x-frame-options', gateway ? 'SAMEORIGIN' : 'DENY');
  } else if (type.startsWith('application/json')) {
    setDefault('cache-control', 'no-store');
  }
}

export async function buildApp(services: AppServices, opts: { serveWeb?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.log,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 64) : randomUUID()),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the configured proxies; otherwise req.ip is the socket's address.
    trustProxy: services.config.trustProxy.length > 0 ? services.config.trustProxy : false,
  });

  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    // Routes the documentation and static-file plugins register are public by declaration here.
    if (!(r.config as RouteConfig | undefined)?.access && /^\/(docs|\*)?($|\/)/.test(r.url)) {
      r.config = { ...(r.config as object), access: 'public' } as typeof r.config;
    }
    const cfg = r.config as RouteConfig | undefined;
    if (cfg?.access && cfg.access !== 'public' && !cfg.enforced) {
      throw new Error(`route ${r.url} declares access '${cfg.access}' but is not registered through defineRoute, which enforces it`);
    }
    for (const m of methods) routes.push({ method: m, url: r.url, access: cfg?.access, enforced: cfg?.enforced === true });
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    setSecurityHeaders(req, reply);
  });

  // Schemas are attached to routes for the OpenAPI document; defineRoute validates after authentication.
  app.setValidatorCompiler(() => (data: unknown) => ({ value: data }));

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.httpStatus).send({ code: err.code, message: err.message, data: null });
    }
    const dbErr = databaseInputError(err);
    if (dbErr) {
      req.log.warn({ err }, 'database refused input');
      return reply.status(200).send({ code: dbErr.code, message: dbErr.message, data: null });
    }
    const fe = err as FastifyError;
    const known: Record<string, [number, string]> = {
      FST_ERR_CTP_INVALID_JSON_BODY: [CODES.badRequest, '请求内容不是有效的 JSON'],
      FST_ERR_CTP_EMPTY_JSON_BODY: [CODES.badRequest, '请求内容不能为空'],
      FST_ERR_CTP_BODY_TOO_LARGE: [CODES.payloadTooLarge, '请求内容过大'],
      FST_ERR_CTP_INVALID_MEDIA_TYPE: [CODES.unsupportedMediaType, '不支持的请求内容类型'],
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: [CODES.badRequest, '请求内容长度不正确'],
      FST_REQ_FILE_TOO_LARGE: [CODES.payloadTooLarge, `文件过大，单个文件不能超过 ${Math.round(services.config.uploadLimitBytes / 1024 / 1024)} MB`],
      FST_FILES_LIMIT: [CODES.badRequest, '一次只能上传一个文件'],
      FST_INVALID_MULTIPART_CONTENT_TYPE: [CODES.badRequest, '请以文件表单（multipart/form-data）上传文件'],
    };
    const hit = fe.code ? known[fe.code] : undefined;
    if (hit) return reply.status(200).send({ code: hit[0], message: hit[1], data: null });
    if (err instanceof SyntaxError) return reply.status(200).send({ code: CODES.badRequest, message: '请求内容不是有效的 JSON', data: null });
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      req.log.warn({ err }, 'client error');
      return reply.status(200).send({ code: status, message: httpStatusMessage(status), data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: CODES.serverError, message: httpStatusMessage(500), data: null });
  });

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: services.config.uploadLimitBytes, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'wfsaas API', description: '人事、薪酬与电子合同 SaaS 接口', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerMetrics(app, services);
  await registerModules(app, services);

  const webDist = services.config.webDist;
  const serveWeb = opts.serveWeb !== false && existsSync(join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', index: ['index.html'] });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = /^\/(wfsaas-|api\/|docs)/.test(req.url);
    if (serveWeb && req.method === 'GET' && !isApi) {
      // not returned: awaiting the reply adds an 11th 'close' listener to the response (Node warns past 10)
      void reply.type('text/html').sendFile('index.html');
      return;
    }
    return reply.status(404).send({ code: CODES.notFound, message: `接口不存在：${req.method} ${req.url.split('?')[0]}`, data: null });
  });
  return app;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}
