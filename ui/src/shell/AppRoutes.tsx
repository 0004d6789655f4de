/**
 * Routes (seed 000 §2). Public: the login pages, /resetPassword and the manifest's public routes (/about).
 * Everything else needs a login: classic routes in the bank-side frame, /wpbusiness routes in the business
 * frame, each route behind its manifest permission. `/` goes to `/home`; an unknown path shows the 404 page, in
 * the caller's frame when logged in (the public frame otherwise). Page kinds
 * are lazy chunks, so the table and form libraries load only on the pages that use them.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useLoginRealms, useManifest } from '../core/hooks/useManifest';
import { recordPath } from '../core/keys';
import { BUSINESS_HOME, BUSINESS_PREFIX, isBusinessPath, loginPath } from '../core/navigation';
import type { EntityMeta, RouteDef } from '../core/types';
import { BusinessOnly, ClassicOnly, RequireAuth, RequirePermission } from './auth/guards';
import { BusinessLayout } from './BusinessLayout';
import { Layout } from './Layout';
import { PublicLayout } from './PublicLayout';
import { NotFoundPage } from './pages/StatusPages';

const HomePage = lazy(() => import('./pages/HomePage'));
const BusinessHomePage = lazy(() => import('./pages/BusinessHomePage'));
const ListPage = lazy(() => import('./pages/ListPage'));
const FormPage = lazy(() => import('./pages/FormPage'));
const ExtensionPage = lazy(() => import('./pages/ExtensionPage'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));

/** Shown even when the manifest does not route it, so the extension path always has a user. */
const BUILT_IN_ROUTES: RouteDef[] = [{ path: '/about', kind: 'extension', component: 'InfoPage', title: 'Informazioni', public: true }];

export function AppRoutes() {
  const manifest = useManifest();
  const realms = useLoginRealms();
  // Paths the shell owns: a manifest route with the same path is ignored.
  const shellPaths = new Set(['/', '/home', '/login', loginPath(realms.bank), loginPath(realms.merchant), '/resetPassword', BUSINESS_HOME]);
  const declared = new Set(manifest.routes.map((r) => r.path));
  const routes = [...manifest.routes, ...BUILT_IN_ROUTES.filter((r) => !declared.has(r.path))].filter((r) => !shellPaths.has(r.path));
  const publicRoutes = routes.filter((r) => r.public);
  const classic = routes.filter((r) => !r.public && !isBusinessPath(r.path));
  const business = routes.filter((r) => !r.public && isBusinessPath(r.path));
  const page = (route: RouteDef) => <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />;
  return (
    <Routes>
      <Route path="/login" element={<Navigate to={loginPath(realms.bank)} replace />} />
      <Route path={loginPath(realms.bank)} element={<LoginPage userType={realms.bank} />} />
      <Route path={loginPath(realms.merchant)} element={<LoginPage userType={realms.merchant} />} />
      <Route path="/resetPassword" element={<ResetPasswordPage />} />
      <Route element={<PublicLayout />}>
        {publicRoutes.map(page)}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        <Route element={<ClassicOnly><Layout /></ClassicOnly>}>
          <Route path="/" element={<Navigate to="/home" replace />} />
          <Route path="/home" element={<HomePage />} />
          {classic.map(page)}
        </Route>
        <Route element={<BusinessOnly><BusinessLayout /></BusinessOnly>}>
          <Route path={BUSINESS_PREFIX} element={<Navigate to={BUSINESS_HOME} replace />} />
          <Route path={BUSINESS_HOME} element={<BusinessHomePage />} />
          {business.map(page)}
        </Route>
      </Route>
    </Routes>
  );
}

function RoutePage({ route }: { route: RouteDef }) {
  return (
    <RequirePermission permission={route.public ? undefined : route.permission}>
      <RouteContent route={route} />
    </RequirePermission>
  );
}

function RouteContent({ route }: { route: RouteDef }) {
  const { pathname } = useLocation();
  const entities: Partial<Record<string, EntityMeta>> = useManifest().entities;
  switch (route.kind) {
    case 'list':
      return <ListPage entityName={route.entity} />;
    case 'form':
      // Keyed by the record: after a create the view moves to the edit route and starts from a clean form;
      // a tab opened further down the same record's route (:negozio?, :posid?) keeps the page.
      return <FormPage key={recordPath(route.path, pathname, entities[route.entity]?.key.length ?? 0)} entityName={route.entity} routePattern={route.path} />;
    case 'extension':
      return <ExtensionPage name={route.component} title={route.title} />;
  }
}
