/** Trade: the bills the company issues, and the platform's bills the company pays. What other modules may use of it. */
export { AMOUNT_KEYS, sumBillLines, type BillAmountColumns } from './bill-totals.ts';
export type { BillFilter, BillLineRecord, BillRecord } from './bills.queries.ts';
export { confirmBill, isReplaceable, keptReason, listBills, markBillPaid, pageBills, readBill, replaceBills, setBillStatus, type BillWithLines, type NewBill, type NewBillLine } from './bills.service.ts';
export type { PlatformBillLineRecord, PlatformBillRecord } from './platform-bills.queries.ts';
export { confirmPlatformBill, markPlatformBillPaid, raisePlatformBill, readPlatformBill, suspendPlatformBill, type NewPlatformBill, type NewPlatformBillLine, type PlatformBillWithLines } from './platform-bills.service.ts';
export { registerBillPaidHandler, registerStatementSource, type BillPaidHandler, type StatementSource } from './statement-sources.ts';
export { registerPlatformBillRoutes } from './platform-bills.routes.ts';
export { billProofFileRule, registerPlatformBillJobHandlers } from './platform-bills.jobs.ts';
export { setPaymentGateway, type PaymentGateway } from './platform-bills.gateway.ts';
export { seedPlatformBills } from './platform-bills.seed.ts';
