/**
 * A reference filter picks the referenced row by name (docs/spec-language.md#references): typing searches the
 * target's display fields (`GET <path>?format=compact&q=`) after the type-ahead pause, and the filter holds
 * the row's key. The value from the address is named by the same search (its code is among the display
 * fields), else shown as the code. Who may not list the target, or a target with a composite key, types the
 * code, as before; a value fixed for the caller it reads, locked.
 */
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Select, TextInput } from '@mantine/core';
import { displayName } from '../../../../common/display-name';
import { textOf } from '../../../../common/text';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useDebouncedValue } from '../../core/hooks/useDebouncedValue';
import { useManifest } from '../../core/hooks/useManifest';
import { useSession } from '../../core/session';
import type { EntityMeta, Row } from '../../core/types';
import { TypeaheadInput } from './TypeaheadInput';

const PAGE = 20;

interface Option { value: string; label: string }

interface Props {
  label: string;
  'data-filter': string;
  style: CSSProperties;
  /** The referenced entity's name. */
  target: string;
  value: string;
  delayMs: number;
  onChange: (value: string | null) => void;
  /** Shown by name, not changeable (a filter fixed for the user: core/fixedScope.ts). */
  locked?: ReactNode;
}

export function ReferenceFilter({ target: targetName, ...props }: Props) {
  const entities: Partial<Record<string, EntityMeta>> = useManifest().entities;
  const target = entities[targetName];
  const { can } = useSession();
  if (!target || target.key.length !== 1 || !can(target.permissions.list)) {
    const { onChange, locked, ...rest } = props;
    // A fixed value the caller may not look up by name (a merchant's own bank): its code, read-only, with the lock.
    if (locked) return <TextInput label={rest.label} style={rest.style} data-filter={rest['data-filter']} readOnly value={rest.value} title="Valore fissato per la tua utenza" rightSection={locked} />;
    return <TypeaheadInput {...rest} onChange={(v) => onChange(v ?? null)} />;
  }
  return <ReferenceSelect {...props} target={target} />;
}

function ReferenceSelect({ target, value, delayMs, onChange, label, style, 'data-filter': dataFilter, locked }: Omit<Props, 'target'> & { target: EntityMeta }) {
  const provider = useDataProvider();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Option[]>([]);
  const [named, setNamed] = useState<Option | undefined>();
  const debounced = useDebouncedValue(search.trim(), delayMs);
  const current = value || null;
  const currentOption = current === null ? undefined : found.find((o) => o.value === current) ?? (named?.value === current ? named : { value: current, label: current });
  // Choosing an option puts its name in the box: that is not a new search.
  const query = debounced === currentOption?.label ? '' : debounced;

  useEffect(() => {
    if (query === '') return undefined;
    const controller = new AbortController();
    searchRows(provider, target, query, controller.signal).then(setFound, () => { /* aborted or refused: the options stay */ });
    return () => controller.abort();
  }, [provider, target, query]);

  // The value the address brought: its name, looked up once.
  useEffect(() => {
    if (current === null || named?.value === current) return undefined;
    const controller = new AbortController();
    searchRows(provider, target, current, controller.signal).then((options) => {
      const match = options.find((o) => o.value === current);
      if (match) setNamed(match);
    }, () => { /* the code stays shown */ });
    return () => controller.abort();
  }, [provider, target, current, named]);

  const data = [...(currentOption ? [currentOption] : []), ...found.filter((o) => o.value !== currentOption?.value)];
  return (
    <Select
      label={label}
      style={style}
      data-filter={dataFilter}
      placeholder="Cerca..."
      searchable={!locked}
      clearable={!locked}
      readOnly={Boolean(locked)}
      {...(locked ? { rightSection: locked, title: 'Valore fissato per la tua utenza' } : {})}
      data={data}
      value={current}
      // The server has searched already: every option it sent is shown.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        const option = data.find((o) => o.value === next);
        if (option) setNamed(option);
        onChange(next);
      }}
      nothingFoundMessage={query === '' ? 'Scrivere per cercare' : 'Nessun risultato'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

async function searchRows(provider: ReturnType<typeof useDataProvider>, target: EntityMeta, q: string, signal: AbortSignal): Promise<Option[]> {
  const page = await provider.list(target, { page: 0, size: PAGE, ...(target.compact?.length ? { format: 'compact' as const } : {}), q }, signal);
  return page.results.map((row) => optionOf(target, row));
}

/** A compact row as an option: its key, named by its display fields. */
function optionOf(target: EntityMeta, row: Row): Option {
  const value = textOf(row[target.key[0]] ?? '');
  const label = displayName(target.display.map((field) => row[field]));
  return { value, label: label || value };
}
