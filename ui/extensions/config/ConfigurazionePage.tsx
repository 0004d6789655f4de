/**
 * /sistema/configurazione (GES_CONFIG): the configuration keys of spec/platform/config.yaml with the value in
 * force and the default; an administrator (GES_CONFIG:AGGIORNAMENTO) changes a value or puts the default
 * back. The server checks type and format and answers in Italian under the field; both changes are audited.
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ApiError, userMessage } from '../../src/core/apiError';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { useManifest } from '../../src/core/hooks/useManifest';
import { useSession } from '../../src/core/session';
import { useBanners } from '../../src/shell/banners';
import { useModals } from '../../src/shell/modals/modalsContext';
import { configValueToEdit, configValueToSend, showConfigValue, type ConfigEntry } from './configDisplay';

export default function ConfigurazionePage() {
  const provider = useDataProvider();
  const session = useSession();
  const banners = useBanners();
  const modals = useModals();
  const [entries, setEntries] = useState<ConfigEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<ConfigEntry | undefined>();
  const canChange = session.can('GES_CONFIG:AGGIORNAMENTO');
  // The spec's texts (spec/platform/operazioni-piattaforma.yaml), not the page's.
  const { successMessages } = useManifest();

  const load = useCallback(() => {
    provider.api.GET('/config').then((list) => { setEntries(list); setError(null); }, setError);
  }, [provider]);
  useEffect(load, [load]);

  const reset = async (entry: ConfigEntry) => {
    if (!(await modals.yesNo({ title: entry.label, message: `Riportare la chiave ${entry.key} al valore predefinito (${showConfigValue(entry.type, entry.defaultValue)})?` }))) return;
    try {
      await provider.api.DELETE('/config/{key}', { params: { path: { key: entry.key } } });
      banners.success(successMessages.resetConfig);
      load();
    } catch (err) {
      banners.error(userMessage(err));
    }
  };

  if (error) return <Alert color="red" role="alert">{userMessage(error)}</Alert>;
  if (!entries) return <Center p="xl"><Loader /></Center>;
  return (
    <Stack>
      <Title order={1} size="h2">Configurazione</Title>
      {/* On a phone the table scrolls inside its own box, not the page. */}
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Chiave</Table.Th>
              <Table.Th>Valore in vigore</Table.Th>
              <Table.Th>Predefinito</Table.Th>
              {canChange && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.key} data-key={entry.key}>
                <Table.Td>
                  <Text fw={500}>{entry.label}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">{entry.key}</Text>
                  {entry.description && <Text size="xs" c="dimmed">{entry.description}</Text>}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Text>{showConfigValue(entry.type, entry.value)}</Text>
                    {entry.overridden && <Badge size="sm" variant="light">Modificato</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td><Text c="dimmed">{showConfigValue(entry.type, entry.defaultValue)}</Text></Table.Td>
                {canChange && (
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setEditing(entry)}>Modifica</Button>
                      {entry.overridden && <Button size="xs" variant="subtle" onClick={() => void reset(entry)}>Ripristina</Button>}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <ConfigEditor entry={editing} onClose={() => setEditing(undefined)} onSaved={() => { setEditing(undefined); banners.success(successMessages.setConfig); load(); }} />}
    </Stack>
  );
}

/** One value in a modal, with the input its type calls for; the server's refusal stays under the field. */
function ConfigEditor({ entry, onClose, onSaved }: { entry: ConfigEntry; onClose: () => void; onSaved: () => void }) {
  const provider = useDataProvider();
  const [typed, setTyped] = useState(configValueToEdit(entry.type, entry.value));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setFieldError(undefined);
    try {
      await provider.api.PUT('/config/{key}', { params: { path: { key: entry.key } }, body: { value: configValueToSend(entry.type, typed) } });
      onSaved();
    } catch (err) {
      setFieldError(err instanceof ApiError && err.details.length ? err.details.map((d) => d.message).join('; ') : userMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const common = { label: 'Valore', error: fieldError, 'data-autofocus': true };
  return (
    <Modal opened onClose={onClose} title={entry.label} centered>
      <Text size="xs" c="dimmed" ff="monospace" mb="sm">{entry.key}</Text>
      {entry.type === 'boolean' ? (
        <Select {...common} data={[{ value: 'true', label: 'Sì' }, { value: 'false', label: 'No' }]} value={typed || null} onChange={(v) => setTyped(v ?? '')} allowDeselect={false} />
      ) : entry.type === 'list' ? (
        <Textarea {...common} description="Un valore per riga" autosize minRows={3} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      ) : (
        <TextInput {...common} type={entry.type === 'date' ? 'date' : entry.type === 'integer' ? 'number' : 'text'} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={saving}>Annulla</Button>
        <Button onClick={() => void save()} loading={saving}>Salva</Button>
      </Group>
    </Modal>
  );
}
