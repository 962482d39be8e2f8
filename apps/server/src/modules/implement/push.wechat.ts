import { CODES } from '@wfsaas/contracts';
import { AppError, badRequest } from '../../platform/errors.ts';

/**
 * The WeChat official-account API (base URL from WECHAT_API_BASE): access token, the account's
 * private templates and template messages. Every refusal (errcode) becomes a Chinese message.
 */

const TIMEOUT_MS = 10_000;

/** The errcodes a company meets when setting up an account, in words it can act on. */
const ERRCODE_MESSAGES: Record<number, string> = {
  [-1]: '微信系统繁忙，请稍后再试',
  40001: 'AppSecret错误或access_token无效，请核对公众号的AppSecret',
  40002: '凭证类型不正确',
  40003: 'OpenID不正确，或该用户不属于此公众号',
  40013: 'AppID不正确，请核对公众号的AppID',
  40014: 'access_token不正确',
  40037: '模板ID不正确，请重新拉取模板后再选择',
  40125: 'AppSecret不正确，请核对公众号的AppSecret',
  40164: '调用接口的服务器IP不在公众号的IP白名单中，请在公众号后台「基本配置」中添加',
  41001: '缺少access_token',
  42001: 'access_token已过期',
  43004: '接收人未关注该公众号',
  45009: '接口调用次数已达今日上限',
  47003: '模板参数不正确，请检查字段映射',
  48001: '公众号未获得该接口权限（需认证的服务号并开通模板消息）',
  89503: '此IP调用需要管理员确认，请在公众号后台确认后重试',
};

/** A refusal by the API: answered to the caller as a 400 with the Chinese message. */
export class WechatApiError extends AppError {
  constructor(
    readonly errcode: number,
    message: string,
  ) {
    super(CODES.badRequest, message);
  }
}

export function wechatErrorMessage(errcode: number, errmsg: string): string {
  const known = ERRCODE_MESSAGES[errcode];
  return `微信公众号接口返回错误：${known ?? (errmsg || '未知错误')}（errcode ${errcode}）`;
}

/** The errcodes after which a fresh access token may succeed. */
export const TOKEN_ERRCODES = new Set([40001, 40014, 41001, 42001]);

export type WechatTemplate = { templateId: string; title: string; content: string; example: string };
export type WechatTemplateMessage = { toUser: string; templateId: string; url?: string; data: Record<string, string> };

export type WechatClient = {
  fetchToken(appId: string, secret: string): Promise<{ accessToken: string; expiresIn: number }>;
  listTemplates(accessToken: string): Promise<WechatTemplate[]>;
  sendTemplate(accessToken: string, msg: WechatTemplateMessage): Promise<{ msgId: string | null }>;
};

type Reply = { errcode?: number; errmsg?: string } & Record<string, unknown>;

async function call(base: string, path: string, query: Record<string, string>, body?: unknown): Promise<Reply> {
  const url = `${base}${path}?${new URLSearchParams(query).toString()}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw badRequest('无法连接微信公众号接口，请稍后再试');
  }
  let reply: Reply;
  try {
    reply = (await res.json()) as Reply;
  } catch {
    throw badRequest(`微信公众号接口应答无法识别（HTTP ${res.status}）`);
  }
  if (typeof reply.errcode === 'number' && reply.errcode !== 0) throw new WechatApiError(reply.errcode, wechatErrorMessage(reply.errcode, String(reply.errmsg ?? '')));
  if (!res.ok) throw badRequest(`微信公众号接口应答异常（HTTP ${res.status}）`);
  return reply;
}

export function createWechatClient(base: string): WechatClient {
  return {
    async fetchToken(appId, secret) {
      const r = await call(base, '/cgi-bin/token', { grant_type: 'client_credential', appid: appId, secret });
      if (typeof r.access_token !== 'string') throw badRequest('微信公众号接口未返回access_token');
      return { accessToken: r.access_token, expiresIn: Number(r.expires_in ?? 7200) };
    },
    async listTemplates(accessToken) {
      const r = await call(base, '/cgi-bin/template/get_all_private_template', { access_token: accessToken });
      const list = Array.isArray(r.template_list) ? (r.template_list as Record<string, unknown>[]) : [];
      return list.map((t) => ({ templateId: String(t.template_id ?? ''), title: String(t.title ?? ''), content: String(t.content ?? ''), example: String(t.example ?? '') })).filter((t) => t.templateId !== '');
    },
    async sendTemplate(accessToken, msg) {
      const data = Object.fromEntries(Object.entries(msg.data).map(([k, value]) => [k, { value }]));
      const r = await call(base, '/cgi-bin/message/template/send', { access_token: accessToken }, { touser: msg.toUser, template_id: msg.templateId, url: msg.url || undefined, data });
      return { msgId: r.msgid === undefined ? null : String(r.msgid) };
    },
  };
}

/** The OAuth page an employee opens in WeChat to give the account their OpenID (snsapi_base: silently). */
export function authorizeUrl(appId: string, redirectUri: string, scope: string, state: string): string {
  const q = new URLSearchParams({ appid: appId, redirect_uri: redirectUri, response_type: 'code', scope, state });
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
}
