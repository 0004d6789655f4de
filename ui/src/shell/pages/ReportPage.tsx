/**
 * A report's page (docs/spec-language.md#reports; seed 002 §2 turnover statistics): the filters of the spec with its
 * period, the grouping, a table of the groups with their labels and figures (euro with comma decimals) and totals,
 * and the spec's charts. Filters and grouping live in the address, so a reload or a shared link shows the same.
 */
import '@mantine/charts/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Box, Group, Loader, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { defaultPeriod, periodRefusal } from '../../../../common/search-period';
import { userMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useManifest } from '../../core/hooks/useManifest';
import { useStableValue } from '../../core/hooks/useStableValue';
import type { ReportMeta } from '../../core/types';
import { resultCount } from '../../core/resultCount';
import { FilterBar } from '../list/FilterBar';
import { localToday } from '../list/searchPeriod';
import { WindowPager } from '../list/WindowPager';
import { CompareView } from '../report/CompareView';
import { PeersView } from '../report/PeersView';
import { ReportChart } from '../report/ReportChart';
import { reportAnswer, type ReportAnswer } from '../report/reportAnswer';
import { ReportExportButton } from '../report/ReportExportButton';
import { formatMeasure } from '../report/reportFormat';
import { ScrollBox } from '../report/ScrollBox';
import { usePageTitle } from '../pageTitle';

const GROUP_PARAM = 'per';
/** A paged report's page (spec `paging`), from 1, in the address as the API takes it. */
const PAGE_PARAM = 'pagina';

export default function ReportPage({ name }: { name: string }) {
  const manifest = useManifest();
  const report: ReportMeta | undefined = manifest.reports?.[name];
  usePageTitle(report?.label ?? name);
  if (!report) return <Alert color="red" role="alert">Report {name} non dichiarato</Alert>;
  // A comparison of two periods (spec `compare`) asks for its periods and shows them side by side.
  if (report.compare) return <CompareView report={report} compare={report.compare} delayMs={manifest.ui.typeaheadDelayMs} />;
  // A comparison with peers (spec `peers`) shows the caller's figures next to the peers' average.
  if (report.peers) return <PeersView report={report} peers={report.peers} delayMs={manifest.ui.typeaheadDelayMs} />;
  return <ReportView report={report} delayMs={manifest.ui.typeaheadDelayMs} />;
}

