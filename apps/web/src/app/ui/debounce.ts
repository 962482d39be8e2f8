/** Default debounce, scroll debounce and load-more distance. */
export const DEBOUNCE_MS = 1_000;
export const SCROLL_DEBOUNCE_MS = 200;
export const LOAD_MORE_DISTANCE = 0;

export type Debounced<A extends unknown[]> = ((...args: A) => void) & { cancel(): void; flush(): void };

/** Calls `fn` once `wait` ms have passed without another call (trailing), or at once and then not again within `wait` (leading). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait = DEBOUNCE_MS, opts: { leading?: boolean } = {}): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    timer = null;
    if (pending) {
      const args = pending;
      pending = null;
      fn(...args);
    }
  };
  const debounced = ((...args: A) => {
    if (opts.leading && !timer) {
      fn(...args);
      timer = setTimeout(run, wait);
      return;
    }
    pending = args;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, wait);
  }) as Debounced<A>;
  debounced.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  debounced.flush = () => {
    if (timer) clearTimeout(timer);
    run();
  };
  return debounced;
}

/** Debounce for scroll handlers (200 ms). */
export function debounceScroll<A extends unknown[]>(fn: (...args: A) => void, wait = SCROLL_DEBOUNCE_MS): Debounced<A> {
  return debounce(fn, wait);
}

/** Whether a scroll container is within `distance` px of its end (load more). */
export function isNearBottom(el: { scrollTop: number; clientHeight: number; scrollHeight: number }, distance = LOAD_MORE_DISTANCE): boolean {
  return el.scrollTop + el.clientHeight >= el.scrollHeight - distance;
}
