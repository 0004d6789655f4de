/**
 * "Esporta" menu of a generated list (CSV, Excel): starts an asynchronous export of exactly what the list
 * shows (its filters and sort), then waits for it as seed 000 §4 says (core/exportPolling.ts) with a small
 * progress box beside the list, so the user keeps paging and filtering meanwhile. The wait and the poll
 * step are configuration keys read from the API; the file is saved when ready, else the error banner.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Menu, Paper, Progress, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { genericApiError, userMessage } from '../../core/apiError';
import type { FilterValue } from '../../core/dataProvider';
import { isExportJobStatus, pollExport, progressPercent, secondsOf, type ExportJobStatus } from '../../core/exportPolling';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useManifest } from '../../core/hooks/useManifest';
import type { EntityMeta, SortSpec } from '../../core/types';
import { useBanners } from '../banners';
import { saveFile } from '../../core/saveFile';

const FORMAT_LABELS: Record<string, string> = { csv: 'CSV', xlsx: 'Excel' };


interface Props {
  entity: EntityMeta;
  sort: SortSpec[];
  filters: Record<string, FilterValue>;
}

export function ExportMenu({ entity, sort, filters }: Props) {
  const api = useDataProvider();
  const manifest = useManifest();
  const banners = useBanners();
  const [job, setJob] = useState<ExportJobStatus | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  // Leaving the page stops the wait (the job itself goes on on the server).
  useEffect(() => () => abort.current?.abort(), []);

  const settings = manifest.exports;
  if (!entity.exportFormats?.length) return null;

  const start = async (format: string) => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setJob(null);
    try {
      const [wait, step] = await Promise.all([settings.maxWaitKey, settings.stepKey].map((key) => api.api.GET('/config/{key}', { params: { path: { key } } })));
      const query: Record<string, string> = { formato: format };
      for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== null && value !== '') query[name] = String(value);
      if (sort[0]) query.sort = `${sort[0].field},${sort[0].direction}`;
      // The list's own export operation: its path is the entity's (data of the manifest), so untyped by path.
      const queued = await api.requestPath('POST', `${entity.path}/esportazioni`, { query });
      if (!isExportJobStatus(queued)) throw genericApiError(202);
      setJob(queued);
      const outcome = await pollExport({
        check: () => api.api.GET('/esportazioni/{id}', { params: { path: { id: queued.id } }, signal: controller.signal }),
        onProgress: setJob,
      }, {
        firstCheckMs: settings.firstCheckMs,
        stepSeconds: secondsOf(step.value, Number(step.defaultValue)),
        maxWaitSeconds: secondsOf(wait.value, Number(wait.defaultValue)),
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      if (!outcome.ready) {
        // The job's own message when it has one (an export without data, seed 002 §8), else the seed's failure.
        banners.error(outcome.job?.stato === 'E' && outcome.job.messaggio ? outcome.job.messaggio : settings.failedMessage);
        return;
      }
      const file = await api.api.download('/esportazioni/{id}/file', { params: { path: { id: outcome.job.id } } });
      saveFile(file.blob, file.fileName);
    } catch (error) {
      if (!controller.signal.aborted) banners.error(userMessage(error));
    } finally {
      if (!controller.signal.aborted) { setRunning(false); setJob(null); }
    }
  };

  const percent = progressPercent(job ?? undefined);
  return (
    <Group gap="sm">
      {running && (
        <Paper withBorder p="xs" miw={260} data-testid="export-progress" aria-live="polite">
          <Text size="sm">
            {job?.righeTotali !== undefined && job.righeTotali !== null
              ? `Esportazione in corso: ${(job.righeScritte ?? 0).toLocaleString('it-IT')} di ${job.righeTotali.toLocaleString('it-IT')} righe`
              : 'Esportazione in coda...'}
          </Text>
          <Progress value={percent ?? 0} animated={percent === undefined} size="sm" mt={4} />
        </Paper>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={18} />} disabled={running}>Esporta</Button>
        </Menu.Target>
        <Menu.Dropdown>
          {entity.exportFormats.map((format) => (
            <Menu.Item key={format} onClick={() => void start(format)}>{FORMAT_LABELS[format] ?? format}</Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
