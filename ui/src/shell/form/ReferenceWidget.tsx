/**
 * A reference field as a searchable select (docs/spec-language.md#references): typing searches the referenced
 * entity by its display fields (`GET <path>?format=compact&q=`) once typing pauses for the manifest's
 * `ui.typeaheadDelayMs` (spec/ui/pages.yaml: 800 ms, seed 002 §9), as the list filters do, and
 * the choice shows the row's name (`30480 - BCC di Esempio`) while the form keeps its code. The row as loaded
 * names its current value (`_labels`). Public reference data (`referenceData`, municipalities) is searched so by
 * every user; a user who may not list any other referenced entity types the code, with its name beside it.
 * A lookup (docs/spec-language.md#lookups) is the same select: it offers only the rows its `filterBy` fields
 * allow (the branches of the bank chosen in the form), takes their `value` field, and copies its `fill`
 * fields from the chosen row into the form.
 */
import { useEffect, useMemo, useState } from 'react';
import { Select, Text } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { useDataProvider } from '../../core/hooks/useDataProvider';
import { useDebouncedValue } from '../../core/hooks/useDebouncedValue';
import { useManifest } from '../../core/hooks/useManifest';
import { isRecord } from '../../core/guards';
import { textOf } from '../../../../common/text';
import { displayName } from '../../../../common/display-name';
import { useSession } from '../../core/session';
import type { EntityMeta, Row } from '../../core/types';
import { loadedLabel } from '../../core/referenceLabels';

const PAGE = 20;

interface Option { value: string; label: string; row?: Row }

interface Lookup { value: string; filterBy: Record<string, string>; fill: Record<string, string> }

/** ShellFormContext.fill, as rjsf hands the context over untyped. */
function isFill(value: unknown): value is (values: Row) => void {
  return typeof value === 'function';
}

function lookupOf(options: unknown): Lookup | undefined {
  const lookup = isRecord(options) ? options.lookup : undefined;
  if (!isRecord(lookup) || typeof lookup.value !== 'string' || !isRecord(lookup.filterBy) || !isRecord(lookup.fill)) return undefined;
  const texts = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return { value: lookup.value, filterBy: texts(lookup.filterBy), fill: texts(lookup.fill) };
}

export function ReferenceWidget(props: WidgetProps) {
  const entityName = isRecord(props.options) && typeof props.options.entity === 'string' ? props.options.entity : '';
  // An entity the manifest does not know (a hand-written uiSchema): the code is typed.
  const entities: Partial<Record<string, EntityMeta>> = useManifest().entities;
  const target = entities[entityName];
  const { can } = useSession();
  // The registry's text input: @rjsf/mantine's `Widgets` has no TextWidget (it was undefined, and React threw).
  const { TextWidget } = props.registry.widgets;
  if (!target) return <TextWidget {...props} />;
  if (!target.referenceData && !can(target.permissions.list)) return <CodeWithName {...props} />;
  return <ReferenceSelect {...props} target={target} />;
}

/** The code typed by hand, with the name the row as loaded gives it (`_labels`) below, while it is unchanged. */
function CodeWithName(props: WidgetProps) {
  const { TextWidget } = props.registry.widgets;
  const context = isRecord(props.registry.formContext) ? props.registry.formContext : {};
  // A code typed since loading has no name yet: the old one would lie.
  const name = loadedLabel(context.labels, props.id, props.value);
  return (
    <>
      <TextWidget {...props} />
      {name && <Text size="sm" c="gray.7" mt={4} data-testid={`reference-name-${props.name}`}>{name}</Text>}
    </>
  );
}

function ReferenceSelect({ target, id, label, hideLabel, required, disabled, readonly, value, onChange, onBlur, onFocus, rawErrors, registry, name, placeholder, options }: WidgetProps & { target: EntityMeta }) {
  const provider = useDataProvider();
  const lookup = lookupOf(options);
  const valueField = lookup?.value ?? target.key[0];
  const context = isRecord(registry.formContext) ? registry.formContext : {};
  const formData = isRecord(context.data) ? context.data : {};
  const fill = isFill(context.fill) ? context.fill : undefined;
  // The list's own filter parameters for the lookup's filterBy fields, valued from the form as it is now.
  const filters = Object.fromEntries(Object.entries(lookup?.filterBy ?? {}).map(([theirs, own]) => [
    target.filters.find((f) => f.field === theirs && f.search !== 'range')?.param ?? theirs, textOf(formData[own] ?? ''),
  ]));
  const missingFilter = Object.values(filters).some((v) => v === '');
  const filterKey = JSON.stringify(filters);
  const current = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
  // ShellFormContext.labels: the name the API sent for this field of the row (or child row) as loaded.
  const loaded = loadedLabel(context.labels, id, current);
  const [chosen, setChosen] = useState<Option | undefined>();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, useManifest().ui.typeaheadDelayMs);
  const [found, setFound] = useState<Option[]>([]);

  // The current value's name: the one just chosen, else the row as loaded names it, else its code.
  const currentOption = useMemo<Option | undefined>(() => {
    if (current === null) return undefined;
    if (chosen?.value === current) return chosen;
    return { value: current, label: loaded ?? current };
  }, [current, chosen, loaded]);

  // Choosing an option puts its name in the search box: that is not a new search.
  const query = debounced === currentOption?.label ? '' : debounced.trim();
  // Fields to fill are not in a compact answer: a lookup that fills asks for whole rows.
  const compact = Boolean(target.compact?.length) && !Object.keys(lookup?.fill ?? {}).length;
  useEffect(() => {
    if (query === '' || missingFilter) return undefined;
    const controller = new AbortController();
    const parsed: unknown = JSON.parse(filterKey);
    const byFilter = isRecord(parsed) ? Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, textOf(v)])) : {};
    provider.list(target, { page: 0, size: PAGE, ...(compact ? { format: 'compact' as const } : {}), q: query, filters: byFilter }, controller.signal)
      .then((page) => setFound(page.results.map((row) => optionOf(target, row, valueField))))
      .catch(() => { /* aborted, or refused: the list stays as it was */ });
    return () => controller.abort();
  }, [provider, target, query, compact, filterKey, missingFilter, valueField]);

  const data = [...(currentOption ? [currentOption] : []), ...found.filter((o) => o.value !== currentOption?.value)];
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <Select
      id={id}
      label={hideLabel ? undefined : label}
      required={required}
      disabled={disabled || readonly}
      placeholder={placeholder || 'Scrivere il nome o il codice'}
      searchable
      clearable={!required}
      data={data}
      value={current}
      // The server has searched already: every option it sent is shown.
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next) => {
        const option = data.find((o) => o.value === next);
        setChosen(option);
        const row = option?.row;
        // One change for the field and those it fills, so neither overwrites the other.
        if (lookup && fill && row && Object.keys(lookup.fill).length) fill({ [name]: next, ...Object.fromEntries(Object.entries(lookup.fill).map(([own, theirs]) => [own, row[theirs] ?? null])) });
        else onChange(next ?? undefined);
      }}
      onBlur={() => onBlur(id, current)}
      onFocus={() => onFocus(id, current)}
      nothingFoundMessage={missingFilter ? 'Compilare prima i campi da cui dipende' : query === '' ? 'Scrivere per cercare' : 'Nessun risultato'}
      error={errors.length ? errors.join(' ') : undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A row as an option: its value field (the key, unless a lookup says otherwise), named by its display fields. */
function optionOf(target: EntityMeta, row: Row, valueField: string): Option {
  const value = textOf(row[valueField] ?? '');
  const label = displayName(target.display.map((field) => row[field]));
  return { value, label: label || value, row };
}
