/**
 * /anagrafiche/notificautenti (seed 000 §2 GES_NOTIFICA_UTENTI, §7 "Notifications to users: find, insert,
 * delete, insertAll and deleteAll with {userId, abi}"): who receives each bank's notifications. The list is
 * the NotificaUtente entity (30 per page, filters userId and abi); the writes are the custom operations,
 * each answering its Italian message, shown as a banner. A removal asks first, naming whose (issue 15 item 4).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { userMessage } from '../../src/core/apiError';
import type { ListResult } from '../../src/core/dataProvider';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { useEntityMeta } from '../../src/core/hooks/useManifest';
import { useSession } from '../../src/core/session';
import { useBanners } from '../../src/shell/banners';
import { useModals } from '../../src/shell/modals/modalsContext';

interface Assignment { userId: string; abi: string }
type Filters = { userId: string; abi: string };
const PERMISSION = 'GES_NOTIFICA_UTENTI';
const NO_FILTERS: Filters = { userId: '', abi: '' };

export default function NotificaUtentiPage() {
  const meta = useEntityMeta('NotificaUtente');
  const api = useDataProvider();
  const session = useSession();
  const banners = useBanners();
  const modals = useModals();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ results: Assignment[]; totalCount: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [userId, setUserId] = useState('');
  const [abi, setAbi] = useState('');
  const canCreate = session.can(`${PERMISSION}:CREAZIONE`);
  const canDelete = session.can(`${PERMISSION}:CANCELLAZIONE`);

  const fetchPage = useCallback((target: number, applied: Filters) => api.list(meta, { page: target - 1, size: meta.pageSize, filters: applied }), [api, meta]);
  const show = useCallback((target: number, answer: ListResult) => {
    setRows({ results: answer.results.map((r) => ({ userId: String(r.userId), abi: String(r.abi) })), totalCount: answer.totalCount });
    setPage(target);
    setError(null);
  }, []);
  const fail = useCallback((err: unknown) => setError(userMessage(err)), []);

  /** A page with the filters as typed now ('Cerca', paging, after a write). */
  const load = async (target: number) => {
    try {
      show(target, await fetchPage(target, filters));
    } catch (err) {
      fail(err);
    }
  };

  // The first page once, unfiltered; the filters apply on 'Cerca'.
  useEffect(() => {
    void fetchPage(1, NO_FILTERS).then((answer) => show(1, answer), fail);
  }, [fetchPage, show, fail]);

  /** A removal runs only once the user confirms it, in words that say whose notifications stop. */
  const removeAfterAsking = async (message: string, write: () => Promise<{ message: string; count?: number }>) => {
    if (await modals.confirm({ title: 'Conferma rimozione', message, confirmLabel: 'Rimuovi', cancelLabel: 'Annulla', destructive: true })) await run(write);
  };

  /** Runs one write, shows its message (success or refusal) and reloads the current page. */
  const run = async (write: () => Promise<{ message: string; count?: number }>) => {
    try {
      const answer = await write();
      banners.success(answer.count === undefined ? answer.message : `${answer.message} (${answer.count})`);
      await load(page);
    } catch (err) {
      banners.error(userMessage(err));
    }
  };

  return (
    <Stack>
      <Title order={1} size="h2">Notifiche utenti</Title>
      <Group align="flex-end">
        <TextInput label="Utente" value={filters.userId} onChange={(e) => setFilters({ ...filters, userId: e.currentTarget.value })} />
        <TextInput label="Codice ABI" value={filters.abi} onChange={(e) => setFilters({ ...filters, abi: e.currentTarget.value })} />
        <Button onClick={() => void load(1)}>Cerca</Button>
      </Group>
      {canCreate ? (
        <Group align="flex-end">
          <TextInput label="Utente da assegnare" value={userId} onChange={(e) => setUserId(e.currentTarget.value)} />
          <TextInput label="ABI della banca" value={abi} onChange={(e) => setAbi(e.currentTarget.value)} />
          <Button onClick={() => void run(() => api.api.POST('/usersnotification', { body: { userId: userId.trim(), abi: abi.trim() } }))}>Assegna</Button>
          <Button variant="default" disabled={!abi.trim()} onClick={() => void run(() => api.api.POST('/usersnotificationall/{abi}', { params: { path: { abi: abi.trim() } } }))}>
            Assegna a tutti gli utenti della banca
          </Button>
          {canDelete ? (
            <Button color="red" variant="light" disabled={!abi.trim()} onClick={() => void removeAfterAsking(
              `Tutti gli utenti della banca ${abi.trim()} smetteranno di ricevere le notifiche della banca. Rimuovere tutte le assegnazioni?`,
              () => api.api.DELETE('/usersnotificationall/{abi}', { params: { path: { abi: abi.trim() } } }),
            )}>
              Rimuovi tutti gli utenti della banca
            </Button>
          ) : null}
        </Group>
      ) : null}
      {error ? <Alert color="red" role="alert">{error}</Alert> : null}
      {rows ? (
        <>
          <Text size="sm">Totale: {rows.totalCount}</Text>
          <Table striped>
            <Table.Thead><Table.Tr><Table.Th>Utente</Table.Th><Table.Th>Codice ABI</Table.Th><Table.Th /></Table.Tr></Table.Thead>
            <Table.Tbody>
              {rows.results.map((r) => (
                <Table.Tr key={`${r.userId}/${r.abi}`}>
                  <Table.Td>{r.userId}</Table.Td>
                  <Table.Td>{r.abi}</Table.Td>
                  <Table.Td>
                    {canDelete ? (
                      <Button size="xs" color="red" variant="subtle" onClick={() => void removeAfterAsking(
                        `L'utente ${r.userId} smetterà di ricevere le notifiche della banca ${r.abi}. Rimuovere l'assegnazione?`,
                        () => api.api.DELETE('/usersnotification/{userId}/{abi}', { params: { path: { userId: r.userId, abi: r.abi } } }),
                      )}>Rimuovi</Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {rows.totalCount > meta.pageSize ? (
            <Pagination total={Math.ceil(rows.totalCount / meta.pageSize)} value={page} onChange={(p) => void load(p)} />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
