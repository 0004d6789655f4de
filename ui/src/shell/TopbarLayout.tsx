/** The `topbar` frame of a shell (spec/ui/pages.yaml `layout: topbar`, the merchant-business one): a header with its menu's links. */
import { Anchor, AppShell, Group, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ShellDef } from '../core/types';
import { UserBox } from './auth/UserBox';
import { RoutedPage } from './RoutedPage';
import { TopbarMenu } from './TopbarMenu';

export function TopbarLayout({ shell }: { shell: ShellDef }) {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={3} fz={{ base: 'md', sm: 'xl' }} style={{ whiteSpace: 'nowrap' }}>
              <Anchor component={Link} to={shell.home} inherit c="inherit" underline="never">{shell.title}</Anchor>
            </Title>
            <TopbarMenu shell={shell} />
          </Group>
          <UserBox />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <RoutedPage />
      </AppShell.Main>
    </AppShell>
  );
}
