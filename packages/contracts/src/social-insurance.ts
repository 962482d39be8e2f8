/**
 * Social-insurance hosting (/socialTrusteeship): insured entities, each employee's insurance and its
 * history, monthly declarations proposed from the employee's changes with their portal results,
 * the annual base adjustment, and the monthly contribution records with reconciliation.
 * Amounts cross the API as decimal strings with two places; months as 'YYYY-MM'.
 */

export * from './social-insurance/api.ts';
export * from './social-insurance/codes.ts';
export * from './social-insurance/entities.ts';
export * from './social-insurance/insured.ts';
export * from './social-insurance/declarations.ts';
export * from './social-insurance/records.ts';
