import { buildPageMessage, CODES, MESSAGES, type PageMessage } from '@wfsaas/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppServices } from './services.ts';
import { authenticateSession, authorizeInCompany, isPlatformOperator, type SessionUser } from './auth.ts';
import { writeAudit, type AuditEntry } from './audit.ts';
import { leaveTenant, setTenant, type Db, type Tx } from './db.ts';
import { AppError, unauthorized, accessDenied } from './errors.ts';
import { formatZodError } from './validation.ts';

/**
 * Who may call a route, declared next to it:
 * - 'public': anyone;
 * - 'user': a signed-in user, no company needed;
 * - 'member': a signed-in member of the company named in the companyId header;
 * - 'operator': a signed-in platform operator (users.platform_operator), no company;
 * - any other string: a permission key (route name or action key) the member must hold.
 */
export type Access = 'public' | 'user' | 'member' | 'operator' | (string & {});

type BaseCtx = { req: FastifyRequest; reply: FastifyReply; services: AppServices; ip: string; userAgent: string };
export type PublicCtx<B> = BaseCtx & { body: B; db: Db };
export type UserCtx<B> = PublicCtx<B> & { user: SessionUser; token: string };
export type TenantCtx<B> = BaseCtx & {
  body: B;
  tx: Tx;
  user: SessionUser;
  token: string;
  companyId: number;
  isAdmin: boolean;
  /** Writes one audit-log row in the request's transaction. */
  audit(entry: AuditEntry): Promise<void>;
  /** What the route's `receive` step took in before the transaction opened (an uploaded file). */
  received?: unknown;
};

/** What every service function takes from a member's request: the tenant transaction, the caller and the audit writer. */
export type ServiceCtx = Pick<TenantCtx<unknown>, 'tx' | 'companyId' | 'user' | 'isAdmin' | 'audit' | 'services' | 'ip' | 'userAgent'> & {
  /** Who acts when it is not a member: a job, or a platform operator acting on this company's record. */
  actorKind?: 'job' | 'operator';
};

/** The context of work no member's request started (a job step, a hook run by a job): no audit row, no admin rights. */
export function jobCtx(services: AppServices, tx: Tx, companyId: number, user: SessionUser, userAgent = 'job'): ServiceCtx {
  return { services, tx, companyId, user, isAdmin: false, ip: '', userAgent, audit: async () => undefined, actorKind: 'job' };
}

/**
 * A platform operator's request. `tx` is a plain transaction (no company): operator queries name the
 * few platform records they act on (bills, deposits, certifications, invoices) and nothing else.
 * `inCompany` acts on one company's record as that tenant, its audit rows carrying the operator.
 */
export type OperatorCtx<B> = BaseCtx & {
  body: B;
  tx: Tx;
  user: SessionUser;
  token: string;
  inCompany<T>(companyId: number, fn: (c: ServiceCtx) => Promise<T>): Promise<T>;
};

type CtxFor<A extends Access, B> = A extends 'public' ? PublicCtx<B> : A extends 'user' ? UserCtx<B> : A extends 'operator' ? OperatorCtx<B> : TenantCtx<B>;

/** A page of results: the envelope carries `pageMessage`. */
export class Paged<T> {
  readonly pageMessage: PageMessage;
  constructor(
    readonly list: T[],
    pageNum: number,
    pageSize: number,
    total: number,
  ) {
    this.pageMessage = buildPageMessage(pageNum, pageSize, total);
  }
}

/** Returned by a handler that wrote the reply itself (a file stream). */
export const RAW_REPLY = Symbol('raw-reply');

export type RouteDef<A extends Access, S extends z.ZodType | undefined> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  access: A;
  summary: string;
  tags?: string[];
  body?: S;
  querystring?: z.ZodType;
  bodyLimit?: number;
  /**
   * For company routes that take in a long request body (a file upload): runs after the caller is
   * authorised and before the request's transaction opens, so no transaction or connection is held
   * while the body streams in. Its result is `ctx.received`.
   */
  receive?: (req: FastifyRequest, who: { companyId: number; userId: number }) => Promise<unknown>;
  handler: (ctx: CtxFor<A, S extends z.ZodType ? z.infer<S> : undefined>) => Promise<unknown>;
};

/**
 * `enforced` is set by defineRoute alone: its handler is where the access is checked (session,
 * company membership, permission key). A non-public route registered any other way is refused at
 * start (app.ts), so no route can declare a permission that nothing checks.
 */
export type RouteConfig = { access: Access; enforced?: true };

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return (m ? m[1] : h).trim() || undefined;
}

