/**
 * A dashboard (docs/spec-language.md#dashboards; seed 002 §2 "Merchant home"): the period's totals of the spec's
 * measures as figures, a column chart per spec chart, and the spec's selector (a store) in the address, all
 * answered by the dashboard's report over the last `lastDays` days, in the caller's scope (the server's). One
 * request per grouping: the charts of one dimension share it, and its totals are the figures. Under 768 px
 * (Mantine's `sm`) figures and charts stack in one column.
 */
import '@mantine/charts/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BarChart } from '@mantine/charts';
import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lastDaysPeriod } from '../../../../common/dashboard';
import { userMessage } from '../../core/apiError';
import { formatDate } from '../../core/format';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useManifest } from '../../core/hooks/useManifest';
import type { DashboardMeta, ReportMeta } from '../../core/types';
import { FilterBar } from '../list/FilterBar';
import { localToday } from '../list/searchPeriod';
import { usePageTitle } from '../pageTitle';
import { reportAnswer, type ReportAnswer } from '../report/reportAnswer';
import { formatMeasure } from '../report/reportFormat';

const GROUP_PARAM = 'per';

export default function DashboardPage({ name }: { name: string }) {
  const manifest = useManifest();
  const dashboard: DashboardMeta | undefined = manifest.dashboards?.[name];
  const report: ReportMeta | undefined = dashboard ? manifest.reports?.[dashboard.report] : undefined;
  usePageTitle(dashboard?.label ?? name);
  if (!dashboard || !report) return <Alert color="red" role="alert">Cruscotto {name} non dichiarato</Alert>;
  return <DashboardView dashboard={dashboard} report={report} delayMs={manifest.ui.typeaheadDelayMs} />;
}

function DashboardView({ dashboard, report, delayMs }: { dashboard: DashboardMeta; report: ReportMeta; delayMs: number }) {
  const provider = useDataProvider();
  const [params, setParams] = useSearchParams();
  const selector = report.filters.find((f) => f.field === dashboard.selector);
  const selected = selector ? params.get(selector.param) ?? '' : '';
  const { from, to } = useMemo(() => lastDaysPeriod(dashboard.lastDays, localToday()), [dashboard.lastDays]);
  const dimensions = useMemo(() => [...new Set(dashboard.charts.map((c) => c.dimension))], [dashboard.charts]);
  // The answers with the query they answer: those of another store or day are not shown while the new ones load.
  const [answered, setAnswered] = useState<{ key: string; answers: Partial<Record<string, ReportAnswer>> } | undefined>();
  const [error, setError] = useState<string | undefined>();

  // The report's query: the days and the selector's value (the generator refuses a dashboard whose report has no period).
  const query = useMemo(() => (report.period
    ? { [report.period.from]: from, [report.period.to]: to, ...(selector && selected ? { [selector.param]: selected } : {}) }
    : undefined), [report.period, from, to, selector, selected]);
  const key = JSON.stringify(query ?? null);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    // Without charts the figures still need one answer: the report's default grouping.
    const groupings = dimensions.length ? dimensions : [report.defaultDimension];
    Promise.all(groupings.map((per) => provider.requestPath('GET', `/report/${report.path}`, { query: { ...query, [GROUP_PARAM]: per }, signal: controller.signal })
      .then((body) => [per, reportAnswer(body)] as const)))
      .then((list) => { setAnswered({ key, answers: Object.fromEntries(list) }); setError(undefined); })
      .catch((e: unknown) => { if (!controller.signal.aborted) setError(userMessage(e)); });
    return () => { controller.abort(); };
  }, [provider, report, dimensions, query, key]);

  const answers = answered?.key === key ? answered.answers : undefined;
  const totals = answers ? Object.values(answers)[0]?.totals : undefined;
  const measure = (name: string) => report.measures.find((m) => m.name === name);
  return (
    <Stack>
      <Title order={1} size="h2">{dashboard.label}</Title>
      <Text c="dimmed">{`Dal ${formatDate(from)} al ${formatDate(to)}`}</Text>
      {selector && (
        <FilterBar filters={[selector]} values={selected ? { [selector.param]: selected } : {}} delayMs={delayMs}
          onChange={(param, value) => {
            setParams((p) => { const next = new URLSearchParams(p); if (value) next.set(param, value); else next.delete(param); return next; }, { replace: true });
          }} />
      )}
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {!answers && !error && <Loader aria-label="Caricamento" />}
      {totals && (
        <SimpleGrid cols={{ base: 1, sm: dashboard.figures.length }} data-testid="dashboard-figures">
          {dashboard.figures.map((name) => (
            <Paper key={name} withBorder p="md">
              <Text size="sm" c="dimmed">{measure(name)?.label ?? name}</Text>
              <Text fz="xl" fw={700} data-testid={`dashboard-figure-${name}`}>{formatMeasure(measure(name)?.format ?? 'euro', totals[name]) || '-'}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {answers && (
        <SimpleGrid cols={{ base: 1, sm: Math.min(dashboard.charts.length, 3) }}>
          {dashboard.charts.map((chart) => {
            const m = measure(chart.measure);
            const rows = answers[chart.dimension]?.rows ?? [];
            const format = (v: number) => formatMeasure(m?.format ?? 'euro', v);
            // An enum's every value has its column (0 without rows); otherwise the groups the answer has.
            const data = chart.values
              ? chart.values.map((o) => ({ name: o.label, value: Number(rows.find((r) => r.key === o.value)?.values[chart.measure] ?? 0) }))
              : rows.map((r) => ({ name: r.label, value: Number(r.values[chart.measure] ?? 0) }));
            return (
              <Paper key={`${chart.dimension}-${chart.measure}`} withBorder p="md" data-testid={`dashboard-chart-${chart.measure}`}>
                <Title order={2} size="h4" mb="sm">{chart.title}</Title>
                <div role="img" aria-label={`${chart.title}: ${data.map((d) => `${d.name} ${format(d.value)}`).join('; ')}`}>
                  <BarChart h={220} data={data.map((d) => ({ name: d.name, [chart.measure]: d.value }))} dataKey="name" valueFormatter={format}
                    series={[{ name: chart.measure, label: m?.label ?? chart.measure, color: 'blue.6' }]} tickLine="y"
                    yAxisProps={{ allowDecimals: m?.format !== 'integer' }} />
                </div>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
