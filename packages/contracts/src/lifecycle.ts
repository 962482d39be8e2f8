/** Employee changes (异动) and their use cases, one file each under lifecycle/. */
export * from './lifecycle/changes.ts';
export * from './lifecycle/regularisation.ts';
export * from './lifecycle/transfer.ts';
export * from './lifecycle/resignation.ts';
export * from './lifecycle/onboarding.ts';
export * from './lifecycle/labour-contracts.ts';
export * from './lifecycle/change-settings.ts';
export * from './lifecycle/induction-progress.ts';
export * from './lifecycle/change-plans.ts';
