import { lazy } from 'react';

/** The result pages, loaded only when one is shown (they are off the first-load path). */
const load = () => import('./results.tsx');

export const NoPermissionResult = lazy(() => load().then((m) => ({ default: m.NoPermissionResult })));
export const NotAvailableResult = lazy(() => load().then((m) => ({ default: m.NotAvailableResult })));
export const ErrorResult = lazy(() => load().then((m) => ({ default: m.ErrorResult })));
export const StandaloneNoPermission = lazy(() => import('./StandaloneNoPermission.tsx').then((m) => ({ default: m.StandaloneNoPermission })));
