/**
 * The generic home as a work queue (issue 15 item 1): one card per spec indicator (operations with
 * `indicator:`) the caller may see, with its live count and a link to the page where the items are handled,
 * then shortcuts to the first menu entries the caller may open. Everything comes from the manifest, so an
 * indicator added to the spec shows up here with no shell change.
 */
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useManifest } from '../../core/hooks/useManifest';
import { visibleMenu } from '../../core/navigation';
import { pendingCount } from '../../core/resultCount';
import { useSession } from '../../core/session';
import type { IndicatorDef, ShellDef } from '../../core/types';
import { useIndicatorCount } from '../useIndicatorCount';

/** How many menu entries the shortcuts offer: enough for a day's usual pages, few enough to read at a glance. */
const SHORTCUTS = 6;

export function WorkQueue({ shell }: { shell: ShellDef }) {
  const { indicators, menu, routes } = useManifest();
  const { can, menuRoutes } = useSession();
  // The shell's own pending items: an indicator whose page belongs to another shell is not this one's work.
  const own = new Set(routes.filter((r) => r.shell === shell.name).map((r) => r.path));
  const mine = indicators.filter((i) => can(i.permission) && (!i.route || own.has(i.route)));
  const shortcuts = visibleMenu(menu, (p) => can(p), menuRoutes, shell, routes).flatMap((g) => g.items).slice(0, SHORTCUTS);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">Da fare</Title>
      {mine.length === 0
        ? <Text>Non ci sono attività in attesa per questo utente.</Text>
        : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Attività in attesa">
            {mine.map((i) => <QueueCard key={i.name} indicator={i} />)}
          </SimpleGrid>
        )}
      {shortcuts.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="scorciatoie">
          <Title order={2} size="h4" id="scorciatoie">Accesso rapido</Title>
          <Group gap="xs">
            {shortcuts.map((item) => (
              <Button key={item.route} component={Link} to={item.route} variant="light">{item.label}</Button>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function QueueCard({ indicator }: { indicator: IndicatorDef }) {
  const count = useIndicatorCount(indicator);
  const { route } = indicator;
  return (
    <Card component="li" withBorder padding="md" data-testid={`coda-${indicator.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">{indicator.label}</Title>
          {count !== undefined && (
            <Badge color={count > 0 ? 'red' : 'gray'} variant={count > 0 ? 'filled' : 'light'}>
              {count > 0 ? 'Da fare' : 'Niente da fare'}
            </Badge>
          )}
        </Group>
        {count === undefined
          ? <Skeleton h={28} w={120} aria-label="Caricamento del conteggio" />
          : (
            <Group gap="xs" align="baseline">
              <Text fz={28} fw={700} lh={1} data-testid={`conteggio-${indicator.name}`}>{count}</Text>
              {/* gray.7, not dimmed: dimmed gray is 3.3:1 on white, under the 4.5:1 of WCAG AA. */}
              <Text c="gray.7" size="sm">{pendingCount(count)}</Text>
            </Group>
          )}
        {route && <Anchor component={Link} to={route} size="sm">Apri {indicator.label.toLowerCase()}</Anchor>}
      </Stack>
    </Card>
  );
}
