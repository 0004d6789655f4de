/** The routed page inside a frame (Layout, TopbarLayout, PublicLayout). */
import { Suspense, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from './ErrorBoundary';

/** The page of the current route, with its own error boundary and loader; shared by every frame. */
export function RoutedPage({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    // An error on one page does not stick after navigating away; a page that stays (a record whose tab
    // changes the address, docs/spec-language.md#related-lists-as-tabs) is not remounted for it.
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Center p="xl"><Loader aria-label="Caricamento" /></Center>}>
        {children ?? <Outlet />}
      </Suspense>
    </ErrorBoundary>
  );
}
