/**
 * Catches a page that throws (or a lazy chunk that fails to load) and shows an Italian message instead of a
 * blank screen; the error itself goes to the console for whoever debugs it. A new `resetKey` (the next
 * address) clears the error without remounting a page that is still on screen.
 */
import { Component, type ReactNode } from 'react';
import { Alert } from '@mantine/core';

interface Props { children: ReactNode; resetKey?: string }
interface State { failed: boolean; resetKey?: string }

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (this.state.failed) {
      return <Alert color="red" title="Errore">Si è verificato un errore imprevisto - contattare il supporto</Alert>;
    }
    return this.props.children;
  }
}
