/**
 * "Storico modifiche" under an edit form (issue 5 item 5), for users holding AUDIT:VISUALIZZAZIONE: who
 * changed the row, when, and each field's value before and after, in the form's Italian labels. Read when
 * the panel is opened (and again with "Aggiorna"), newest first.
 */
import { useCallback, useState } from 'react';
import { Accordion, Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { userMessage } from '../../core/apiError';
import { auditChanges, auditKey, OPERATION_LABELS, type AuditEntry } from '../../core/auditChanges';
import { formatDateTime } from '../../core/format';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import type { KeyValues } from '../../core/keys';
import type { FormDef } from '../../core/types';

const PAGE_SIZE = 50;

interface Props {
  form: FormDef;
  editKey: KeyValues;
}

type State = { status: 'idle' | 'loading' } | { status: 'ready'; entries: AuditEntry[]; total: number } | { status: 'error'; message: string };

export function AuditPanel({ form, editKey }: Props) {
  const provider = useDataProvider();
  const [state, setState] = useState<State>({ status: 'idle' });
  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      const page = await provider.api.GET('/audit', {
        params: { query: { entity: form.entity, key: auditKey(form.key, editKey), page: 0, size: PAGE_SIZE } },
      });
      setState({ status: 'ready', entries: page.results, total: page.totalCount });
    } catch (error) {
      setState({ status: 'error', message: userMessage(error) });
    }
  }, [provider, form, editKey]);

  return (
    <Accordion variant="contained" onChange={(value) => { if (value) void load(); }}>
      <Accordion.Item value="storico">
        <Accordion.Control>Storico modifiche</Accordion.Control>
        <Accordion.Panel>
          {state.status === 'loading' && <Loader size="sm" aria-label="Caricamento storico" />}
          {state.status === 'error' && <Alert color="red" title="Errore">{state.message}</Alert>}
          {state.status === 'ready' && (
            <Stack gap="md">
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {state.total === 0 ? 'Nessuna modifica registrata' : state.total > state.entries.length ? `Ultime ${state.entries.length} modifiche di ${state.total}` : `${state.total} modifiche`}
                </Text>
                <Button size="xs" variant="default" onClick={() => void load()}>Aggiorna</Button>
              </Group>
              {state.entries.map((entry) => <AuditEntryView key={entry.id} entry={entry} form={form} />)}
            </Stack>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

function AuditEntryView({ entry, form }: { entry: AuditEntry; form: FormDef }) {
  const changes = auditChanges(entry, form.schema, form.uiSchema);
  return (
    <Stack gap={4} data-testid="voce-storico">
      <Group gap="xs">
        <Text size="sm" fw={600}>{formatDateTime(entry.changedAt)}</Text>
        <Text size="sm">{entry.username ?? 'sistema'}</Text>
        <Badge variant="light">{OPERATION_LABELS[entry.operation]}{entry.transition ? `: ${entry.transition}` : ''}</Badge>
      </Group>
      {changes.length === 0
        ? <Text size="sm" c="dimmed">Nessun campo modificato</Text>
        : (
          <Table withTableBorder striped fz="sm">
            <Table.Thead>
              <Table.Tr><Table.Th>Campo</Table.Th><Table.Th>Prima</Table.Th><Table.Th>Dopo</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {changes.map((c) => (
                <Table.Tr key={c.field}>
                  <Table.Td>{c.label}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{c.before}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{c.after}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
    </Stack>
  );
}
