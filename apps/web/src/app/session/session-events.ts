/** In-tab notifications that the stored session changed (sign-in, company switch, sign-out). */
const listeners = new Set<() => void>();

export function onSessionChanged(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function notifySessionChanged(): void {
  for (const fn of [...listeners]) fn();
}

let ending = false;

/** True while a 401 hand-off is running (the gateway frame also clears storage). */
export function isEndingSession(): boolean {
  return ending;
}

export function setEndingSession(value: boolean): void {
  ending = value;
}

let signingOut = false;

/** True while the user signs out: the login page is opened without a referer. */
export function isSigningOut(): boolean {
  return signingOut;
}

export function setSigningOut(value: boolean): void {
  signingOut = value;
}
