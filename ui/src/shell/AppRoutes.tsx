/**
 * Routes (seed 000 §2), built from the manifest's shells (spec/ui/pages.yaml `shells`). Public: each shell's
 * login page, /resetPassword, the public routes and the public homes. Everything else needs a login: each
 * shell's routes in its own frame (its `layout`), for the kinds of user it is for, each route behind its manifest
 * permission. `/` goes to the home of the shell at `/`, a shell's prefix to its home; an unknown path shows the
 * 404 page, in the caller's frame when logged in (the public frame otherwise). Page kinds are lazy chunks, so the
 * table and form libraries load only on the pages that use them. An address with a single-sign-on or
 * one-time-login query (core/federatedEntry.ts) is the federated entry, whatever its path.
 */
import { lazy, useMemo } from 'react';
import { matchPath, matchRoutes, Navigate, Route, Routes, useLocation, type Params } from 'react-router-dom';
import { loadFormDef } from '../core/artifacts';
import { federatedEntryOf } from '../../../common/federated-entry';
import { shellOwnPaths } from '../../../common/shells';
import { useManifest } from '../core/hooks/useManifest';
import { keyOf, recordPath, type KeyValues } from '../core/keys';
import { defaultShell, loginPath, shellOfPath } from '../core/navigation';
import { grantsOf, holdsAll } from '../core/permissions';
import { routeCandidates } from '../core/routeCandidates';
import { sessionMayExist } from '../core/sessionHint';
import type { EntityMeta, Manifest, RouteDef, ShellDef } from '../core/types';
import { RequireAuth, RequirePermission, ShellOnly } from './auth/guards';
import { preloadFrame, ShellFrame } from './layouts';
import { listTable } from './list/tableChunk';
import { chunk } from './chunk';
import { PublicLayout } from './PublicLayout';
import { NotFoundPage } from './pages/StatusPages';

/** Each page kind's chunk: rendered by the routes below, and the first page's started early (preloadFirstPage). */
const PAGE_CHUNKS = {
  list: chunk(() => import('./pages/ListPage').then((m) => m.default)),
  form: chunk(() => import('./pages/FormPage').then((m) => m.default)),
  extension: chunk(() => import('./pages/ExtensionPage').then((m) => m.default)),
  report: chunk(() => import('./pages/ReportPage').then((m) => m.default)),
  dashboard: chunk(() => import('./pages/DashboardPage').then((m) => m.default)),
  login: chunk(() => import('./auth/LoginPage').then((m) => m.default)),
} as const;

const HomePage = lazy(() => import('./pages/HomePage'));
const ListPage = PAGE_CHUNKS.list.Component;
const FormPage = PAGE_CHUNKS.form.Component;
const ExtensionPage = PAGE_CHUNKS.extension.Component;
const ReportPage = PAGE_CHUNKS.report.Component;
const DashboardPage = PAGE_CHUNKS.dashboard.Component;
const LoginPage = PAGE_CHUNKS.login.Component;
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const FederatedEntryPage = lazy(() => import('./auth/FederatedEntryPage'));

export function AppRoutes() {
  const { routes: declared, shells } = useManifest();
  const { pathname, search } = useLocation();
  // Seed 000 §1: single sign-on and one-time login enter at any address, by query parameters.
  const entry = useMemo(() => federatedEntryOf(search), [search]);
  const main = defaultShell(shells);
  // Paths the shells own: a manifest route with the same path is ignored. Of the others, only those the address
  // could open are declared (core/routeCandidates.ts): the router compiles every route it is given, at every render.
  const shellPaths = shellOwnPaths(shells);
  const routes = routeCandidates(declared.filter((r) => !shellPaths.has(r.path)), pathname);
  if (entry) return <FederatedEntryPage entry={entry} />;
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
    case 'report':
      return <ReportPage name={route.report} />;
    case 'dashboard':
      return <DashboardPage name={route.dashboard} />;
  }
}

/**
 * The chunk (and a form's definition) of the page the address opens, asked before the first render (main.tsx)
 * instead of after users/me, permessi and the guards: on a slow network that is round trips less before the
 * page shows. Only a download: what renders, and whether the user may see it, the routes decide as always.
 */
export function preloadFirstPage({ routes, shells }: Pick<Manifest, 'routes' | 'shells'>, pathname: string): Promise<unknown> {
  // Settles either way: main.tsx waits for it, and a failed download is retried by the page's own lazy path.
  if (shells.some((s) => matchPath(loginPath(s.loginRealm), pathname))) return Promise.allSettled([PAGE_CHUNKS.login.load()]);
  const signedIn = sessionMayExist();
  // The frame of the path's shell (a user of the other shell is sent home, to its own frame: rare).
  const frame = signedIn ? [preloadFrame(shellOfPath(shells, pathname).layout)] : [];
  const route = routeAt(routes, pathname)?.route;
  // Nobody logged in: a reserved page sends to the login, its code is not needed.
  if (!route || (!route.public && !signedIn)) return Promise.allSettled(frame);
  return Promise.allSettled([
    ...frame,
    PAGE_CHUNKS[route.kind].load(),
    ...(route.kind === 'form' ? [loadFormDef(route.entity)] : []),
    ...(route.kind === 'list' ? [listTable.load()] : []),
  ]);
}

/**
 * The record a form's address names (`/anagrafiche/anaBanca/formBanca/30480`), which main.tsx asks for with the
 * page's code (core/firstRecord.ts); none for a create form, another kind of page or nobody logged in.
 */
export function firstRecordOf({ routes, entities }: Pick<Manifest, 'routes' | 'entities'>, pathname: string): { entity: EntityMeta; key: KeyValues } | undefined {
  const at = sessionMayExist() ? routeAt(routes, pathname) : undefined;
  const entity: EntityMeta | undefined = at?.route.kind === 'form' ? entities[at.route.entity] : undefined;
  const key = entity && at && keyOf(entity.key, at.params);
  return entity && key ? { entity, key } : undefined;
}

/**
 * The entity of the list the address opens (`/anagrafiche/anaBanca`), which main.tsx asks for with the page's code
 * (core/firstList.ts) when the session's grants hold the route's and the list's permissions; none otherwise.
 */
export function firstListOf({ routes, entities }: Pick<Manifest, 'routes' | 'entities'>, pathname: string, grants: readonly string[]): EntityMeta | undefined {
  const route = sessionMayExist() ? routeAt(routes, pathname)?.route : undefined;
  const entity: EntityMeta | undefined = route?.kind === 'list' ? entities[route.entity] : undefined;
  return entity && holdsAll(grantsOf(grants), [route?.permission, entity.permissions.list]) ? entity : undefined;
}

/** The route the router opens at `pathname`, by its ranking (a literal segment beats a parameter), with its parameters. */
function routeAt(routes: readonly RouteDef[], pathname: string): { route: RouteDef; params: Params } | undefined {
  const candidates = routeCandidates(routes, pathname);
  const match = matchRoutes(candidates.map((r, i) => ({ path: r.path, id: String(i) })), pathname)?.at(-1);
  const route = match ? candidates.at(Number(match.route.id)) : undefined;
  return route && match ? { route, params: match.params } : undefined;
}
