/** Support: work orders, the help centre, leads and promoter tracking. */
export * from './support/work-orders.ts';
export * from './support/help.ts';
export * from './support/leads.ts';
