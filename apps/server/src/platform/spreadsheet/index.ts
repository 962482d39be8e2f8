export { openXlsxSheet, readXlsxSheet, type SheetChoice, type XlsxReadOptions, type XlsxSheet, type XlsxSheetData } from './xlsx-reader.ts';
export type { SheetMerge, SheetRow } from './sheet-rows.ts';
export { DEFAULT_XLSX_LIMITS, MSG_NOT_XLSX, type XlsxLimits, type XlsxMessages } from './xlsx-limits.ts';
