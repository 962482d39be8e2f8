/** The part of the Web Storage API the session code uses (window.localStorage / sessionStorage, or a map in tests). */
export type StorageLike = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

/** An in-memory StorageLike (tests, and a fallback when the browser refuses storage). */
export function createMemoryStorage(initial: Record<string, string> = {}): StorageLike & { dump(): Record<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    dump: () => Object.fromEntries(data),
  };
}

function probe(get: () => Storage): StorageLike | null {
  try {
    const s = get();
    const k = '__wf_probe__';
    s.setItem(k, '1');
    s.removeItem(k);
    return s;
  } catch {
    return null;
  }
}

let local: StorageLike | null = null;
let session: StorageLike | null = null;

/** window.localStorage, or memory when it is unavailable (private mode, tests in node). */
export function localStore(): StorageLike {
  if (!local) local = (typeof window !== 'undefined' && probe(() => window.localStorage)) || createMemoryStorage();
  return local;
}

/** window.sessionStorage, or memory when it is unavailable. */
export function sessionStore(): StorageLike {
  if (!session) session = (typeof window !== 'undefined' && probe(() => window.sessionStorage)) || createMemoryStorage();
  return session;
}
