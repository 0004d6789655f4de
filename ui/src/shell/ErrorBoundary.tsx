/**
 * Catches a page that throws (or a lazy chunk that fails to load) and shows an Italian message instead of a
 * blank screen; the error itself goes to the console for whoever debugs it.
 */
import { Component, type ReactNode } from 'react';
import { Alert } from '@mantine/core';

interface State { failed: boolean }

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
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
