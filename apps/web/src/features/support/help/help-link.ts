import { ENTRY_KEYS } from '../../../app/session/entry-query.ts';
import type { StorageLike } from '../../../app/session/storage.ts';

/** The address that opens an article on the support home: sent to colleagues, kept through sign-in. */
export function articleLink(origin: string, id: number): string {
  return `${origin}/supportAndService?articleId=${id}`;
}

/** An article id as the URL or the entry carried it; null when it is not a positive whole number. */
export function parseArticleId(raw: string | null | undefined): number | null {
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

/** Reads and forgets the article id saved when the app was entered (app/session/entry-query.ts). */
export function takeSavedArticleId(session: StorageLike): number | null {
  const raw = session.getItem(ENTRY_KEYS.articleId);
  session.removeItem(ENTRY_KEYS.articleId);
  return parseArticleId(raw);
}
