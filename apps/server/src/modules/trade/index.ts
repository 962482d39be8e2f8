/**
 * Trade: the bills the company issues, the platform's bills it pays, subscriptions, invoices and the
 * custody account. What other modules and the app's wiring may use of it.
 */
export { registerTradeJobHandlers, registerTradeRoutes } from './trade.registry.ts';
export { AMOUNT_KEYS, sumBillLines, type BillAmountColumns } from './bill-totals.ts';
export type { BillFilter, BillLineRecord, BillRecord } from './bills.queries.ts';
export { confirmBill, isReplaceable, keptReason, listBills, markBillPaid, pageBills, readBill, replaceBills, setBillStatus, type BillWithLines, type NewBill, type NewBillLine } from './bills.service.ts';
export type { PlatformBillLineRecord, PlatformBillRecord } from './platform-bills.queries.ts';
export { confirmPlatformBill, markPlatformBillPaid, raisePlatformBill, readPlatformBill, suspendPlatformBill, type NewPlatformBill, type NewPlatformBillLine, type PlatformBillWithLines } from './platform-bills.service.ts';
export { registerBillPaidHandler, registerStatementSource, type BillPaidHandler, type StatementSource } from './statement-sources.ts';
export { assertEcontractInitiation, assertServiceActive, meterUsage, type Meter } from './usage.service.ts';
export { seedDemoSubscriptions } from './subscriptions.seed.ts';
export { invoiceFileRule } from './invoices.service.ts';
export { seedDemoInvoices } from './invoices.seed.ts';
export { depositProofFileRule } from './custody-account.service.ts';
export { payPlatformBillFromCustody, setPayoutDisbursement, type PayoutDisbursement } from './payouts.service.ts';
export { seedDemoCustody } from './custody-account.seed.ts';
export { billProofFileRule } from './platform-bills.jobs.ts';
export { setPaymentGateway, type PaymentGateway } from './platform-bills.gateway.ts';
export { seedPlatformBills } from './platform-bills.seed.ts';
export { serviceNamesAndDescriptions } from './lookups.service.ts';
