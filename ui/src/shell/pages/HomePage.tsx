/**
 * /home (seed 000 §2): each kind of user lands on its own page (core/navigation homeLanding). When that page
 * is not routed yet, or the user may not open it, the welcome text stays, so `/` -> `/home` never loops.
 */
import { Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { useManifest } from '../../core/hooks/useManifest';
import { homeLanding } from '../../core/navigation';
import { useSession } from '../../core/session';

export default function HomePage() {
  const { routes } = useManifest();
  const session = useSession();
  if (session.user) {
    const target = homeLanding(session.user, (p) => session.can(p));
    const route = routes.find((r) => r.path === target);
    if (route && session.can(route.permission)) return <Navigate to={target} replace />;
  }
  return (
    <Stack>
      <Title order={2}>Benvenuto</Title>
      <Text>Seleziona una voce dal menu per iniziare.</Text>
    </Stack>
  );
}
