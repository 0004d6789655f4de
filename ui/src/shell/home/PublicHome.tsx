/**
 * A public home for a visitor (seed 000 §2: /home opens without a login): the ways in, one login page per shell
 * (spec/ui/pages.yaml `shells`), and the pages anyone may open (the manifest's public routes), all from the
 * manifest. Nothing here calls the API.
 */
import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useManifest } from '../../core/hooks/useManifest';
import { loginPath } from '../../core/navigation';

export function PublicHome() {
  const { shells, routes } = useManifest();
  const open = routes.filter((r) => r.public && r.kind === 'extension' && !r.path.includes(':'));
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">Benvenuto</Title>
      <Text>
        Il portale per l'acquiring con carta delle banche di credito cooperativo: le banche vi gestiscono esercenti,
        terminali POS, magazzino e utenti; gli esercenti consultano movimenti, fatture e contratti.
      </Text>
      <Stack gap="xs" component="section" aria-labelledby="accesso">
        <Title order={2} size="h4" id="accesso">Accedi</Title>
        <Group gap="sm">
          {shells.map((s) => (
            <Button key={s.name} component={Link} to={loginPath(s.loginRealm)} variant="light">{s.loginTitle}</Button>
          ))}
        </Group>
      </Stack>
      {open.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="pagine-pubbliche">
          <Title order={2} size="h4" id="pagine-pubbliche">Pagine consultabili senza accesso</Title>
          <List>
            {open.map((r) => (
              <List.Item key={r.path}><Anchor component={Link} to={r.path}>{r.kind === 'extension' ? r.title : r.path}</Anchor></List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
