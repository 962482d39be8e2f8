export * from './trade/invoices.ts';
