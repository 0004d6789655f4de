/**
 * The header's 'Notifiche' button and its history popup (seed 000 §7 GET notifiche/storico, §9 "10 per page,
 * maximum page window 4"): a date range, the user's notifications newest first, the total and at most
 * `pageWindow` page numbers at once. Page size and window come from the manifest (the spec).
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { ApiError, userMessage } from '../../core/apiError';
import { formatDate } from '../../core/format';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useManifest } from '../../core/hooks/useManifest';
import type { QueuedNotification } from '../../core/notificationQueue';
import { pageCount, pageWindow } from '../../core/pageWindow';
import { useSession } from '../../core/session';
import type { Manifest } from '../../core/types';
import { ItalianDateInput } from '../dates/ItalianDateInputs';

interface HistoryRow extends QueuedNotification { dataInizio: string; dataFine?: string | null }
interface HistoryPage { results: HistoryRow[]; totalCount: number }
interface DateRange { dataDa: string; dataA: string }
const NO_DATES: DateRange = { dataDa: '', dataA: '' };

export function NotificationHistoryButton() {
  const session = useSession();
  const [opened, setOpened] = useState(false);
  if (!session.user) return null;
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconBell size={16} />} onClick={() => setOpened(true)}>Notifiche</Button>
      {opened ? <NotificationHistory onClose={() => setOpened(false)} /> : null}
    </>
  );
}

/** The history popup; the phone header opens it from its user menu. */
export function NotificationHistory({ onClose }: { onClose: () => void }) {
  const api = useDataProvider();
  const manifest = useManifest();
  // The query defaults of the operations the spec declares: this one's may be missing.
  const queryDefaults: Partial<Manifest['queryDefaults']> = manifest.queryDefaults;
  const pageSize = Number(queryDefaults.storicoNotifiche?.pageDimension);
  const windowSize = manifest.pageWindow ?? Number.POSITIVE_INFINITY;
  const [dataDa, setDataDa] = useState('');
  const [dataA, setDataA] = useState('');
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<HistoryPage | undefined>();
  const [error, setError] = useState<{ field?: string; message: string } | undefined>();

  const fetchPage = useCallback((target: number, range: DateRange, signal?: AbortSignal) => api.api.GET('/notifiche/storico', {
    params: { query: { dataDa: range.dataDa || undefined, dataA: range.dataA || undefined, currentPage: target, pageDimension: Number.isFinite(pageSize) ? pageSize : undefined } },
    signal,
  }), [api, pageSize]);
  const show = useCallback((target: number, res: HistoryPage) => {
    setAnswer(res);
    setPage(target);
    setError(undefined);
  }, []);
  const fail = useCallback((err: unknown) => {
    const detail = err instanceof ApiError ? err.details[0] : undefined;
    setError(detail ? { field: detail.field, message: detail.message } : { message: userMessage(err) });
  }, []);

  /** A page on the user's request, with the dates as typed now. */
  const load = async (target: number) => {
    try {
      show(target, await fetchPage(target, { dataDa, dataA }));
    } catch (err) {
      fail(err);
    }
  };

  // The first page once, on opening, with no dates; later pages and filters on the user's request (not on each keystroke).
  useEffect(() => {
    const c = new AbortController();
    void fetchPage(1, NO_DATES, c.signal).then((res) => show(1, res), (err: unknown) => { if (!c.signal.aborted) fail(err); });
    return () => c.abort();
  }, [fetchPage, show, fail]);

  const pages = answer ? pageCount(answer.totalCount, Number.isFinite(pageSize) ? pageSize : Math.max(1, answer.results.length)) : 0;
  const numbers = pageWindow(page, pages, windowSize);
  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);

  return (
    <Modal opened onClose={onClose} title="Storico notifiche" size="lg" centered>
      <Stack>
        <Group align="flex-end">
          <ItalianDateInput label="Dal" value={dataDa} onChange={(v) => setDataDa(v ?? '')} error={fieldError('dataDa')} />
          <ItalianDateInput label="Al" value={dataA} onChange={(v) => setDataA(v ?? '')} error={fieldError('dataA')} />
          <Button onClick={() => void load(1)}>Cerca</Button>
        </Group>
        {error && !error.field ? <Alert color="red" role="alert">{error.message}</Alert> : null}
        {answer ? (
          <>
            <Text size="sm" data-testid="notification-history-total">Totale: {answer.totalCount}</Text>
            {answer.results.length ? (
              <Table striped>
                <Table.Thead><Table.Tr><Table.Th>Data</Table.Th><Table.Th>Titolo</Table.Th><Table.Th>Messaggio</Table.Th><Table.Th>Allegato</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {answer.results.map((n) => (
                    <Table.Tr key={n.id}>
                      <Table.Td>{formatDate(n.dataInizio)}</Table.Td>
                      <Table.Td>{n.titolo}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{n.messaggio}</Table.Td>
                      <Table.Td>{n.nomeFile ? `${n.nomeFile}${n.versione ? ` (${n.versione})` : ''}` : ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : <Text c="dimmed">Nessuna notifica</Text>}
            {pages > 1 ? (
              <Group gap={4} aria-label="Pagine">
                <Button size="xs" variant="default" disabled={page <= 1} onClick={() => void load(page - 1)} aria-label="Pagina precedente">‹</Button>
                {numbers.map((p) => (
                  <Button key={p} size="xs" variant={p === page ? 'filled' : 'default'} aria-current={p === page ? 'page' : undefined} onClick={() => void load(p)}>{p}</Button>
                ))}
                <Button size="xs" variant="default" disabled={page >= pages} onClick={() => void load(page + 1)} aria-label="Pagina successiva">›</Button>
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
