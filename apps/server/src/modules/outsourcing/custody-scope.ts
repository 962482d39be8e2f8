import { forbidden } from '../../platform/errors.ts';
import type { ServiceCtx } from '../../platform/http.ts';
import { findCustodyLink, pointRowSecurityAt, type CustodyLink } from './custody-links.queries.ts';

export { listCustodyLinksOfClient, type CustodyLink } from './custody-links.queries.ts';

/**
 * Joint custody from the client's side: a client company's request reads the provider's rows of that
 * one client. The link (enabled, naming the caller's company) is checked first; then, inside the same
 * transaction, row-level security is pointed at the provider for `fn` and back at the caller after.
 * `fn` must filter every query by `link.clientId` — it sees the provider's whole tenant.
 */
export async function inProviderScope<T>(c: ServiceCtx, providerId: number, fn: (link: CustodyLink) => Promise<T>): Promise<T> {
  const link = await findCustodyLink(c.tx, c.companyId, providerId);
  if (!link) throw forbidden('该外包服务商未与本企业开启共管');
  await pointRowSecurityAt(c.tx, providerId);
  try {
    return await fn(link);
  } finally {
    await pointRowSecurityAt(c.tx, c.companyId);
  }
}
