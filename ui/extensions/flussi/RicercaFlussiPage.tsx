/**
 * /assistenza/FTMerc (seed 000 §2 RIC_FTMERC, §5, §7, §9): search of the feed records by terminal id,
 * contract or free text between two dates (from one month ago by default), 20 per page, with the detail
 * and the download of a record's line. Types, modes and which types force the terminal id are the spec's
 * (manifest `queryEnums.ricercaFlussi`); the API picks the feed and answers which one (`entity`).
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { defaultFeedSearchFrom } from '../../../common/flussi-dates';
import { userMessage } from '../../src/core/apiError';
import { formatDate } from '../../src/core/format';
import { ItalianDateInput } from '../../src/shell/dates/ItalianDateInputs';
import { useDataProvider } from '../../src/core/hooks/useDataProvider';
import { useManifest } from '../../src/core/hooks/useManifest';
import type { QueryEnum, Row } from '../../src/core/types';
import type { operations } from '../../../generated/types/api';
import { saveFile } from '../../src/core/saveFile';
import { textOf } from '../../../common/text';

const OP = 'ricercaFlussi';
/** The search's query: `tipo` and `modalita` are the spec's codes, offered from the manifest's `queryEnums`. */
type Query = operations[typeof OP]['parameters']['query'];
/** What each feed shows in the result table (field, column title). */
const COLUMNS: Record<string, [string, string][]> = {
  FlussoFileRecord: [['nomeFile', 'Nome file'], ['numRiga', 'Riga'], ['tipoRecord', 'Tipo record'], ['data', 'Data'], ['detailType', 'Tipo dettaglio'], ['termid', 'Codice terminale']],
  FlussoBancaRecord: [['fileName', 'Nome file'], ['termid', 'Codice terminale'], ['dataRif', 'Data di riferimento'], ['ragioneSociale', 'Ragione sociale'], ['tipoRichiesta', 'Tipo richiesta'], ['stato', 'Stato'], ['modello', 'Modello'], ['msgErrore', 'Messaggio di errore']],
};
/** Every field of the two records, for the detail. */
const LABELS: Record<string, string> = {
  nomeFile: 'Nome file', fileName: 'Nome file', numRiga: 'Riga', tipoRecord: 'Tipo record', data: 'Data', detailType: 'Tipo dettaglio',
  codAbi: 'Codice ABI', termid: 'Codice terminale', numContratto: 'Contratto', dataRif: 'Data di riferimento', ragioneSociale: 'Ragione sociale',
  tipoRichiesta: 'Tipo richiesta', stato: 'Stato', modello: 'Modello', fattDir: 'Fatturazione diretta', msgErrore: 'Messaggio di errore',
  note: 'Note', tipoIntervento: 'Tipo intervento', termidSubentro: 'Codice terminale di subentro', contenuto: 'Contenuto della riga',
};
const localToday = () => { const d = new Date(); return new Date(d.getTime() - d.getTimezoneOffset() * 60_000); };

interface Answer { entity: string; results: Row[]; totalCount: number }

