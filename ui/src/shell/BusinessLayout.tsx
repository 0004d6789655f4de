/** The merchant-business frame (/wpbusiness/...): its own header, no bank-side menu. */
import { Anchor, AppShell, Group, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BUSINESS_HOME } from '../core/navigation';
import { UserBox } from './auth/UserBox';
import { RoutedPage } from './Layout';

export function BusinessLayout() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={3}>
            <Anchor component={Link} to={BUSINESS_HOME} inherit c="inherit" underline="never">WebPOS Business</Anchor>
          </Title>
          <UserBox />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <RoutedPage />
      </AppShell.Main>
    </AppShell>
  );
}
