/**
 * A dashboard (docs/spec-language.md#dashboards; seed 002 §2 "Merchant home" and "statistics dashboard"): the period's
 * totals of the spec's measures as figures, a table per spec table, a column chart per spec chart, and the spec's
 * selector (a store, a bank) in the address, all answered by the dashboard's report over the last `lastDays` days or
 * over the day the user picks (`day`; a chart with `span: month` over that day's month), in the caller's scope (the
 * server's). One request per grouping and span: the charts and tables of one dimension share it, and its totals are
 * the figures. Under 768 px (Mantine's `sm`) figures, tables and charts stack in one column.
 */
import '@mantine/charts/styles.css';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DASHBOARD_DAY_PARAM, lastDaysPeriod, monthOfDay, yesterdayOf } from '../../../../common/dashboard';
import { userMessage } from '../../core/apiError';
import { formatDate } from '../../core/format';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useManifest } from '../../core/hooks/useManifest';
import type { DashboardMeta, DashboardValue, ReportMeta } from '../../core/types';
import { ItalianDateInput } from '../dates/ItalianDateInputs';
import { FilterBar } from '../list/FilterBar';
import { localToday } from '../list/searchPeriod';
import { usePageTitle } from '../pageTitle';
import { reportAnswer, type ReportAnswer } from '../report/reportAnswer';
import { formatMeasure } from '../report/reportFormat';
import { ScrollBox } from '../report/ScrollBox';

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
  // A value whose function the answer says is withheld from the user (the report's valueFunctions) has no column or row.
  const shown = (values: DashboardValue[] | undefined, answer: ReportAnswer | undefined) => values?.filter((o) => !o.function || !answer?.withheld.includes(o.value));
  const [params, setParams] = useSearchParams();
  const selector = report.filters.find((f) => f.field === dashboard.selector);
  const selected = selector ? params.get(selector.param) ?? '' : '';
  const today = localToday();
  // A `day` dashboard's day is in the address (yesterday by default: the last day with all its movements).
  const asked = params.get(DASHBOARD_DAY_PARAM) ?? '';
  const day = dashboard.day ? (/^\d{4}-\d{2}-\d{2}$/.test(asked) && asked <= today ? asked : yesterdayOf(today)) : undefined;
  const { from, to } = useMemo(() => (day ? { from: day, to: day } : lastDaysPeriod(dashboard.lastDays ?? 1, today)), [day, dashboard.lastDays, today]);
  const month = useMemo(() => (day ? monthOfDay(day, today) : undefined), [day, today]);
  // The groupings to ask: `<span>:<dimension>`, the period's (the figures' too) first.
  const groupings = useMemo(() => [...new Set([
    ...dashboard.tables.map((t) => `giorno:${t.dimension}`),
    ...dashboard.charts.map((c) => `${c.span ?? 'giorno'}:${c.dimension}`),
  ])].sort((a, b) => Number(a.startsWith('month:')) - Number(b.startsWith('month:'))), [dashboard.tables, dashboard.charts]);
  // The answers with the query they answer: those of another store or day are not shown while the new ones load.
  const [answered, setAnswered] = useState<{ key: string; answers: Partial<Record<string, ReportAnswer>> } | undefined>();
  const [error, setError] = useState<string | undefined>();

  // The report's query: the days and the selector's value (the generator refuses a dashboard whose report has no period).
  const period = report.period;
  const filter = useMemo(() => (selector && selected ? { [selector.param]: selected } : {}), [selector, selected]);
  const key = JSON.stringify({ from, to, filter });

  useEffect(() => {
    if (!period) return;
    const controller = new AbortController();
    // Without charts or tables the figures still need one answer: the report's default grouping.
    const asking = groupings.length ? groupings : [`giorno:${report.defaultDimension}`];
    Promise.all(asking.map((g) => {
      const [span, per] = g.split(':');
      const [first, last] = span === 'month' && month ? [month.from, month.to] : [from, to];
      const query = { ...filter, [period.from]: first, [period.to]: last, [GROUP_PARAM]: per };
      return provider.requestPath('GET', `/report/${report.path}`, { query, signal: controller.signal }).then((body) => [g, reportAnswer(body)] as const);
    }))
      .then((list) => { setAnswered({ key, answers: Object.fromEntries(list) }); setError(undefined); })
      .catch((e: unknown) => { if (!controller.signal.aborted) setError(userMessage(e)); });
    return () => { controller.abort(); };
  }, [provider, report, period, groupings, from, to, month, filter, key]);

  const answers = answered?.key === key ? answered.answers : undefined;
  const totals = answers ? Object.values(answers)[0]?.totals : undefined;
  const measure = (name: string) => report.measures.find((m) => m.name === name);
  const setParam = (param: string, value: string | undefined) => {
    setParams((p) => { const next = new URLSearchParams(p); if (value) next.set(param, value); else next.delete(param); return next; }, { replace: true });
  };
  return (
    <Stack>
      <Title order={1} size="h2">{dashboard.label}</Title>
      {!day && <Text c="dimmed">{`Dal ${formatDate(from)} al ${formatDate(to)}`}</Text>}
      {(day || selector) && (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {day && (
            <ItalianDateInput label="Giorno" value={day} clearable={false} style={{ width: 170 }} data-testid="dashboard-giorno"
              onChange={(v) => { setParam(DASHBOARD_DAY_PARAM, v); }} />
          )}
          {selector && <FilterBar filters={[selector]} values={selected ? { [selector.param]: selected } : {}} delayMs={delayMs} onChange={setParam} />}
        </Group>
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
      {answers && dashboard.tables.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: Math.min(dashboard.tables.length, 2) }}>
          {dashboard.tables.map((t) => {
            const answer = answers[`giorno:${t.dimension}`];
            const rows = answer?.rows ?? [];
            // Every value (or combination) has its row, 0 without movements; otherwise the groups the answer has.
            const values = shown(t.values, answer);
            const lines = values ? values.map((o) => ({ key: o.value, label: o.label, values: rows.find((r) => r.key === o.value)?.values ?? {} })) : rows;
            return (
              <Paper key={t.dimension} withBorder p={{ base: 'xs', sm: 'md' }} data-testid={`dashboard-table-${t.dimension}`}>
                <Title order={2} size="h4" mb="sm">{t.title}</Title>
                <ScrollBox label={`Tabella: ${t.title}`}>
                  <Table striped withTableBorder horizontalSpacing="xs" fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{report.dimensions.find((d) => d.name === t.dimension)?.label ?? t.dimension}</Table.Th>
                        {t.measures.map((name) => <Table.Th key={name} ta="right">{measure(name)?.label ?? name}</Table.Th>)}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {lines.map((r) => (
                        <Table.Tr key={r.key ?? ''}>
                          <Table.Td>{r.label}</Table.Td>
                          {t.measures.map((name) => {
                            const format = measure(name)?.format ?? 'euro';
                            return <Table.Td key={name} ta="right">{formatMeasure(format, r.values[name] ?? 0)}</Table.Td>;
                          })}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollBox>
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {answers && (
        <SimpleGrid cols={{ base: 1, sm: Math.min(dashboard.charts.length, 3) }}>
          {dashboard.charts.map((chart) => {
            const m = measure(chart.measure);
            const answer = answers[`${chart.span ?? 'giorno'}:${chart.dimension}`];
            const rows = answer?.rows ?? [];
            const format = (v: number) => formatMeasure(m?.format ?? 'euro', v);
            // An enum's every value has its column (0 without rows); otherwise the groups the answer has.
            const values = shown(chart.values, answer);
            const data = values
              ? values.map((o) => ({ name: o.label, value: Number(rows.find((r) => r.key === o.value)?.values[chart.measure] ?? 0) }))
              : rows.map((r) => ({ name: r.label, value: Number(r.values[chart.measure] ?? 0) }));
            return (
              <Paper key={`${chart.dimension}-${chart.measure}`} withBorder p="md" data-testid={`dashboard-chart-${chart.span ? `${chart.span}-` : ''}${chart.measure}`}>
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
