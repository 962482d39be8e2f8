/**
 * Outsourced labour (劳务派遣 / 业务外包): clients and their agreements, plans, fill-post and dismiss
 * orders, placements with their onboarding and quits, monthly client bills and joint custody.
 */

export * from './outsourcing/api.ts';
export * from './outsourcing/codes.ts';
export * from './outsourcing/model.ts';
export * from './outsourcing/orders.ts';
export * from './outsourcing/placements.ts';
export * from './outsourcing/billing.ts';
