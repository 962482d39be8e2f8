/** Trade: platform bills, subscriptions, invoices and the custody account. */
export * from './trade/bills.ts';
export * from './trade/subscriptions.ts';
export * from './trade/invoices.ts';
export * from './trade/custody-account.ts';
export * from './trade/lookups.ts';
