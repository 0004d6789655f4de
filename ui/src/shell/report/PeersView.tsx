/**
 * A report comparing the caller with its peers (docs/spec-language.md#peer-comparison; seed 002 §2 "sector
 * comparison with charts", §3 annoMeseDa, annoMeseA, catMerc, provincia, regione, codNegozio, tipoGrafico): the month
 * range (the last 12 concluded months by default), the trait and the narrowings the server offers (the caller's own),
 * the spec's filters, the figure the charts show, then one chart and table per dimension with the caller's bars next
 * to the peers' average. The server's errorMessage (too few peers) is shown instead of figures (seed 002 §8).
 * Everything lives in the address, so a reload or a shared link shows the same.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BarChart } from '@mantine/charts';
import { Alert, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { monthLabel } from '../../../../common/report-compare';
import { PEERS_FROM_PARAM, PEERS_TO_PARAM, defaultPeerMonths } from '../../../../common/report-peers';
import { userMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useStableValue } from '../../core/hooks/useStableValue';
import type { ReportMeta } from '../../core/types';
import { FilterBar } from '../list/FilterBar';
import { localToday } from '../list/searchPeriod';
import { peersAnswer, type PeersAnswer } from './peersAnswer';
import { formatMeasure } from './reportFormat';
import { ScrollBox } from './ScrollBox';

type Peers = NonNullable<ReportMeta['peers']>;
/** Seed 002 §3 tipoGrafico: which figure the charts draw. */
const CHART_PARAM = 'tipoGrafico';
/** How many years back the month pickers reach. */
const YEARS_BACK = 5;
const OWN = 'I propri dati';
const SECTOR = 'Media del settore';

export function PeersView({ report, peers, delayMs }: { report: ReportMeta; peers: Peers; delayMs: number }) {
  const provider = useDataProvider();
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(params.entries()), [params]);
  const today = localToday();
  const missing = !values[PEERS_FROM_PARAM] || !values[PEERS_TO_PARAM];

  // The page opens on the last concluded months (seed 002 §9 "one year back"), written into the address.
  useEffect(() => {
    if (!missing) return;
    const { from, to } = defaultPeerMonths(today, peers.maxMonths);
    setParams((p) => { const next = new URLSearchParams(p); next.set(PEERS_FROM_PARAM, from); next.set(PEERS_TO_PARAM, to); return next; }, { replace: true });
  }, [missing, today, peers.maxMonths, setParams]);

  const asked = useMemo(() => Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== CHART_PARAM && v !== '')), [values]);
  const query = useStableValue(asked);
  const [answer, setAnswer] = useState<PeersAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (missing) return;
    const controller = new AbortController();
    provider.requestPath('GET', `/report/${report.path}`, { query, signal: controller.signal })
      .then((body) => { setAnswer(peersAnswer(body)); setError(undefined); })
      .catch((e: unknown) => { if (!controller.signal.aborted) { setError(userMessage(e)); setAnswer(undefined); } });
    return () => { controller.abort(); };
  }, [provider, report.path, query, missing]);

  const set = (changes: Record<string, string | undefined>) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) if (v) next.set(k, v); else next.delete(k);
      return next;
    }, { replace: true });
  };
  const measure = report.measures.find((m) => m.name === values[CHART_PARAM]) ?? report.measures[0];
  const filterValues = Object.fromEntries(Object.entries(values).filter(([k]) => report.filters.some((f) => f.param === k)));
  const latest = defaultPeerMonths(today, 1).to;
  const months = Array.from({ length: YEARS_BACK * 12 + 1 }, (_, i) => {
    const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - i, 1)).toISOString().slice(0, 7);
    return { value: d, label: monthLabel(d) };
  });
  const monthPicker = (param: string, label: string) => (
    <Select key={param} label={label} data={months} value={values[param] ?? null} allowDeselect={false} searchable
      onChange={(v) => { set({ [param]: v ?? undefined }); }} style={{ width: 170 }} data-testid={`settore-${param}`} />
  );
  // The trait and the narrowings: the options are the caller's own, as the last answer gave them.
  const choicePickers = peers.params.map((p) => {
    const options = answer?.opzioni[p.param] ?? [];
    const value = answer ? answer.scelte[p.param] : params.get(p.param);
    return (
      <Select key={p.param} label={p.label} data={options} value={value} allowDeselect={!p.required} clearable={!p.required}
        placeholder={p.required ? undefined : 'Tutte'} onChange={(v) => { set({ [p.param]: v ?? undefined }); }}
        style={{ width: p.required ? 260 : 170 }} data-testid={`settore-${p.param}`} />
    );
  });

  return (
    <Stack>
      <Title order={1} size="h2">{report.label}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <FilterBar filters={report.filters} values={filterValues} delayMs={delayMs} onChange={(param, value) => { set({ [param]: value }); }}
            leading={(
              <>
                {monthPicker(PEERS_FROM_PARAM, 'Dal mese')}
                {monthPicker(PEERS_TO_PARAM, 'Al mese')}
                {choicePickers}
                <Select label="Grafico" data={report.measures.map((m) => ({ value: m.name, label: m.label }))} value={measure.name} allowDeselect={false}
                  onChange={(v) => { set({ [CHART_PARAM]: v ?? undefined }); }} style={{ width: 190 }} data-testid="settore-tipoGrafico" />
              </>
            )} />
          <Text size="sm" c="dimmed">
            {`La media del settore è quella di un esercente della stessa categoria, esclusi i propri negozi; si mostra solo se comprende almeno ${peers.minimum} altri esercenti. Mesi conclusi fino a ${monthLabel(latest)}.`}
          </Text>
        </Stack>
      </Paper>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {!answer && !error && <Loader aria-label="Caricamento" />}
      {answer && !error && answer.errorMessage && <Alert color="orange" role="alert" data-testid="settore-messaggio">{answer.errorMessage}</Alert>}
      {answer && !error && !answer.errorMessage && <PeersResult report={report} minimum={peers.minimum} answer={answer} measureName={measure.name} />}
    </Stack>
  );
}

