/**
 * A reference field as a searchable select (docs/spec-language.md#references): typing searches the referenced
 * entity by its display fields (`GET <path>?format=compact&q=`) once typing pauses for the manifest's
 * `ui.typeaheadDelayMs` (spec/ui/pages.yaml: 800 ms, seed 002 §9), as the list filters do, and
 * the choice shows the row's name (`30480 - BCC di Esempio`) while the form keeps its code. The row as loaded
 * names its current value (`_labels`). A user who may not list the referenced entity types the code instead.
 */
import { useEffect, useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useDebouncedValue } from '../../core/hooks/useDebouncedValue';
import { useManifest } from '../../core/hooks/useManifest';
import { isRecord } from '../../core/guards';
import { textOf } from '../../../../common/text';
import { displayName } from '../../../../common/display-name';
import { useSession } from '../../core/session';
import type { EntityMeta, Row } from '../../core/types';

const PAGE = 20;

interface Option { value: string; label: string }

export function ReferenceWidget(props: WidgetProps) {
  const entityName = isRecord(props.options) && typeof props.options.entity === 'string' ? props.options.entity : '';
  // An entity the manifest does not know (a hand-written uiSchema): the code is typed.
  const entities: Partial<Record<string, EntityMeta>> = useManifest().entities;
  const target = entities[entityName];
  const { can } = useSession();
  // The registry's text input: @rjsf/mantine's `Widgets` has no TextWidget (it was undefined, and React threw).
  const { TextWidget } = props.registry.widgets;
  if (!target || !can(target.permissions.list)) return <TextWidget {...props} />;
  return <ReferenceSelect {...props} target={target} />;
}

function ReferenceSelect({ target, id, label, hideLabel, required, disabled, readonly, value, onChange, onBlur, onFocus, rawErrors, registry, name, placeholder }: WidgetProps & { target: EntityMeta }) {
  const provider = useDataProvider();
  const current = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  // ShellFormContext.labels: the names the API sent with the row as loaded.
  const labels: unknown = isRecord(registry.formContext) ? registry.formContext.labels : undefined;
  const [chosen, setChosen] = useState<Option | undefined>();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, useManifest().ui.typeaheadDelayMs);
  const [found, setFound] = useState<Option[]>([]);

  // The current value's name: the one just chosen, else the row as loaded names it, else its code.
  const currentOption = useMemo<Option | undefined>(() => {
    if (current === null) return undefined;
    if (chosen?.value === current) return chosen;
    const loaded = isRecord(labels) ? labels[name] : undefined;
    return { value: current, label: typeof loaded === 'string' && loaded !== '' ? loaded : current };
  }, [current, chosen, labels, name]);

  // Choosing an option puts its name in the search box: that is not a new search.
  const query = debounced === currentOption?.label ? '' : debounced.trim();
  useEffect(() => {
    if (query === '') return undefined;
    const controller = new AbortController();
    provider.list(target, { page: 0, size: PAGE, ...(target.compact?.length ? { format: 'compact' as const } : {}), q: query }, controller.signal)
      .then((page) => setFound(page.results.map((row) => optionOf(target, row))))
      .catch(() => { /* aborted, or refused: the list stays as it was */ });
    return () => controller.abort();
  }, [provider, target, query]);

  const data = [...(currentOption ? [currentOption] : []), ...found.filter((o) => o.value !== currentOption?.value)];
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <Select
      id={id}
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder || `Cerca per ${target.display.join(', ')}`}
      searchable
      clearable={!required}
      data={data}
      value={current}
      // The server has searched already: every option it sent is shown.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        setChosen(data.find((o) => o.value === next));
        onChange(next ?? undefined);
      }}
      onBlur={() => onBlur(id, current)}
      onFocus={() => onFocus(id, current)}
      nothingFoundMessage={query === '' ? 'Scrivere per cercare' : 'Nessun risultato'}
      error={errors.length ? errors.join(' ') : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A compact row as an option: its key, named by its display fields. */
function optionOf(target: EntityMeta, row: Row): Option {
  const value = textOf(row[target.key[0]] ?? '');
  const label = displayName(target.display.map((field) => row[field]));
  return { value, label: label || value };
}
