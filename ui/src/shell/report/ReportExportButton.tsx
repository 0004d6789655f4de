/**
 * "Esporta Excel" of a report whose spec declares `export` (seed 002 §2: the daily turnover's Excel export): the
 * grouping and filters on screen, answered at once as a file (a report's rows are bounded by its limit, so there is
 * no job to wait for, unlike a list's export). A failure shows the platform's export message; an export that finds no
 * row shows the spec's own (409, `export.emptyMessage`: 'Dati non disponibili per il periodo selezionato.'), a period
 * longer than the export takes its words (400, `export.tooLongMessage`).
 */
import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { serializeQuery } from '../../core/apiClient';
import { ApiError } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useManifest } from '../../core/hooks/useManifest';
import { saveFile } from '../../core/saveFile';
import { REPORT_EXPORT_SEGMENT, REPORT_FORMAT_PARAM } from '../../../../common/report';
import type { ReportMeta } from '../../core/types';

/** The server's own words for a refused export: the empty export's (409) or the period's (400), else none. */
function exportRefusal(e: unknown): string | undefined {
  if (!(e instanceof ApiError)) return undefined;
  if (e.status === 409) return e.message;
  return e.status === 400 && e.details.length ? e.details.map((d) => d.message).join('; ') : undefined;
}

export function ReportExportButton({ report, query, disabled }: { report: ReportMeta; query: Record<string, string>; disabled: boolean }) {
  const provider = useDataProvider();
  const failed = useManifest().exports.failedMessage;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!report.exportFormats?.includes('xlsx')) return null;
  const download = () => {
    setBusy(true);
    setError(undefined);
    provider.downloadPath(`report/${report.path}/${REPORT_EXPORT_SEGMENT}?${serializeQuery({ ...query, [REPORT_FORMAT_PARAM]: 'xlsx' })}`)
      .then((file) => { saveFile(file.blob, file.fileName); })
      .catch((e: unknown) => { setError(exportRefusal(e) ?? failed); })
      .finally(() => { setBusy(false); });
  };
  return (
    <>
      <Button variant="default" leftSection={<IconDownload size={18} />} loading={busy} disabled={disabled} onClick={download}>Esporta Excel</Button>
      {error && <Alert color="red" role="alert">{error}</Alert>}
    </>
  );
}
