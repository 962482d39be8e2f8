/** Trade: platform bills, subscriptions, invoices and the custody account. */

export * from './trade/custody-account.ts';
