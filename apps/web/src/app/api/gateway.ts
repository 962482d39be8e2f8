/**
 * The sign-in gateway (docs/product.md#sign-in-and-session). When a session ends with a 401, the message is posted to a
 * hidden iframe of the gateway before the browser goes to the login page, so the gateway drops its
 * own copy of the session and does not sign the user straight back in.
 *
 * Our gateway is our own login page opened as `/login?gateway=1`: in that mode the page renders
 * nothing, clears the stored session when it receives SESSION_ENDED from its parent (same origin
 * only) and answers GATEWAY_ACK. The parent gives up after 6 s ('iframe 加载超时') or when the frame
 * fails to load ('iframe 加载失败'); either way the caller still clears the session and signs out.
 */
export const GATEWAY_TIMEOUT_MS = 6_000;
export const GATEWAY_SRC = '/login?gateway=1';
export const GATEWAY_ERRORS = { timeout: 'iframe 加载超时', loadFailed: 'iframe 加载失败' } as const;
export const SESSION_ENDED = 'wfsaas:session-ended';
export const GATEWAY_ACK = 'wfsaas:session-ended:ack';

export type GatewayFrame = {
  onLoad(fn: () => void): void;
  onError(fn: () => void): void;
  /** Posts to the frame's window (same origin). */
  post(data: unknown): void;
  /** Whether a message event came from this frame. */
  isSource(source: unknown): boolean;
  remove(): void;
};

export type GatewayHost = {
  createFrame(src: string): GatewayFrame;
  onMessage(fn: (data: unknown, source: unknown) => void): () => void;
  setTimer(fn: () => void, ms: number): () => void;
};

export type SessionEndedMessage = { type: typeof SESSION_ENDED; message: string };

export function isSessionEnded(data: unknown): data is SessionEndedMessage {
  return !!data && typeof data === 'object' && (data as { type?: unknown }).type === SESSION_ENDED;
}

/** Posts the message to the gateway frame and waits for its answer (at most `timeoutMs`). */
export function notifyGateway(host: GatewayHost, message: string, opts: { src?: string; timeoutMs?: number } = {}): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const frame = host.createFrame(opts.src ?? GATEWAY_SRC);
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      cancelTimer();
      stopListening();
      frame.remove();
      if (err) reject(err);
      else resolve();
    };
    const cancelTimer = host.setTimer(() => finish(new Error(GATEWAY_ERRORS.timeout)), opts.timeoutMs ?? GATEWAY_TIMEOUT_MS);
    const stopListening = host.onMessage((data, source) => {
      if (frame.isSource(source) && !!data && typeof data === 'object' && (data as { type?: unknown }).type === GATEWAY_ACK) finish();
    });
    frame.onError(() => finish(new Error(GATEWAY_ERRORS.loadFailed)));
    frame.onLoad(() => {
      const payload: SessionEndedMessage = { type: SESSION_ENDED, message };
      frame.post(payload);
    });
  });
}

/** The browser implementation: a hidden iframe on the page's own origin. */
export function browserGatewayHost(win: Window = window): GatewayHost {
  return {
    createFrame(src) {
      const iframe = win.document.createElement('iframe');
      iframe.style.display = 'none';
      iframe.setAttribute('aria-hidden', 'true');
      iframe.setAttribute('tabindex', '-1');
      iframe.title = 'gateway';
      iframe.src = src;
      win.document.body.appendChild(iframe);
      return {
        onLoad: (fn) => iframe.addEventListener('load', fn),
        onError: (fn) => iframe.addEventListener('error', fn),
        post: (data) => iframe.contentWindow?.postMessage(data, win.location.origin),
        isSource: (source) => source === iframe.contentWindow,
        remove: () => iframe.remove(),
      };
    },
    onMessage(fn) {
      const listener = (ev: MessageEvent) => {
        if (ev.origin === win.location.origin) fn(ev.data, ev.source);
      };
      win.addEventListener('message', listener);
      return () => win.removeEventListener('message', listener);
    },
    setTimer(fn, ms) {
      const t = win.setTimeout(fn, ms);
      return () => win.clearTimeout(t);
    },
  };
}

/** Whether this page load is the gateway frame. */
export function isGatewayMode(loc: { pathname: string; search: string }): boolean {
  return loc.pathname === '/login' && new URLSearchParams(loc.search).get('gateway') === '1';
}

/** The gateway side: on SESSION_ENDED from the same origin, clear the session and answer. */
export function installGatewayListener(win: Window, clear: (message: string) => void): () => void {
  const listener = (ev: MessageEvent) => {
    if (ev.origin !== win.location.origin || !isSessionEnded(ev.data)) return;
    clear(ev.data.message);
    (ev.source as Window | null)?.postMessage({ type: GATEWAY_ACK }, ev.origin);
  };
  win.addEventListener('message', listener);
  return () => win.removeEventListener('message', listener);
}
