/** Trade: subscriptions, bills, invoices, custody accounts. */
export * from './trade/subscriptions.ts';
export * from './trade/invoices.ts';
