/**
 * The totals of a list's `summary` report (docs/spec-language.md#list-summaries; seed 002 §2: the merchant
 * movements' total amount and aggregate view): the report's totals for the filters the list has set (those the
 * report offers), and a link to the report's page with the same filters. The server answers in the caller's scope.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { userMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useManifest } from '../../core/hooks/useManifest';
import { useStableValue } from '../../core/hooks/useStableValue';
import type { EntityMeta } from '../../core/types';
import { reportAnswer, type ReportAnswer } from '../report/reportAnswer';
import { formatMeasure } from '../report/reportFormat';
import { arrived } from '../../core/arrival';

interface Props { summary: NonNullable<EntityMeta['summary']>; filters: Record<string, string> }

export function ListSummary({ summary, filters }: Props) {
  const provider = useDataProvider();
  const report = useManifest().reports?.[summary.report];
  const accepted = useMemo(() => new Set([...(report?.filters.map((f) => f.param) ?? []), ...(report?.period ? [report.period.from, report.period.to] : [])]), [report]);
  const query = useStableValue(Object.fromEntries(Object.entries(filters).filter(([k, v]) => accepted.has(k) && v !== '')));
  const [answer, setAnswer] = useState<ReportAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!report) return;
    const controller = new AbortController();
    // One group is enough: the totals cover every group.
    provider.requestPath('GET', `/report/${report.path}`, { query: { ...query, limite: '1' }, signal: controller.signal })
      .then((body) => { arrived(() => { setAnswer(reportAnswer(body)); setError(undefined); }); })
      .catch((e: unknown) => { if (!controller.signal.aborted) setError(userMessage(e)); });
    return () => { controller.abort(); };
  }, [provider, report, query]);

  if (!report) return null;
  const link = `${summary.route}?${new URLSearchParams(query).toString()}`;
  return (
    <Paper withBorder p="xs" data-testid="list-summary">
      <Group justify="space-between" gap="xs">
        <Group gap="md" aria-live="polite">
          {error && <Text size="sm" c="red">{error}</Text>}
          {answer && report.measures.map((m) => (
            <Text key={m.name} size="sm"><Text span fw={700}>{`${m.label}: `}</Text>{formatMeasure(m.format, answer.totals[m.name]) || '-'}</Text>
          ))}
        </Group>
        {/* Only the first letter: a name inside the label keeps its capital ("Vai a movimenti Satispay aggregati"). */}
        <Anchor component={Link} to={link} size="sm">{`Vai a ${report.label.charAt(0).toLowerCase()}${report.label.slice(1)}`}</Anchor>
      </Group>
    </Paper>
  );
}
