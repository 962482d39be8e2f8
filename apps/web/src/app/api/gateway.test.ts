import { describe, expect, it, vi } from 'vitest';
import { GATEWAY_ACK, GATEWAY_ERRORS, GATEWAY_SRC, GATEWAY_TIMEOUT_MS, isGatewayMode, notifyGateway, SESSION_ENDED, type GatewayHost } from './gateway.ts';

type FakeFrame = { src: string; load?: () => void; error?: () => void; posted: unknown[]; removed: boolean; win: object };

function fakeHost() {
  const frames: FakeFrame[] = [];
  const listeners = new Set<(data: unknown, source: unknown) => void>();
  const host: GatewayHost = {
    createFrame(src) {
      const f: FakeFrame = { src, posted: [], removed: false, win: {} };
      frames.push(f);
      return {
        onLoad: (fn) => (f.load = fn),
        onError: (fn) => (f.error = fn),
        post: (d) => f.posted.push(d),
        isSource: (s) => s === f.win,
        remove: () => (f.removed = true),
      };
    },
    onMessage(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    setTimer(fn, ms) {
      const t = setTimeout(fn, ms);
      return () => clearTimeout(t);
    },
  };
  const emit = (data: unknown, source: unknown) => [...listeners].forEach((l) => l(data, source));
  return { host, frames, emit, listenerCount: () => listeners.size };
}

describe('gateway hand-off', () => {
  it('waits 6 s at most', () => {
    expect(GATEWAY_TIMEOUT_MS).toBe(6000);
    expect(GATEWAY_SRC).toBe('/login?gateway=1');
  });

  it('posts the message once the frame has loaded and resolves on the answer', async () => {
    const g = fakeHost();
    const p = notifyGateway(g.host, '登录已失效，请重新登录');
    const f = g.frames[0]!;
    expect(f.src).toBe('/login?gateway=1');
    expect(f.posted).toEqual([]);
    f.load!();
    expect(f.posted).toEqual([{ type: SESSION_ENDED, message: '登录已失效，请重新登录' }]);
    g.emit({ type: GATEWAY_ACK }, {}); // from elsewhere: ignored
    g.emit({ type: 'other' }, f.win);
    g.emit({ type: GATEWAY_ACK }, f.win);
    await expect(p).resolves.toBeUndefined();
    expect(f.removed).toBe(true);
    expect(g.listenerCount()).toBe(0);
  });

  it("fails with 'iframe 加载超时' after the time-out", async () => {
    vi.useFakeTimers();
    try {
      const g = fakeHost();
      const p = notifyGateway(g.host, 'x');
      const check = expect(p).rejects.toThrow(GATEWAY_ERRORS.timeout);
      vi.advanceTimersByTime(5999);
      expect(g.frames[0]!.removed).toBe(false);
      vi.advanceTimersByTime(1);
      await check;
      expect(GATEWAY_ERRORS.timeout).toBe('iframe 加载超时');
      expect(g.frames[0]!.removed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("fails with 'iframe 加载失败' when the frame does not load", async () => {
    const g = fakeHost();
    const p = notifyGateway(g.host, 'x');
    g.frames[0]!.error!();
    await expect(p).rejects.toThrow('iframe 加载失败');
  });

  it('recognises the gateway page load', () => {
    expect(isGatewayMode({ pathname: '/login', search: '?gateway=1' })).toBe(true);
    expect(isGatewayMode({ pathname: '/login', search: '' })).toBe(false);
    expect(isGatewayMode({ pathname: '/home', search: '?gateway=1' })).toBe(false);
  });
});
