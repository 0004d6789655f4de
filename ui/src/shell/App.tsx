/**
 * Providers and the manifest gate: main.tsx renders once the manifest has arrived (core/artifacts.ts), so every
 * page reads it synchronously; a build without it, or a failed download, says so. The session (token, user, grants) sits inside it because it calls the API.
 */
import { Suspense, useState } from 'react';
import { Alert, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ManifestContext } from '../core/hooks/useManifest';
import type { Manifest } from '../core/types';
import { SessionProvider } from '../core/session';
import { FullPageLoader } from './auth/guards';
import { ModalsProvider } from './modals/ModalsProvider';
import { AppRoutes } from './AppRoutes';
import { cssVariablesResolver, theme } from './theme';

export function App({ manifest }: { manifest: Manifest | Error }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-right" />
      <ManifestGate manifest={manifest} />
    </MantineProvider>
  );
}

function ManifestGate({ manifest }: { manifest: Manifest | Error }) {
  if (manifest instanceof Error) {
    return <Alert color="red" title="Errore" m="xl">Configurazione dell'applicazione non disponibile - contattare il supporto</Alert>;
  }
  return (
    <ManifestContext.Provider value={manifest}>
      <DatesProvider settings={{ locale: 'it', firstDayOfWeek: toDayOfWeek(manifest.locale.firstDayOfWeek) }}>
        <ModalsProvider>
          <Router />
        </ModalsProvider>
      </DatesProvider>
    </ManifestContext.Provider>
  );
}

/**
 * A data router, because only a data router can hold a navigation back (useBlocker: a form with unsaved
 * changes asks before the user leaves it). One splat route hands every path to <AppRoutes>, whose <Routes>
 * keep the route table as it was; created once, after the manifest, which the table is built from.
 */
function Router() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <RoutedApp /> }]));
  return <RouterProvider router={router} />;
}

function RoutedApp() {
  return (
    <SessionProvider>
      <Suspense fallback={<FullPageLoader />}>
        <AppRoutes />
      </Suspense>
    </SessionProvider>
  );
}

/** Weeks start on Monday (seed 000 §9) unless the manifest says otherwise. */
function toDayOfWeek(value: number): DayOfWeek {
  return DAYS_OF_WEEK.find((day) => day === value) ?? 1;
}

const DAYS_OF_WEEK = [0, 1, 2, 3, 4, 5, 6] as const;
type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
