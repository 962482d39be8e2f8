import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { DISCARD_CONFIRM } from './confirm-discard.ts';

/** While `dirty`, leaving the screen (in-app navigation or closing the tab) asks first. */
export function useLeaveGuard(dirty: boolean): void {
  const { modal } = App.useApp();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({ ...DISCARD_CONFIRM, onOk: () => blocker.proceed(), onCancel: () => blocker.reset(), focusable: { autoFocusButton: 'cancel' } });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
