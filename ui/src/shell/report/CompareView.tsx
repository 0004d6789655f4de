/**
 * A report comparing two periods (docs/spec-language.md#period-comparison; seed 002 §2 "Year/month comparison"):
 * the kind of period and the two periods (only concluded months are offered, seed 002 §5), the spec's filters, the
 * charts with the two periods' bars side by side, and a table of both periods and the change in % per measure.
 * Everything lives in the address, so a reload or a shared link shows the same.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { COMPARE_KIND_PARAM, COMPARE_PARAMS, QUARTER_LABELS, latestComparableMonth, monthLabel, type CompareKind } from '../../../../common/report-compare';
import { userMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useStableValue } from '../../core/hooks/useStableValue';
import { twoDecimalsFormat } from '../../core/numberFormats';
import { ReportExportButton } from './ReportExportButton';
import type { ReportMeta } from '../../core/types';
import { FilterBar } from '../list/FilterBar';
import { localToday } from '../list/searchPeriod';
import { compareAnswer, type CompareAnswer } from './compareAnswer';
import { formatMeasure } from './reportFormat';
import { ScrollBox } from './ScrollBox';

type Compare = NonNullable<ReportMeta['compare']>;
const KIND_LABELS: Record<CompareKind, string> = { anno: 'Anno', trimestre: 'Trimestre', mese: 'Mese' };
/** How many years (and months) back the pickers reach. */
const YEARS_BACK = 10;

/** A change in %, or "n.d." where the base period has nothing to compare with. */
function formatChange(value: number | null | undefined): string {
  if (typeof value !== 'number') return 'n.d.';
  return `${value > 0 ? '+' : ''}${twoDecimalsFormat.format(value)}%`;
}

/** The periods the page opens with: the latest concluded one next to the same one a year before. */
function defaults(kind: CompareKind, latest: string): Record<string, string> {
  const year = Number(latest.slice(0, 4));
  if (kind === 'mese') return { meseAnno1: latest, meseAnno2: `${year - 1}${latest.slice(4)}` };
  if (kind === 'anno') return { anno1: String(year), anno2: String(year - 1) };
  const quarter = String(Math.ceil(Number(latest.slice(5, 7)) / 3));
  return { anno1: String(year), trimestre1: quarter, anno2: String(year - 1), trimestre2: quarter };
}

export function CompareView({ report, compare, delayMs }: { report: ReportMeta; compare: Compare; delayMs: number }) {
  const provider = useDataProvider();
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(params.entries()), [params]);
  const latest = latestComparableMonth(localToday(), compare.settleDays);
  const kind = compare.kinds.find((k) => k === values[COMPARE_KIND_PARAM]) ?? compare.kinds[0];
  const periodParams: string[] = kind === 'mese' ? [...COMPARE_PARAMS.mese] : kind === 'anno' ? [...COMPARE_PARAMS.anno] : [...COMPARE_PARAMS.anno, ...COMPARE_PARAMS.trimestre];
  const missing = periodParams.some((p) => !values[p]);

  // The page opens on the default periods of the kind, written into the address.
  useEffect(() => {
    if (!missing) return;
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(defaults(kind, latest))) if (!next.get(k)) next.set(k, v);
      return next;
    }, { replace: true });
  }, [missing, kind, latest, setParams]);

  const query = useStableValue(useMemo(() => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')), [values]));
  const [answer, setAnswer] = useState<CompareAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (missing) return;
    const controller = new AbortController();
    provider.requestPath('GET', `/report/${report.path}`, { query: { ...query, [COMPARE_KIND_PARAM]: kind }, signal: controller.signal })
      .then((body) => { setAnswer(compareAnswer(body)); setError(undefined); })
      .catch((e: unknown) => { if (!controller.signal.aborted) { setError(userMessage(e)); setAnswer(undefined); } });
    return () => { controller.abort(); };
  }, [provider, report.path, query, kind, missing]);

  const set = (changes: Record<string, string | undefined>) => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) if (v) next.set(k, v); else next.delete(k);
      return next;
    }, { replace: true });
  };
  const filterValues = Object.fromEntries(Object.entries(values).filter(([k]) => report.filters.some((f) => f.param === k)));
  const years = Array.from({ length: YEARS_BACK }, (_, i) => String(Number(latest.slice(0, 4)) - i));
  const months = Array.from({ length: YEARS_BACK * 12 }, (_, i) => {
    const d = new Date(Date.UTC(Number(latest.slice(0, 4)), Number(latest.slice(5, 7)) - 1 - i, 1)).toISOString().slice(0, 7);
    return { value: d, label: monthLabel(d) };
  });
  const picker = (param: string, label: string, data: { value: string; label: string }[] | string[]) => (
    <Select key={param} label={label} data={data} value={values[param] ?? null} allowDeselect={false} searchable
      onChange={(v) => { set({ [param]: v ?? undefined }); }} style={{ width: 170 }} data-testid={`confronto-${param}`} />
  );
  const periodPickers = [0, 1].flatMap((i) => {
    const n = `${i + 1}° periodo`;
    if (kind === 'mese') return [picker(COMPARE_PARAMS.mese[i], `${n}: mese`, months)];
    const year = picker(COMPARE_PARAMS.anno[i], `${n}: anno`, years);
    if (kind === 'anno') return [year];
    return [year, picker(COMPARE_PARAMS.trimestre[i], `${n}: trimestre`, QUARTER_LABELS.map((l, q) => ({ value: String(q + 1), label: l })))];
  });

  return (
    <Stack>
      <Title order={1} size="h2">{report.label}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <FilterBar filters={report.filters} values={filterValues} delayMs={delayMs} onChange={(param, value) => { set({ [param]: value }); }}
            leading={(
              <>
                <Select label="Confronta per" data={compare.kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))} value={kind} allowDeselect={false}
                  onChange={(v) => { set({ [COMPARE_KIND_PARAM]: v ?? undefined }); }} style={{ width: 150 }} data-testid="confronto-tipo" />
                {periodPickers}
              </>
            )} />
          <Text size="sm" c="dimmed">{`Si confrontano i mesi conclusi, fino a ${monthLabel(latest)}.`}</Text>
        </Stack>
      </Paper>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {!answer && !error && <Loader aria-label="Caricamento" />}
      {answer && !error && <CompareResult report={report} answer={answer} query={{ ...query, [COMPARE_KIND_PARAM]: kind }} />}
    </Stack>
  );
}