function PeersResult({ report, minimum, answer, measureName }: { report: ReportMeta; minimum: number; answer: PeersAnswer; measureName: string }) {
  const measure = report.measures.find((m) => m.name === measureName) ?? report.measures[0];
  const format = (v: number | null | undefined) => (typeof v === 'number' ? formatMeasure(measure.format, v) : 'n.d.');
  return (
    <>
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <Title order={2} size="h4" mb="sm">{`Totale ${answer.periodo.label}`}</Title>
        <ScrollBox label={`Tabella: totali, ${answer.periodo.label}`}>
          <Table withTableBorder horizontalSpacing="xs" fz="sm" data-testid="settore-totali">
            <Table.Thead>
              <Table.Tr><Table.Th />{report.measures.map((m) => <Table.Th key={m.name} ta="right">{m.label}</Table.Th>)}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr><Table.Th scope="row">{OWN}</Table.Th>{report.measures.map((m) => <Table.Td key={m.name} ta="right">{formatMeasure(m.format, answer.totali.proprio[m.name])}</Table.Td>)}</Table.Tr>
              <Table.Tr><Table.Th scope="row">{SECTOR}</Table.Th>{report.measures.map((m) => <Table.Td key={m.name} ta="right">{averageOf(m.format, answer.totali.settore?.[m.name])}</Table.Td>)}</Table.Tr>
            </Table.Tbody>
          </Table>
        </ScrollBox>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {answer.gruppi.map((g) => {
          const data = g.rows.map((r) => ({ name: r.label, proprio: r.proprio[measure.name] ?? 0, settore: r.settore?.[measure.name] ?? 0 }));
          const spoken = g.rows.map((r) => `${r.label} ${format(r.proprio[measure.name])} contro ${format(r.settore?.[measure.name])}`).join('; ');
          const title = `${measure.label} per ${g.label.toLowerCase()}`;
          return (
            <Paper key={g.dimension} withBorder p="md" data-testid={`settore-grafico-${g.dimension}`}>
              <Title order={2} size="h4" mb="sm">{title}</Title>
              {/* The chart is a picture: its label reads the figures, and the table carries them as text (WCAG 1.1.1). */}
              <div role="img" aria-label={`${title}, ${OWN.toLowerCase()} e ${SECTOR.toLowerCase()}: ${spoken}`}>
                <BarChart h={240} data={data} dataKey="name" valueFormatter={(v) => formatMeasure(measure.format, v)} withLegend tickLine="y"
                  series={[{ name: 'proprio', label: OWN, color: 'blue.6' }, { name: 'settore', label: SECTOR, color: 'orange.6' }]} />
              </div>
              <ScrollBox label={`Tabella: ${title}`}>
                <Table striped withTableBorder horizontalSpacing="xs" fz="sm" mt="sm">
                  <Table.Thead>
                    <Table.Tr><Table.Th>{g.label}</Table.Th><Table.Th ta="right">{OWN}</Table.Th><Table.Th ta="right">{SECTOR}</Table.Th></Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {g.rows.map((r) => (
                      <Table.Tr key={r.key}>
                        <Table.Td>{r.label}</Table.Td>
                        <Table.Td ta="right">{format(r.proprio[measure.name])}</Table.Td>
                        <Table.Td ta="right">{averageOf(measure.format, r.settore?.[measure.name])}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollBox>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Text size="sm" c="dimmed">{`n.d.: meno di ${String(minimum)} altri esercenti in quel periodo, giorno o fascia, per riservatezza.`}</Text>
    </>
  );
}

/** A peers' average: counts too have decimals (12,50 transactions a month on average); none where too few peers. */
function averageOf(format: ReportMeta['measures'][number]['format'], value: number | null | undefined): string {
  if (typeof value !== 'number') return 'n.d.';
  return formatMeasure(format === 'integer' ? 'decimal' : format, value);
}
