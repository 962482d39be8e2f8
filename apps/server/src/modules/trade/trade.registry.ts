import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services.ts';
import { registerCustodyAccountRoutes } from './custody-account.routes.ts';
import { registerInvoiceRoutes } from './invoices.routes.ts';
import { registerLookupRoutes } from './lookups.routes.ts';
import { registerCustodyHooks } from './payouts.service.ts';
import { registerPlatformBillJobHandlers } from './platform-bills.jobs.ts';
import { registerPlatformBillRoutes } from './platform-bills.routes.ts';
import { registerSubscriptionRoutes } from './subscriptions.routes.ts';
import { registerSubscriptionHooks } from './subscriptions.service.ts';

/** Every trade route: subscriptions, platform bills, invoices, the custody account. */
export function registerTradeRoutes(app: FastifyInstance, s: AppServices): void {
  registerSubscriptionRoutes(app, s);
  registerPlatformBillRoutes(app, s);
  registerInvoiceRoutes(app, s);
  registerCustodyAccountRoutes(app, s);
  registerLookupRoutes(app, s);
}

/** Trade's jobs (statements, overdue marking) and what a paid bill starts (a subscription, a payout); the API and the worker both run it. */
export function registerTradeJobHandlers(): void {
  registerPlatformBillJobHandlers();
  registerSubscriptionHooks();
  registerCustodyHooks();
}
