/** Trade: subscriptions, bills, invoices, custody accounts. */
export * from './trade/subscriptions.ts';
