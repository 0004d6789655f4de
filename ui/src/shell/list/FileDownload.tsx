/**
 * The download button of a file field (docs/spec-language.md#files): in a list's column (seed 002 §7: invoices
 * are listed and downloaded) and on a form. The bytes travel with the session's token header, so the button
 * fetches them and hands them to the browser under the name the server gives (Content-Disposition).
 */
import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { userMessage } from '../../core/apiError';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { saveFile } from '../../core/saveFile';

/** `path`: the file's API path (`wpbusiness/fatture/{id}/documento`); `label` names it for a screen reader. */
export function FileDownload({ path, label }: { path: string; label: string }) {
  const provider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const download = () => {
    setBusy(true);
    setError(undefined);
    provider.downloadPath(path)
      .then((file) => { saveFile(file.blob, file.fileName); })
      .catch((e: unknown) => { setError(userMessage(e)); })
      .finally(() => { setBusy(false); });
  };
  return (
    <>
      <Button
        size="compact-sm"
        // Dark text on white: readable on the table's striped and hovered rows too (a light variant was not).
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={busy}
        aria-label={`Scarica ${label}`}
        // Inside a list row that opens the record: the click is the button's alone.
        onClick={(e) => { e.stopPropagation(); download(); }}
        onKeyDown={(e) => e.stopPropagation()}
      >
        Scarica
      </Button>
      {error && <Text size="sm" c="red.8" role="alert">{error}</Text>}
    </>
  );
}