export function companyIdFromHeader(req: FastifyRequest): number | undefined {
  const raw = req.headers.companyid;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v || !/^[1-9]\d{0,15}$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Parses a request part with its schema; a failure names the field in Chinese. An absent body is undefined. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data ?? undefined, { reportInput: true });
  if (r.success) return r.data;
  throw new AppError(CODES.badRequest, formatZodError(schema, r.error));
}

export function envelope(data: unknown, message = '操作成功') {
  if (data instanceof Paged) return { code: CODES.ok, message, data: data.list, pageMessage: data.pageMessage };
  return { code: CODES.ok, message, data: data === undefined ? null : data };
}

export function defineRoute<A extends Access, S extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  services: AppServices,
  def: RouteDef<A, S>,
): void {
  const config: RouteConfig = { access: def.access, enforced: true };
  app.route({
    method: def.method ?? 'POST',
    url: def.url,
    config,
    bodyLimit: def.bodyLimit,
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    handler: async (req, reply) => {
      const base: BaseCtx = { req, reply, services, ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
      // Validated here, after authentication, so a caller without access learns nothing from it.
      const parse = () => (def.body ? (parseInput(def.body, req.body) as never) : (undefined as never));
      const handler = def.handler as (ctx: unknown) => Promise<unknown>;
      let result: unknown;
      if (def.access === 'public') {
        result = await handler({ ...base, body: parse(), db: services.database.db });
      } else {
        const token = bearer(req);
        if (!token) throw unauthorized(MESSAGES.sessionExpired);
        if (def.access === 'user') {
          const user = await authenticateSession(services, services.database.db, token);
          if (!user) throw unauthorized(MESSAGES.sessionExpired);
          result = await handler({ ...base, body: parse(), db: services.database.db, user, token });
        } else if (def.access === 'operator') {
          result = await services.database.inTransaction(async (tx) => {
            const user = await authenticateSession(services, tx, token);
            if (!user) throw unauthorized(MESSAGES.sessionExpired);
            if (!(await isPlatformOperator(tx, user.userId))) throw accessDenied('仅平台运营人员可以操作');
            // A savepoint of the operator's own transaction switched to the company (one connection, one
            // commit; PGlite runs one transaction at a time). Released: back to the owner; rolled back: undone.
            const inCompany = <T>(companyId: number, fn: (c: ServiceCtx) => Promise<T>): Promise<T> =>
              tx.transaction(async (sp) => {
                const ctx = sp as unknown as Tx;
                await setTenant(ctx, companyId);
                const result = await fn({
                  tx: ctx,
                  companyId,
                  user,
                  isAdmin: false,
                  services,
                  ip: base.ip,
                  userAgent: base.userAgent,
                  actorKind: 'operator',
                  audit: (entry) => writeAudit(ctx, { companyId, actorUserId: user.userId, ip: base.ip, userAgent: base.userAgent }, { ...entry, action: `operator:${entry.action}` }),
                });
                await leaveTenant(ctx);
                return result;
              });
            return handler({ ...base, body: parse(), tx, user, token, inCompany });
          });
        } else {
          const companyId = companyIdFromHeader(req);
          if (!companyId) throw new AppError(CODES.badRequest, MESSAGES.missingCompany);
          const permission = def.access === 'member' ? null : def.access;
          const authorize = async (tx: Tx) => {
            const auth = await authorizeInCompany(services, tx, token, companyId, permission);
            if (!auth) throw unauthorized(MESSAGES.sessionExpired);
            if (!auth.isMember) throw accessDenied(MESSAGES.notMember);
            if (!auth.granted) throw accessDenied(`您没有此操作的权限（${permission}），请联系管理员`);
            return auth;
          };
          let received: unknown;
          if (def.receive) {
            const auth = await services.database.inTenant(companyId, authorize);
            received = await def.receive(req, { companyId, userId: auth.user.userId });
          }
          result = await services.database.inTenant(companyId, async (tx) => {
            const auth = await authorize(tx);
            const ctx: TenantCtx<unknown> = {
              ...base,
              body: parse(),
              tx,
              user: auth.user,
              token,
              companyId,
              isAdmin: auth.isAdmin,
              audit: (entry) => writeAudit(tx, { companyId, actorUserId: auth.user.userId, ip: base.ip, userAgent: base.userAgent }, entry),
              received,
            };
            return handler(ctx);
          });
        }
      }
      if (result === RAW_REPLY) return reply;
      return reply.send(envelope(result));
    },
  });
}
