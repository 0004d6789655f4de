/**
 * Routes (seed 000 §2), built from the manifest's shells (spec/ui/pages.yaml `shells`). Public: each shell's
 * login page, /resetPassword, the public routes and the public homes. Everything else needs a login: each
 * shell's routes in its own frame (its `layout`), for the kinds of user it is for, each route behind its manifest
 * permission. `/` goes to the home of the shell at `/`, a shell's prefix to its home; an unknown path shows the
 * 404 page, in the caller's frame when logged in (the public frame otherwise). Page kinds are lazy chunks, so the
 * table and form libraries load only on the pages that use them.
 */
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useManifest } from '../core/hooks/useManifest';
import { recordPath } from '../core/keys';
import { defaultShell, loginPath } from '../core/navigation';
import type { EntityMeta, RouteDef, ShellDef } from '../core/types';
import { RequireAuth, RequirePermission, ShellOnly } from './auth/guards';
import { ShellFrame } from './layouts';
import { PublicLayout } from './PublicLayout';
import { NotFoundPage } from './pages/StatusPages';

const HomePage = lazy(() => import('./pages/HomePage'));
const ListPage = lazy(() => import('./pages/ListPage'));
const FormPage = lazy(() => import('./pages/FormPage'));
const ExtensionPage = lazy(() => import('./pages/ExtensionPage'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));

export function AppRoutes() {
  const { routes: declared, shells } = useManifest();
  const main = defaultShell(shells);
  // Paths the shells own: a manifest route with the same path is ignored.
  const shellPaths = new Set(['/', '/login', '/resetPassword', ...shells.flatMap((s) => [loginPath(s.loginRealm), s.home, s.prefix])]);
  const routes = declared.filter((r) => !shellPaths.has(r.path));
  const page = (route: RouteDef) => <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />;
  const home = (shell: ShellDef) => <Route key={shell.home} path={shell.home} element={<HomePage shell={shell} />} />;
  return (
    <Routes>
      <Route path="/" element={<Navigate to={main.home} replace />} />
      <Route path="/login" element={<Navigate to={loginPath(main.loginRealm)} replace />} />
      {shells.map((s) => <Route key={s.name} path={loginPath(s.loginRealm)} element={<LoginPage shell={s} />} />)}
      <Route path="/resetPassword" element={<ResetPasswordPage />} />
      <Route element={<PublicLayout />}>
        {shells.filter((s) => s.publicHome).map(home)}
        {routes.filter((r) => r.public).map(page)}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route element={<RequireAuth />}>
        {shells.map((shell) => (
          <Route key={shell.name} element={<ShellOnly shell={shell}><ShellFrame shell={shell} /></ShellOnly>}>
            {shell.prefix !== '/' && <Route path={shell.prefix} element={<Navigate to={shell.home} replace />} />}
            {!shell.publicHome && home(shell)}
            {routes.filter((r) => !r.public && r.shell === shell.name).map(page)}
          </Route>
        ))}
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
      return <FormPage key={recordPath(route.path, pathname, entities[route.entity]?.key.length ?? 0)} entityName={route.entity} routePattern={route.path} readOnly={route.readOnly ?? false} />;
    case 'extension':
      return <ExtensionPage name={route.component} title={route.title} />;
  }
}
