import type { StorageLike } from '../session/storage.ts';

/** Unhandled UI errors are logged and stored locally (a ring buffer of the last 50). */
export const UI_ERROR_LOG_KEY = 'uiErrorLog';
export const UI_ERROR_LOG_MAX = 50;

export type UiErrorSource = 'error' | 'unhandledrejection' | 'react' | 'gateway';

export type UiErrorEntry = {
  at: string;
  source: UiErrorSource;
  message: string;
  stack?: string;
  url?: string;
};

export function readUiErrors(storage: StorageLike): UiErrorEntry[] {
  try {
    const v = JSON.parse(storage.getItem(UI_ERROR_LOG_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as UiErrorEntry[]) : [];
  } catch {
    return [];
  }
}

/** Appends one entry, keeping the newest `max`; returns the stored list. */
export function appendUiError(storage: StorageLike, entry: UiErrorEntry, max = UI_ERROR_LOG_MAX): UiErrorEntry[] {
  const clipped: UiErrorEntry = {
    ...entry,
    message: entry.message.slice(0, 1000),
    ...(entry.stack ? { stack: entry.stack.slice(0, 4000) } : {}),
  };
  const list = [...readUiErrors(storage), clipped].slice(-max);
  try {
    storage.setItem(UI_ERROR_LOG_KEY, JSON.stringify(list));
  } catch {
    // Storage full: keep only the newest entry rather than failing the page.
    storage.setItem(UI_ERROR_LOG_KEY, JSON.stringify([clipped]));
  }
  return list;
}

export function describeError(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack };
  if (typeof reason === 'string') return { message: reason };
  try {
    return { message: JSON.stringify(reason) ?? String(reason) };
  } catch {
    return { message: String(reason) };
  }
}

/** Logs an error to the console and the local ring buffer. */
export function logUiError(storage: StorageLike, source: UiErrorSource, reason: unknown, url?: string, now: Date = new Date()): UiErrorEntry {
  const { message, stack } = describeError(reason);
  const entry: UiErrorEntry = { at: now.toISOString(), source, message, ...(stack ? { stack } : {}), ...(url ? { url } : {}) };
  console.error(`[ui-error:${source}]`, reason);
  appendUiError(storage, entry);
  return entry;
}

/** Window-level listeners for errors no component caught. */
export function installGlobalErrorLogging(win: Window, storage: StorageLike): () => void {
  const onError = (ev: ErrorEvent) => logUiError(storage, 'error', ev.error ?? ev.message, win.location.href);
  const onRejection = (ev: PromiseRejectionEvent) => {
    // Request failures were already shown to the user by the request client.
    if (ev.reason && typeof ev.reason === 'object' && (ev.reason as { name?: string }).name === 'ApiError') return;
    logUiError(storage, 'unhandledrejection', ev.reason, win.location.href);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
