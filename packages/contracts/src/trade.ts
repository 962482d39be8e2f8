/** Trade information: the platform's bills the company pays. */

export * from './trade/bills.ts';
