import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { initialPhoneLink, phoneLinkReducer, type PhoneLinkPhase, type PhoneLinkState } from './phone-link.ts';

export type PhoneLinkConfig<O, V, X, K> = {
  /** Identity of the link (token, contract id …); a new one starts over. */
  id: string;
  /** The browser tab's title. */
  title: string;
  /** Set when the link cannot be opened at all (a part missing). */
  malformed?: string | null;
  open: () => Promise<O>;
  /** A page step the opened link goes to instead of verification (withdrawn, closed). */
  divert?: (open: O) => X | null;
  /** The ticket kept for this link in the browser, so a reload skips verification. */
  tickets: { get: () => K | null; set: (ticket: K | null) => void };
  /** Loads the content with a kept ticket; a failure forgets the ticket and asks to verify again. */
  view: (ticket: K) => Promise<{ view: V; ticket: string; kept?: K }>;
  companyOf: (x: O | V) => string;
};

export type PhoneLink<O, V, X, K> = PhoneLinkState<O, V, X> & {
  phase: PhoneLinkPhase<O, V, X>;
  /** The person verified: keeps the ticket and shows the content (loaded unless given). */
  verified: (ticket: K, view?: { view: V; ticket: string }) => Promise<void>;
  /** The content changed (signed, confirmed …). */
  setView: (view: V) => void;
  goTo: (step: X) => void;
  /** The ticket expired: forget it and verify again (re-reading the link when `reopen`). */
  expire: (reopen?: boolean) => void;
};

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : '链接无效';
}

/** The content with a kept ticket, or null (the ticket is then forgotten). */
async function loadKept<O, V, X, K>(c: PhoneLinkConfig<O, V, X, K>, kept: K, signal: AbortSignal): Promise<{ view: V; ticket: string; company: string } | null> {
  try {
    const r = await c.view(kept);
    if (!signal.aborted && r.kept !== undefined) c.tickets.set(r.kept);
    return { view: r.view, ticket: r.ticket, company: c.companyOf(r.view) };
  } catch {
    if (!signal.aborted) c.tickets.set(null);
    return null;
  }
}

/**
 * A phone link (payslip, contract, self-onboarding): opens the link, reuses a kept ticket or asks for
 * verification, then shows the content. A newer link or an unmount aborts what is in flight.
 */
export function usePhoneLink<O, V, X = never, K = string>(config: PhoneLinkConfig<O, V, X, K>): PhoneLink<O, V, X, K> {
  const [state, dispatch] = useReducer(phoneLinkReducer<O, V, X>, undefined, initialPhoneLink<O, V, X>);
  const cfg = useRef(config);
  cfg.current = config;
  const flight = useRef<AbortController | null>(null);

  /** Starts a new flight, aborting the previous one. */
  const fly = useCallback(() => {
    flight.current?.abort();
    const c = new AbortController();
    flight.current = c;
    return c.signal;
  }, []);

  const start = useCallback(
    async (signal: AbortSignal, withTicket: boolean) => {
      const c = cfg.current;
      if (c.malformed) return dispatch({ type: 'invalid', message: c.malformed });
      let open: O;
      try {
        open = await c.open();
      } catch (err) {
        if (!signal.aborted) dispatch({ type: 'invalid', message: messageOf(err) });
        return;
      }
      if (signal.aborted) return;
      const company = c.companyOf(open);
      const diverted = c.divert?.(open) ?? null;
      if (diverted !== null) {
        dispatch({ type: 'opened', open, company });
        return dispatch({ type: 'step', step: diverted });
      }
      const kept = withTicket ? c.tickets.get() : null;
      const view = kept === null ? null : await loadKept(c, kept, signal);
      if (!signal.aborted) dispatch({ type: 'opened', open, company, view: view ?? undefined });
    },
    [],
  );

  useEffect(() => {
    document.title = cfg.current.title;
    dispatch({ type: 'restart' });
    const signal = fly();
    void start(signal, true);
    return () => flight.current?.abort();
  }, [config.id, fly, start]);

  const verified = useCallback(
    async (ticket: K, view?: { view: V; ticket: string }) => {
      const c = cfg.current;
      c.tickets.set(ticket);
      if (view) return dispatch({ type: 'viewed', view: view.view, ticket: view.ticket, company: c.companyOf(view.view) });
      const signal = fly();
      const loaded = await loadKept(c, ticket, signal);
      if (loaded && !signal.aborted) dispatch({ type: 'viewed', ...loaded });
    },
    [fly],
  );

  const expire = useCallback(
    (reopen = false) => {
      cfg.current.tickets.set(null);
      if (reopen) void start(fly(), false);
      else dispatch({ type: 'expired' });
    },
    [fly, start],
  );

  return {
    ...state,
    verified,
    setView: (view) => dispatch({ type: 'changed', view }),
    goTo: (step) => dispatch({ type: 'step', step }),
    expire,
  };
}

/**
 * The 获取验证码 button's countdown: `started()` after a code was sent, with the server's resend wait
 * when the answer carries one, else `seconds`.
 */
export function useSmsCountdown(seconds: number): { left: number; sentOnce: boolean; started: (wait?: number) => void } {
  const [left, setLeft] = useState(0);
  const [sentOnce, setSentOnce] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const started = useCallback(
    (wait?: number) => {
      setSentOnce(true);
      setLeft(wait ?? seconds);
    },
    [seconds],
  );
  return { left, sentOnce, started };
}
