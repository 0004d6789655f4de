/**
 * The upload control of a file field (`ui:widget: storedFile`, docs/spec-language.md#files): shows the stored
 * file (a preview for images: the bank's logo), checks a chosen file's size, name and type in the browser
 * with the spec's messages, then uploads it at once to `<item>/<field>` with the row's version. Server
 * refusals (the bytes are not an image, 412, ...) appear under the field. The upload is its own save: the
 * form's "Salva" never sends the file. A stored file can be downloaded ("Scarica"); a read-only form (a merchant's
 * invoice) offers only that. On a create form the chosen file, checked the same way, travels with the row when it
 * is saved (docs/spec-language.md#files: a pay-by-mail request's attachment reaches its mail).
 */
import { useEffect, useState } from 'react';
import { Alert, FileInput, Group, Image, Stack, Text } from '@mantine/core';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { ApiError, userMessage } from '../../core/apiError';
import { fileProblemInForm, fileRuleOf, inlineFileOf, isImageRule, type InlineFile } from '../../core/fileField';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import type { FormDef, Row } from '../../core/types';
import type { ShellFormContext } from './formContext';
import { useBanners } from '../banners';
import { FileDownload } from '../list/FileDownload';
import { textOf } from '../../../../common/text';

/** What EntityForm hands its file widgets through rjsf's formContext. */
export interface FileFormContext {
  form: FormDef;
  /** The row's API path (`banche/30480`); undefined on a create form (a row gets its file once saved). */
  itemPath?: string;
  version(): string | undefined;
  onUploaded(field: string, row: Row): void;
  /** A create form: keeps the file chosen for `field` (undefined: none), sent with the row by "Salva". */
  choose?(field: string, file: InlineFile | undefined): void;
}

const PICK_FILE = 'Scegli un file da caricare';

export function StoredFileWidget(props: WidgetProps<Row, RJSFSchema, ShellFormContext>) {
  const { id, name, readonly, disabled, label, registry } = props;
  const value: unknown = props.value;
  const context = registry.formContext.files;
  const provider = useDataProvider();
  const banners = useBanners();
  // The object URL of the stored file's bytes, for the file it was read for (`${path}|${value}`).
  const [loaded, setLoaded] = useState<{ file: string; url: string }>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const rule = context ? fileRuleOf(context.form, name) : undefined;
  const filePath = context?.itemPath ? `${context.itemPath}/${name}` : undefined;

  // The stored file changes id with every upload: read it again then (the token travels as a header).
  const shown = filePath && value && isImageRule(rule) ? `${filePath}|${textOf(value)}` : undefined;
  const preview = loaded && loaded.file === shown ? loaded.url : undefined;
  useEffect(() => {
    if (!shown || !filePath) return;
    let url: string | undefined;
    let cancelled = false;
    provider.downloadPath(filePath).then(({ blob }) => {
      if (cancelled) return;
      url = URL.createObjectURL(blob);
      setLoaded({ file: shown, url });
    }).catch(() => setLoaded(undefined));
    return () => { cancelled = true; if (url) URL.revokeObjectURL(url); };
  }, [shown, filePath, provider]);

  // The name of the file a create form will send with the row.
  const [chosen, setChosen] = useState<string | undefined>();
  const keep = async (file: File | null) => {
    setError(undefined);
    if (!context?.choose) return;
    const problem = file ? fileProblemInForm(context.form, name, { name: file.name, size: file.size, type: file.type }) : undefined;
    if (!file || problem) {
      setError(problem);
      setChosen(undefined);
      context.choose(name, undefined);
      return;
    }
    context.choose(name, await inlineFileOf(file));
    setChosen(file.name);
  };

  const choose = async (file: File | null) => {
    setError(undefined);
    if (!file || !context || !filePath) return;
    const problem = fileProblemInForm(context.form, name, { name: file.name, size: file.size, type: file.type });
    if (problem) { setError(problem); return; }
    setBusy(true);
    try {
      const row = await provider.upload('PUT', filePath, file, file.name, context.version());
      context.onUploaded(name, row);
      if (rule?.success) banners.success(rule.success);
    } catch (e) {
      const detail = e instanceof ApiError ? e.details.find((d) => d.field === 'file')?.message : undefined;
      setError(detail ?? userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>{label}</Text>
      {/* A new row has no stored file yet: its create form says only what the chosen one will do. */}
      {preview ? <Image src={preview} alt={label} h={80} w="auto" fit="contain" data-testid={`${id}-preview`} /> : context?.choose && !readonly ? null : (
        <Text size="sm" c="dimmed">{value ? 'File presente' : 'Nessun file presente'}</Text>
      )}
      {filePath && value ? <Group><FileDownload path={filePath} label={label} /></Group> : null}
      {filePath && readonly ? null : filePath ? (
        <Group>
          <PickFile id={id} label={label} accept={rule?.accept} disabled={disabled || readonly || busy} onChange={(file) => void choose(file)} clearable={false} error={error} />
        </Group>
      ) : context?.choose && !readonly ? (
        <Stack gap={4}>
          <PickFile id={id} label={label} accept={rule?.accept} disabled={disabled} onChange={(file) => void keep(file)} clearable error={error} />
          <Text size="sm" c="dimmed">{chosen ? `Il file ${chosen} si salva con il modulo.` : 'Il file scelto si salva con il modulo.'}</Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">Il file si carica dopo aver salvato.</Text>
      )}
      {busy && <Alert color="blue" variant="light">Caricamento in corso...</Alert>}
    </Stack>
  );
}

interface PickFileProps {
  id: string;
  label: string;
  accept: readonly string[] | undefined;
  disabled: boolean | undefined;
  onChange: (file: File | null) => void;
  clearable: boolean;
  error: string | undefined;
}

/** The file picker of both paths: uploading at once (a stored row) or kept for the create form's Salva. */
function PickFile({ id, label, accept, disabled, onChange, clearable, error }: PickFileProps) {
  return (
    <FileInput
      id={id}
      // The accessible name holds the button's visible text (WCAG 2.5.3 Label in Name), after the field's name.
      aria-label={`${label}: ${PICK_FILE}`}
      placeholder={PICK_FILE}
      // The placeholder is the button's only text here: gray 7 reads at 4.5:1 and more, Mantine's gray 5 at 2.1:1.
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      accept={accept?.join(',')}
      disabled={disabled}
      onChange={onChange}
      clearable={clearable}
      error={error}
    />
  );
}
