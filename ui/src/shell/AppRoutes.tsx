/**
 * Routes from `manifest.routes` (seed 000 §2): `/` goes to `/home`, unknown paths go to `/`. Each page kind is
 * a lazy chunk, so the table and form libraries load only on the pages that use them.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';
import type { RouteDef } from '../core/types';
import { Layout } from './Layout';

const HomePage = lazy(() => import('./pages/HomePage'));
const ListPage = lazy(() => import('./pages/ListPage'));
const FormPage = lazy(() => import('./pages/FormPage'));
const ExtensionPage = lazy(() => import('./pages/ExtensionPage'));

/** Shown even when the manifest does not route it, so the extension path always has a user. */
const BUILT_IN_ROUTES: RouteDef[] = [{ path: '/about', kind: 'extension', component: 'InfoPage' }];

export function AppRoutes() {
  const manifest = useManifest();
  const declared = new Set(manifest.routes.map((r) => r.path));
  const routes = [...manifest.routes, ...BUILT_IN_ROUTES.filter((r) => !declared.has(r.path))];
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<Navigate to="/home" replace />} />
        {!declared.has('/home') && <Route path="/home" element={<HomePage />} />}
        {routes.map((route) => (
          <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
        ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

function RoutePage({ route }: { route: RouteDef }) {
  const { pathname } = useLocation();
  switch (route.kind) {
    case 'list':
      return <ListPage entityName={route.entity} />;
    case 'form':
      // Keyed by path: after a create the view moves to the edit route and starts from a clean form.
      return <FormPage key={pathname} entityName={route.entity} routePattern={route.path} />;
    case 'extension':
      return <ExtensionPage name={route.component} />;
  }
}