export default function RicercaFlussiPage() {
  const manifest = useManifest();
  const api = useDataProvider();
  // The manifest has the operation's inputs when the spec declares them; any of them may be missing.
  const inputs: Partial<Record<string, QueryEnum>> = manifest.queryEnums[OP] ?? {};
  const defaults = manifest.queryDefaults[OP] ?? {};
  const size = Number(defaults.size ?? 20);
  const choices = (name: string) => (inputs[name]?.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  const [tipo, setTipo] = useState<string | null>(choices('tipo')[0]?.value ?? null);
  const [modalita, setModalita] = useState<string | null>(textOf(defaults.modalita ?? 'T'));
  const [valore, setValore] = useState('');
  const [dataDa, setDataDa] = useState(defaultFeedSearchFrom(localToday()));
  const [dataA, setDataA] = useState(localToday().toISOString().slice(0, 10));
  const [page, setPage] = useState(0);
  const [answer, setAnswer] = useState<Answer>();
  const [error, setError] = useState<string>();
  const [detail, setDetail] = useState<Row>();
  // The spec's `soloTerminale` types are searched by the mode of the `termid` group only.
  const groups = (name: string): Partial<Record<string, string[]>> => inputs[name]?.groups ?? {};
  const forced = tipo !== null && (groups('tipo').soloTerminale ?? []).includes(tipo);
  const mode = forced ? (groups('modalita').termid?.[0] ?? modalita) : modalita;

  // The codes offered are the manifest's, which are the spec's codes of the operation's query (both generated).
  const offered = (name: string, value: string | null) => value !== null && choices(name).some((o) => o.value === value);
  const isTipo = (value: string | null): value is Query['tipo'] => offered('tipo', value);
  const isModalita = (value: string | null): value is NonNullable<Query['modalita']> => offered('modalita', value);

  const search = async (p: number) => {
    if (!isTipo(tipo)) return;
    setError(undefined);
    try {
      const res = await api.api.GET('/flussi/ricerca', { params: { query: { tipo, modalita: isModalita(mode) ? mode : undefined, valore, dataDa: dataDa || undefined, dataA: dataA || undefined, page: p, size } } });
      setAnswer(res);
      setPage(p);
    } catch (e) {
      setError(userMessage(e));
    }
  };
  // The API answers which feed the records are of (`feed`); each has its own detail and download operations.
  const download = async (feed: string, r: Row) => {
    try {
      const { blob, fileName } = feed === 'FlussoFileRecord'
        ? await api.api.download('/flussi/file/{nomeFile}/{numRiga}/download', { params: { path: { nomeFile: String(r.nomeFile), numRiga: Number(r.numRiga) } } })
        : await api.api.download('/flussi/banca/{id}/download', { params: { path: { id: String(r.id) } } });
      saveFile(blob, fileName);
    } catch (e) {
      setError(userMessage(e));
    }
  };
  const openDetail = async (feed: string, r: Row) => {
    try {
      setDetail(feed === 'FlussoFileRecord'
        ? await api.api.GET('/flussi/file/{nomeFile}/{numRiga}', { params: { path: { nomeFile: String(r.nomeFile), numRiga: Number(r.numRiga) } } })
        : await api.api.GET('/flussi/banca/{id}', { params: { path: { id: String(r.id) } } }));
    } catch (e) { setError(userMessage(e)); }
  };
  const columns = answer ? COLUMNS[answer.entity] ?? [] : [];
  const cell = (field: string, v: unknown) => (field.startsWith('data') && typeof v === 'string' ? formatDate(v) : v === null || v === undefined ? '' : textOf(v));

  return (
    <Stack>
      <Title order={1} size="h2">Ricerca flussi terminali</Title>
      <form onSubmit={(e) => { e.preventDefault(); void search(0); }}>
        <Group align="end">
          <Select label={inputs.tipo?.label ?? 'Tipo'} data={choices('tipo')} value={tipo} onChange={setTipo} allowDeselect={false} />
          <Select label={inputs.modalita?.label ?? 'Ricerca per'} data={choices('modalita')} value={mode} onChange={setModalita} disabled={forced} allowDeselect={false} />
          <TextInput label="Valore" required value={valore} onChange={(e) => setValore(e.currentTarget.value)} />
          <ItalianDateInput label="Dal" value={dataDa} onChange={(v) => setDataDa(v ?? '')} />
          <ItalianDateInput label="Al" value={dataA} onChange={(v) => setDataA(v ?? '')} />
          <Button type="submit" disabled={valore.trim() === ''}>Cerca</Button>
        </Group>
      </form>
      {error ? <Alert color="red">{error}</Alert> : null}
      {answer ? (
        <>
          <Text>{answer.totalCount === 0 ? 'Nessun risultato' : `${answer.totalCount} risultati`}</Text>
          {answer.totalCount > 0 ? (
            <Table striped>
              <Table.Thead><Table.Tr>{columns.map(([f, l]) => <Table.Th key={f}>{l}</Table.Th>)}<Table.Th /></Table.Tr></Table.Thead>
              <Table.Tbody>
                {answer.results.map((r, i) => (
                  <Table.Tr key={i}>
                    {columns.map(([f]) => <Table.Td key={f}>{cell(f, r[f])}</Table.Td>)}
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => void openDetail(answer.entity, r)}>Dettaglio</Button>
                        <Button size="xs" variant="default" onClick={() => void download(answer.entity, r)}>Scarica</Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
          {answer.totalCount > size ? <Pagination total={Math.ceil(answer.totalCount / size)} value={page + 1} onChange={(p) => void search(p - 1)} /> : null}
        </>
      ) : null}
      <Modal opened={detail !== undefined} onClose={() => setDetail(undefined)} title="Dettaglio del record" size="lg">
        <Table>
          <Table.Tbody>
            {Object.entries(detail ?? {}).filter(([k]) => LABELS[k]).map(([k, v]) => (
              <Table.Tr key={k}><Table.Th>{LABELS[k]}</Table.Th><Table.Td>{typeof v === 'boolean' ? (v ? 'Si' : 'No') : cell(k, v)}</Table.Td></Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}
