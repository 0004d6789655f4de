/**
 * The maintenance ticket's form actions (seed 000 §4, §7, §8): 'Messaggi' shows the thread exchanged with the
 * assistance; 'Rispondi' (only on a ticket in a suspended status, spec group `sospesi` of its `stato`, and
 * for holders of ANAG_MANUTENZIONI:AGGIORNAMENTO) sends insertRisposta and shows the API's message
 * ('Risposta inviata correttamente'). The server checks the same and answers 409 otherwise.
 */
import { useState } from 'react';
import { Button, Modal, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import { userMessage } from '../../src/core/apiError';
import { formatDateTime } from '../../src/core/format';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { useEntityMeta } from '../../src/core/hooks/useManifest';
import { useSession } from '../../src/core/session';
import type { FormActionProps } from '../../src/core/types';
import { useModals } from '../../src/shell/modals/modalsContext';
import { textOf } from '../../../common/text';

export const REPLY_PERMISSION = 'ANAG_MANUTENZIONI:AGGIORNAMENTO';

interface Messaggio { progressivo: number; tipo: string; motivo?: string | null; testo: string; autore: string; data: string }

export function TicketMessagesAction({ editKey }: FormActionProps) {
  const api = useDataProvider();
  const [thread, setThread] = useState<Messaggio[] | null>(null);
  const [error, setError] = useState<string>();
  const numero = editKey?.numeroTicket;
  if (!numero) return null;
  const open = async () => {
    setError(undefined);
    try {
      setThread((await api.api.GET('/manutenzioni/ticket/{numeroTicket}/messaggi', { params: { path: { numeroTicket: numero } } })).results);
    } catch (e) {
      setError(userMessage(e));
      setThread([]);
    }
  };
  return (
    <>
      <Button variant="light" onClick={() => void open()}>Messaggi</Button>
      <Modal opened={thread !== null} onClose={() => setThread(null)} title={`Messaggi del ticket ${numero}`} size="lg">
        {error ? <Text c="red">{error}</Text> : null}
        {thread && thread.length === 0 && !error ? <Text>Nessun messaggio</Text> : null}
        {thread && thread.length > 0 ? (
          <Table striped>
            <Table.Thead><Table.Tr><Table.Th>Data</Table.Th><Table.Th>Da</Table.Th><Table.Th>Tipo</Table.Th><Table.Th>Testo</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {thread.map((m) => (
                <Table.Tr key={m.progressivo}>
                  <Table.Td>{formatDateTime(m.data)}</Table.Td><Table.Td>{m.autore}</Table.Td>
                  <Table.Td>{m.tipo === 'R' ? 'Risposta' : 'Domanda'}</Table.Td><Table.Td>{m.testo}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Modal>
    </>
  );
}

export function TicketReplyAction({ record }: FormActionProps) {
  const session = useSession();
  const api = useDataProvider();
  const modals = useModals();
  const stato = useEntityMeta('TicketManutenzione').columns.find((c) => c.field === 'stato');
  const [opened, setOpened] = useState(false);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [risposta, setRisposta] = useState('');
  const [motivo, setMotivo] = useState('');
  const suspended = record !== undefined && (stato?.groups?.sospesi ?? []).includes(String(record.stato));
  if (!suspended || sent || !session.can(REPLY_PERMISSION)) return null;

  const send = async () => {
    setBusy(true);
    try {
      const answer = await api.api.POST('/manutenzioni/risposta', {
        body: { idchiamata: String(record.idchiamata), termid: String(record.termId), risposta, ...(motivo ? { motivo } : {}) },
      });
      setOpened(false);
      setSent(true);
      await modals.success(answer.message);
    } catch (e) {
      await modals.error(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button onClick={() => { setMotivo(textOf(record.motivo ?? '')); setOpened(true); }}>Rispondi</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Risposta all'assistenza" size="lg">
        <Stack>
          {record.domanda ? <Text><b>Domanda:</b> {textOf(record.domanda)}</Text> : null}
          <TextInput label="Motivo" value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />
          <Textarea label="Risposta" required autosize minRows={4} value={risposta} onChange={(e) => setRisposta(e.currentTarget.value)} />
          <Button loading={busy} disabled={risposta.trim() === ''} onClick={() => void send()}>Invia risposta</Button>
        </Stack>
      </Modal>
    </>
  );
}
