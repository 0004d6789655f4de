/**
 * /home (seed 000 §2): each kind of user lands on its own page (core/navigation homeLanding). A user whose
 * landing is /home itself, or whose landing page is not routed or not open to it, stays on the work queue
 * (the pending items of the spec's indicators), so `/` -> `/home` never loops.
 */
import { Navigate } from 'react-router-dom';
import { useManifest } from '../../core/hooks/useManifest';
import { BUSINESS_HOME, HOME, homeLanding } from '../../core/navigation';
import { useSession } from '../../core/session';
import { WorkQueue } from '../home/WorkQueue';
import { usePageTitle } from '../pageTitle';

export default function HomePage() {
  usePageTitle('Da fare');
  const { routes, landing } = useManifest();
  const session = useSession();
  if (session.user) {
    const target = homeLanding(session.user, (p) => session.can(p), landing, routes);
    // The business home is the shell's own route; any other target must be a route the user may open. A
    // landing on /home itself is the work queue below.
    const route = routes.find((r) => r.path === target);
    if (target && target !== HOME && (target === BUSINESS_HOME || (route && session.can(route.permission)))) return <Navigate to={target} replace />;
  }
  return <WorkQueue />;
}
