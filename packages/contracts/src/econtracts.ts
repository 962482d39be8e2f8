/**
 * Electronic contracts (e-signature prefix /qszx-vite, API /wfsaas-sign/api): contract types,
 * templates (an uploaded PDF or rich text rendered to PDF, with field placements), packages of
 * templates signed together, signing scenes (deal codes 1000–1005), contracts initiated for one or
 * many employees, company sealing, the employee's phone signing page, evidence and downloads.
 *
 * Every body is JSON unless stated. Coordinates are PDF points from the page's lower-left corner;
 * pages are counted from 0.
 */

export * from './econtracts/api.ts';
export * from './econtracts/codes.ts';
export * from './econtracts/setup.ts';
export * from './econtracts/contracts.ts';
export * from './econtracts/phone.ts';
export * from './econtracts/sign-subscribe.ts';
