/** Trade: the bills the company issues. What other modules may use of it. */
export { AMOUNT_KEYS, sumBillLines, type BillAmountColumns } from './bill-totals.ts';
export type { BillFilter, BillLineRecord, BillRecord } from './bills.queries.ts';
export { confirmBill, isReplaceable, keptReason, listBills, markBillPaid, pageBills, readBill, replaceBills, setBillStatus, type BillWithLines, type NewBill, type NewBillLine } from './bills.service.ts';
export type { PlatformBillLineRecord, PlatformBillRecord } from './platform-bills.queries.ts';
export { raisePlatformBill, type NewPlatformBill, type NewPlatformBillLine } from './platform-bills.service.ts';