function ReportView({ report, delayMs }: { report: ReportMeta; delayMs: number }) {
  const provider = useDataProvider();
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(params.entries()), [params]);
  const dimension = report.dimensions.some((d) => d.name === values[GROUP_PARAM]) ? values[GROUP_PARAM] : report.defaultDimension;
  const period = report.period;

  // The page opens on the spec's default period, written into the address.
  useEffect(() => {
    if (!period || values[period.from] || values[period.to]) return;
    const { from, to } = defaultPeriod(period, localToday());
    setParams((p) => { const next = new URLSearchParams(p); next.set(period.from, from); next.set(period.to, to); return next; }, { replace: true });
  }, [period, values, setParams]);

  const filters = useMemo(() => Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== GROUP_PARAM && k !== PAGE_PARAM && v !== '')), [values]);
  // A paged report (spec `paging`) asks the table's page; the charts and the export ask their own rows.
  const paging = report.paging;
  const page = paging ? Math.max(1, Math.floor(Number(values[PAGE_PARAM])) || 1) : undefined;
  const refusal = period ? periodRefusal(period, filters[period.from], filters[period.to]) : undefined;
  const ready = !period || Boolean(filters[period.from] && filters[period.to]);
  const [answer, setAnswer] = useState<ReportAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const query = useStableValue(filters);

  useEffect(() => {
    if (!ready || refusal) return;
    const controller = new AbortController();
    const paged = page !== undefined ? { [PAGE_PARAM]: String(page) } : {};
    provider.requestPath('GET', `/report/${report.path}`, { query: { ...query, [GROUP_PARAM]: dimension, ...paged }, signal: controller.signal })
      .then((body) => { setAnswer(reportAnswer(body)); setError(undefined); })
      .catch((e: unknown) => { if (!controller.signal.aborted) setError(userMessage(e)); });
    return () => { controller.abort(); };
  }, [provider, report.path, dimension, query, ready, refusal, page]);

  // A new filter or grouping means other groups: back to the first page.
  const set = (param: string, value: string | undefined) => {
    setParams((p) => { const next = new URLSearchParams(p); if (value) next.set(param, value); else next.delete(param); next.delete(PAGE_PARAM); return next; }, { replace: true });
  };
  // Another page is a step Back returns from (the list's pager does the same).
  const goToPage = (zeroBased: number) => {
    setParams((p) => { const next = new URLSearchParams(p); if (zeroBased > 0) next.set(PAGE_PARAM, String(zeroBased + 1)); else next.delete(PAGE_PARAM); return next; });
  };
  const dimensionLabel = report.dimensions.find((d) => d.name === dimension)?.label ?? dimension;
  return (
    <Stack>
      <Title order={1} size="h2">{report.label}</Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <FilterBar filters={report.filters} values={filters} delayMs={delayMs} onChange={(param, value) => { set(param, value); }}
            leading={(
              <Select label="Raggruppa per" data={report.dimensions.map((d) => ({ value: d.name, label: d.label }))} value={dimension}
                allowDeselect={false} onChange={(v) => { set(GROUP_PARAM, v ?? undefined); }} style={{ width: 220 }} data-testid="report-per" />
            )} />
          {refusal && <Text c="red" role="alert">{refusal.message}</Text>}
        </Stack>
      </Paper>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {!answer && !error && !refusal && <Loader aria-label="Caricamento" />}
      {answer && !refusal && (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {report.charts.map((c) => <ReportChart key={`${c.type}-${c.dimension}`} report={report} chart={c} query={filters} />)}
          </SimpleGrid>
          <Paper withBorder p={{ base: 'xs', sm: 'md' }}>
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">{`${report.label} per ${dimensionLabel.toLowerCase()}`}</Title>
              {answer.groups !== undefined && <Text size="sm" c="dimmed" data-testid="report-count">{resultCount(answer.groups)}</Text>}
              {answer.truncated && <Text size="sm" c="dimmed">{`Mostrati i primi ${answer.rows.length} raggruppamenti; i totali li comprendono tutti`}</Text>}
              <ReportExportButton report={report} query={{ ...filters, [GROUP_PARAM]: dimension }} disabled={(answer.groups ?? answer.rows.length) === 0} />
            </Group>
            {/* A phone scrolls the table in its own box, which takes the focus so a keyboard scrolls it too (axe scrollable-region-focusable). */}
            <ScrollBox label={`Tabella: ${report.label} per ${dimensionLabel.toLowerCase()}`}>
            <Table striped withTableBorder horizontalSpacing="xs" fz="sm" data-testid="report-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{dimensionLabel}</Table.Th>
                    {report.measures.map((m) => <Table.Th key={m.name} ta="right">{m.label}</Table.Th>)}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.rows.map((r) => (
                    <Table.Tr key={r.key ?? ''}>
                      <Table.Td>{detailHref(report, dimension, r.key, filters)
                        ? <Anchor component={Link} to={detailHref(report, dimension, r.key, filters) ?? ''} aria-label={`${report.detail?.label ?? ''} di ${r.label}`}>{r.label}</Anchor>
                        : r.label}</Table.Td>
                      {report.measures.map((m) => <Table.Td key={m.name} ta="right">{formatMeasure(m.format, r.values[m.name])}</Table.Td>)}
                    </Table.Tr>
                  ))}
                  {answer.rows.length === 0 && <Table.Tr><Table.Td colSpan={report.measures.length + 1}>Nessun risultato trovato</Table.Td></Table.Tr>}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th>Totale</Table.Th>
                    {report.measures.map((m) => <Table.Th key={m.name} ta="right">{formatMeasure(m.format, answer.totals[m.name])}</Table.Th>)}
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ScrollBox>
            {paging && answer.groups !== undefined && (
              <Box mt="sm"><WindowPager page={(answer.page ?? 1) - 1} size={paging.pageSize} totalCount={answer.groups} window={paging.window} onPage={goToPage} /></Box>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}

/**
 * The list of the rows behind a group (spec `detail`): the report's filters and period, plus the group's key as the
 * list's filter (a day: the list's period set to that day); none for a dimension the list cannot filter by.
 */
function detailHref(report: ReportMeta, dimension: string, key: string | null, filters: Record<string, string>): string | undefined {
  const target = report.detail?.params[dimension];
  if (!report.detail || !target || key === null) return undefined;
  const query = new URLSearchParams(filters);
  // A value's own filter, or a day as the list's period from that day to that day.
  if ('param' in target) query.set(target.param, key);
  else for (const bound of [target.from, target.to]) query.set(bound, key);
  return `${report.detail.route}?${query.toString()}`;
}
