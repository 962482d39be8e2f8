import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { ErrorResult } from '../../features/system/lazy-results.ts';
import { localStore } from '../session/storage.ts';
import { logUiError } from './error-log.ts';

type Props = { children: ReactNode; /** A change (e.g. the path) clears a shown error. */ resetKey?: string };
type State = { error: Error | null; resetKey?: string };

/** Catches render errors of a screen: logged and stored locally, with a way back. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    const e = new Error(error.message);
    e.stack = `${error.stack ?? ''}\n${info.componentStack ?? ''}`;
    logUiError(localStore(), 'react', e, window.location.href);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ErrorResult />
      </Suspense>
    );
  }
}
