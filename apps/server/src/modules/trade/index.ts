/** Trade: the bills the company issues, and the platform's bills the company pays. What other modules may use of it. */
export { AMOUNT_KEYS, sumBillLines, type BillAmountColumns } from './bill-totals.ts';
export type { BillFilter, BillLineRecord, BillRecord } from './bills.queries.ts';
export { confirmBill, isReplaceable, keptReason, listBills, markBillPaid, pageBills, readBill, replaceBills, setBillStatus, type BillWithLines, type NewBill, type NewBillLine } from './bills.service.ts';
export type { PlatformBillLineRecord, PlatformBillRecord } from './platform-bills.queries.ts';
export { confirmPlatformBill, markPlatformBillPaid, raisePlatformBill, readPlatformBill, suspendPlatformBill, type NewPlatformBill, type NewPlatformBillLine, type PlatformBillWithLines } from './platform-bills.service.ts';
export { registerBillPaidHandler, registerStatementSource, type BillPaidHandler, type StatementSource } from './statement-sources.ts';
export { registerSubscriptionRoutes } from './subscriptions.routes.ts';
export { registerSubscriptionHooks } from './subscriptions.service.ts';
export { assertEcontractInitiation, meterUsage, type Meter } from './usage.service.ts';
export { seedDemoSubscriptions } from './subscriptions.seed.ts';
export { registerInvoiceRoutes } from './invoices.routes.ts';
export { invoiceFileRule } from './invoices.service.ts';
export { seedDemoInvoices } from './invoices.seed.ts';
export { depositProofFileRule } from './custody-account.service.ts';
export { registerCustodyAccountRoutes } from './custody-account.routes.ts';
export { payPlatformBillFromCustody, registerCustodyHooks, setPayoutDisbursement, type PayoutDisbursement } from './payouts.service.ts';
export { seedDemoCustody } from './custody-account.seed.ts';
