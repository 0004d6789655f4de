/**
 * One chart of a report (spec `charts:`): a pie or a bar chart (@mantine/charts on recharts) of one measure by one
 * dimension, at most its `limit` items. The chart is a picture: its aria-label names it, and the table beside it
 * carries the same figures as text (WCAG 1.1.1).
 */
import { useEffect, useState } from 'react';
import { BarChart, PieChart } from '@mantine/charts';
import { Alert, Loader, Paper, Text, Title } from '@mantine/core';
import { userMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useStableValue } from '../../core/hooks/useStableValue';
import type { ReportMeta } from '../../core/types';
import { reportAnswer, type ReportAnswer } from './reportAnswer';
import { formatMeasure } from './reportFormat';

const COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'green.6', 'red.6', 'cyan.6', 'yellow.6', 'indigo.6', 'pink.6', 'lime.6', 'violet.6'];

interface Props { report: ReportMeta; chart: ReportMeta['charts'][number]; query: Record<string, string> }

export function ReportChart({ report, chart, query }: Props) {
  const provider = useDataProvider();
  const [answer, setAnswer] = useState<ReportAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const measure = report.measures.find((m) => m.name === chart.measure);
  const filters = useStableValue(query);

  useEffect(() => {
    const controller = new AbortController();
    provider.requestPath('GET', `/report/${report.path}`, { query: { ...filters, per: chart.dimension, limite: chart.limit }, signal: controller.signal })
      .then((body) => { setAnswer(reportAnswer(body)); setError(undefined); })
      .catch((e: unknown) => { if (!controller.signal.aborted) setError(userMessage(e)); });
    return () => { controller.abort(); };
  }, [provider, report.path, chart.dimension, chart.limit, filters]);

  const format = (v: number) => formatMeasure(measure?.format ?? 'euro', v);
  const data = (answer?.rows ?? []).map((r, i) => ({ name: r.label, value: Number(r.values[chart.measure] ?? 0), color: COLORS[i % COLORS.length] }));
  return (
    <Paper withBorder p="md" data-testid={`report-chart-${chart.type}-${chart.dimension}`}>
      <Title order={2} size="h4" mb="sm">{chart.title}</Title>
      {error && <Alert color="red" role="alert">{error}</Alert>}
      {!answer && !error && <Loader size="sm" aria-label="Caricamento del grafico" />}
      {answer && data.length === 0 && <Text c="dimmed">Nessun risultato trovato</Text>}
      {answer && data.length > 0 && (
        <div role="img" aria-label={`${chart.title}: ${data.map((d) => `${d.name} ${format(d.value)}`).join('; ')}`}>
          {chart.type === 'pie'
            ? <PieChart data={data} withTooltip tooltipDataSource="segment" valueFormatter={format} size={220} mx="auto" />
            : <BarChart h={260} data={data.map((d) => ({ name: d.name, [chart.measure]: d.value }))} dataKey="name" valueFormatter={format}
                series={[{ name: chart.measure, label: measure?.label ?? chart.measure, color: 'blue.6' }]} tickLine="y" />}
        </div>
      )}
    </Paper>
  );
}
