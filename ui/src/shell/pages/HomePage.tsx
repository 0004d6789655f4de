/**
 * /home (seed 000 §2): each kind of user lands on its own page (core/navigation homeLanding). When that page
 * is not routed yet, or the user may not open it, the welcome text stays, so `/` -> `/home` never loops.
 */
import { Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { useManifest } from '../../core/hooks/useManifest';
import { BUSINESS_HOME, homeLanding } from '../../core/navigation';
import { useSession } from '../../core/session';
import { usePageTitle } from '../pageTitle';

export default function HomePage() {
  usePageTitle('Home');
  const { routes, landing } = useManifest();
  const session = useSession();
  if (session.user) {
    const target = homeLanding(session.user, (p) => session.can(p), landing, routes);
    // The business home is the shell's own route; any other target must be a route the user may open.
    const route = routes.find((r) => r.path === target);
    if (target && (target === BUSINESS_HOME || (route && session.can(route.permission)))) return <Navigate to={target} replace />;
  }
  return (
    <Stack>
      <Title order={2}>Benvenuto</Title>
      <Text>Seleziona una voce dal menu per iniziare.</Text>
    </Stack>
  );
}
