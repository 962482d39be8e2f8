/** Messages shown for HTTP statuses and transport failures. */
export const HTTP_STATUS_MESSAGES: Record<number, string> = {
  400: '请求错误(400)',
  401: '未授权，请重新登录(401)',
  403: '拒绝访问(403)',
  404: '请求出错(404)',
  408: '请求超时(408)',
  500: '服务器错误(500)',
  501: '服务未实现(501)',
  502: '网络错误(502)',
  503: '服务不可用(503)',
  504: '网络超时(504)',
  505: 'HTTP版本不受支持(505)',
};

export function httpStatusMessage(status: number): string {
  return HTTP_STATUS_MESSAGES[status] ?? `连接出错(${status})!`;
}

export const TRANSPORT_MESSAGES = {
  timeout: '服务器超时，请联系产品经理',
  noResponse: '连接到服务器失败',
  setupFailure: '服务器异常，请联系管理员！',
} as const;

/** Business codes carried in the envelope's `code`. HTTP status is 200 unless noted. */
export const CODES = {
  ok: 200,
  badRequest: 400,
  /** HTTP 401 too: the session is over. */
  unauthorized: 401,
  /** HTTP 403 too: not a member of the company, or the permission is missing. */
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  locked: 423,
  tooManyRequests: 429,
  serverError: 500,
} as const;

export const MESSAGES = {
  loginKeyInvalid: '登录验证失效',
  noPersonnelFound: '未查询到人员信息',
  companyMismatch: '当前公司与登录公司不一致，需重新加载页面',
  sessionExpired: '登录已失效，请重新登录',
  notMember: '您不是该公司的成员，无权访问',
  missingCompany: '请求头缺少有效的 companyId，请先选择公司',
  serverError: '服务器错误(500)',
} as const;
