/**
 * /security/ruoli: pick one of the user's groups (GET users/me/gruppi) and list its roles
 * (GET gruppi/{groupName}/ruoli). A row opens the role editor; 'Nuovo ruolo' needs GES_RUOLI:CREAZIONE. The groups
 * above the user's own come too, marked read-only: their roles are the ones the user's group inherits.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { userMessage } from '../../src/core/apiError';
import type { GroupRow } from '../../src/core/authApi';
import { fillRoute } from '../../src/core/keys';
import { useSession } from '../../src/core/session';
import { groupLabel, groupsAbove } from './groupsAbove';
import { ROLE_ROUTE, useRoleApi, type Role } from './roleApi';

export default function RuoliPage() {
  const session = useSession();
  const roles = useRoleApi();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [groups, setGroups] = useState<GroupRow[] | null>(null);
  // The roles of the group last listed: another group's show as not loaded yet.
  const [listed, setListed] = useState<{ groupName: string; rows: Role[] } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const groupName = params.get('gruppo') ?? '';
  const rows = listed?.groupName === groupName ? listed.rows : null;
  const above = groupsAbove(groups ?? [], session.user?.group);

  useEffect(() => {
    let live = true;
    session.api.myGroups().then(
      (list) => {
        if (!live) return;
        setGroups(list);
        if (!groupName && list.length) {
          const own = list.find((g) => g.groupName === session.user?.group) ?? list[0];
          setParams({ gruppo: own.groupName }, { replace: true });
        }
      },
      (err: unknown) => live && setError(err),
    );
    return () => { live = false; };
    // Groups are loaded once per visit; the selected group lives in the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a group chosen later must not reload the groups
  }, [session.api]);

  useEffect(() => {
    if (!groupName) return;
    const controller = new AbortController();
    roles.list(groupName, controller.signal).then(
      (list) => { setListed({ groupName, rows: list }); setError(null); },
      (err: unknown) => { if (!controller.signal.aborted) setError(err); },
    );
    return () => controller.abort();
  }, [roles, groupName]);

  const open = (roleName?: string) => { void navigate(fillRoute(ROLE_ROUTE, { groupName, roleName })); };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">Ruoli</Title>
        {groupName && groups && !above.has(groupName) && session.can('GES_RUOLI:CREAZIONE') && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => open()}>Nuovo ruolo</Button>
        )}
      </Group>
      <Select
        label="Gruppo"
        maw={480}
        searchable
        allowDeselect={false}
        nothingFoundMessage="Nessun gruppo"
        data={(groups ?? []).map((g) => ({ value: g.groupName, label: groupLabel(g, above.has(g.groupName)) }))}
        value={groupName || null}
        onChange={(value) => value && setParams({ gruppo: value })}
      />
      {error != null && <Alert color="red" title="Errore">{userMessage(error)}</Alert>}
      {groupName && rows === null && error == null && <Center p="xl"><Loader aria-label="Caricamento" /></Center>}
      {rows && rows.length === 0 && <Text c="dimmed">Nessun ruolo definito per il gruppo {groupName}.</Text>}
      {rows && rows.length > 0 && (
        <Table highlightOnHover striped withTableBorder>
          <Table.Thead>
            <Table.Tr><Table.Th>Ruolo</Table.Th><Table.Th>Descrizione</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.roleName} style={{ cursor: 'pointer' }} onClick={() => open(r.roleName)}>
                <Table.Td>{r.roleName}</Table.Td>
                <Table.Td>{r.description ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
