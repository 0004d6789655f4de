/**
 * A shell's home (spec/ui/pages.yaml `shells` `home`, seed 000 §2). A user of another shell goes to its own
 * shell's home; a user whose landing is another route it may open goes there (core/navigation homeLanding);
 * otherwise the home is the dashboard the spec declares at the home's route (docs/spec-language.md#dashboards:
 * the merchant's figures of seed 002 §2) when the user may see it, else the work queue (the pending items of the
 * spec's indicators), so `/` -> home never loops. A visitor on a public home (`publicHome`) sees the welcome and the ways in.
 */
import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { useManifest } from '../../core/hooks/useManifest';
import { homeLanding, shellOfUser } from '../../core/navigation';
import { useSession } from '../../core/session';
import type { ShellDef } from '../../core/types';
import { PublicHome } from '../home/PublicHome';
import { WorkQueue } from '../home/WorkQueue';
import { usePageTitle } from '../pageTitle';

const DashboardPage = lazy(() => import('./DashboardPage'));

export default function HomePage({ shell }: { shell: ShellDef }) {
  const { routes, shells } = useManifest();
  const session = useSession();
  const user = session.user;
  const dashboard = routes.find((r) => r.path === shell.home && r.kind === 'dashboard');
  const showsDashboard = dashboard?.kind === 'dashboard' && session.can(dashboard.permission);
  usePageTitle(!user ? 'Benvenuto' : showsDashboard ? dashboard.title : 'Da fare');
  if (!user) return <PublicHome />;
  const own = shellOfUser(shells, user);
  if (own.name !== shell.name) return <Navigate to={own.home} replace />;
  const target = homeLanding(user, (p) => session.can(p), shell, routes);
  // Any target but the home itself must be a route the user may open; otherwise the work queue below.
  const route = routes.find((r) => r.path === target);
  if (target && target !== shell.home && route && session.can(route.permission)) return <Navigate to={target} replace />;
  if (showsDashboard) return <DashboardPage name={dashboard.dashboard} />;
  return <WorkQueue shell={shell} />;
}