/** `query`: what the page asked, so the file holds the comparison on screen. */
function CompareResult({ report, answer, query }: { report: ReportMeta; answer: CompareAnswer; query: Record<string, string> }) {
  const [one, two] = answer.periodi;
  const title = `${one.label} rispetto a ${two.label}`;
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {report.charts.map((chart) => {
          const measure = report.measures.find((m) => m.name === chart.measure);
          const format = (v: number) => formatMeasure(measure?.format ?? 'euro', v);
          const data = answer.rows.map((r) => ({ name: r.label, periodo1: r.periodo1[chart.measure] ?? 0, periodo2: r.periodo2[chart.measure] ?? 0 }));
          const spoken = data.map((d) => `${d.name} ${format(d.periodo1)} contro ${format(d.periodo2)}`).join('; ');
          return (
            <Paper key={chart.measure} withBorder p="md" data-testid={`confronto-grafico-${chart.measure}`}>
              <Title order={2} size="h4" mb="sm">{`${chart.title}: ${title}`}</Title>
              {/* The chart is a picture: its label reads the figures, and the table carries them as text (WCAG 1.1.1). */}
              <div role="img" aria-label={`${chart.title}, ${one.label} e ${two.label}: ${spoken}`}>
                <BarChart h={260} data={data} dataKey="name" valueFormatter={format} withLegend tickLine="y"
                  series={[{ name: 'periodo1', label: one.label, color: 'blue.6' }, { name: 'periodo2', label: two.label, color: 'orange.6' }]} />
              </div>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">{`${report.label}: ${title}`}</Title>
          <ReportExportButton report={report} query={query} disabled={answer.rows.length === 0} />
        </Group>
        <ScrollBox label={`Tabella: ${report.label}, ${title}`}>
          <Table striped withTableBorder horizontalSpacing="xs" fz="sm" data-testid="confronto-tabella">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Mese</Table.Th>
                {report.measures.flatMap((m) => [
                  <Table.Th key={`${m.name}1`} ta="right">{`${m.label} ${one.label}`}</Table.Th>,
                  <Table.Th key={`${m.name}2`} ta="right">{`${m.label} ${two.label}`}</Table.Th>,
                  <Table.Th key={`${m.name}v`} ta="right">{`Variazione ${m.label.toLowerCase()}`}</Table.Th>,
                ])}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>{r.label}</Table.Td>
                  {report.measures.flatMap((m) => [
                    <Table.Td key={`${m.name}1`} ta="right">{formatMeasure(m.format, r.periodo1[m.name])}</Table.Td>,
                    <Table.Td key={`${m.name}2`} ta="right">{formatMeasure(m.format, r.periodo2[m.name])}</Table.Td>,
                    <Table.Td key={`${m.name}v`} ta="right">{formatChange(r.variazione[m.name])}</Table.Td>,
                  ])}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Totale</Table.Th>
                {report.measures.flatMap((m) => [
                  <Table.Th key={`${m.name}1`} ta="right">{formatMeasure(m.format, answer.totals.periodo1[m.name])}</Table.Th>,
                  <Table.Th key={`${m.name}2`} ta="right">{formatMeasure(m.format, answer.totals.periodo2[m.name])}</Table.Th>,
                  <Table.Th key={`${m.name}v`} ta="right">{formatChange(answer.totals.variazione[m.name])}</Table.Th>,
                ])}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollBox>
      </Paper>
    </>
  );
}
