/**
 * Filter bar from `entity.filters`, showing the values the address holds (list/useListView.ts). Text filters
 * are type-ahead: they apply once the user stops typing for `ui.typeaheadDelayMs` (800 ms); enums and
 * booleans are selects of their labels and apply at once; a reference picks the referenced row by name
 * (ReferenceFilter.tsx).
 */
import type { CSSProperties, ReactNode } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { FilterDef } from '../../core/types';
import { formatDate, formatMonth } from '../../core/format';
import { ItalianDateInput, ItalianMonthInput } from '../dates/ItalianDateInputs';
import { ReferenceFilter } from './ReferenceFilter';
import { TypeaheadInput } from './TypeaheadInput';

interface Props {
  filters: FilterDef[];
  /** Query parameter -> the value set now. */
  values: Record<string, string>;
  /** Query parameters the user cannot change (a single-bank user's bank, a branch user's cab: core/fixedScope.ts). */
  locked?: Record<string, string>;
  delayMs: number;
  /** Called with the query parameter name (`param`, else the field) and the new value; `typed` when typing settled. */
  onChange: (param: string, value: string | undefined, typed: boolean) => void;
  /** An input before the filters (the period in months of a list searched by period). */
  leading?: ReactNode;
}

export function FilterBar({ filters, values, locked = {}, delayMs, onChange, leading }: Props) {
  if (filters.length === 0 && !leading) return null;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search">
      {leading}
      {filters.map((filter) => (
        <FilterInput
          key={filter.param}
          filter={filter}
          value={values[filter.param] ?? ''}
          locked={filter.param in locked}
          delayMs={delayMs}
          onChange={(v, typed) => onChange(filter.param, v, typed)}
        />
      ))}
    </Group>
  );
}

const BOOLEAN_OPTIONS = [{ value: 'true', label: 'Sì' }, { value: 'false', label: 'No' }];

interface InputProps {
  filter: FilterDef;
  value: string;
  locked: boolean;
  delayMs: number;
  onChange: (value: string | undefined, typed: boolean) => void;
}

/** Two filters a row on a phone, several on a desk; never wider than a name needs. */
export const FILTER_WIDTH = { style: { flex: '1 1 160px', minWidth: 150, maxWidth: 260 } } as const;

function FilterInput({ filter, value, locked, delayMs, onChange }: InputProps) {
  const common = { label: filter.label, 'data-filter': filter.field, ...FILTER_WIDTH };
  const pick = (v: string | null) => onChange(v ?? undefined, false);
  if (locked && filter.type === 'reference' && filter.reference) {
    return <ReferenceFilter {...common} target={filter.reference} value={value} delayMs={delayMs} onChange={pick} locked={LOCK} />;
  }
  if (locked) return <LockedFilter {...common} filter={filter} value={value} />;
  if (filter.format === 'mese') return <ItalianMonthInput {...common} value={value} onChange={(v) => onChange(v, false)} />;
  switch (filter.type) {
    case 'enum':
      return (
        <Select
          {...common}
          data={(filter.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          placeholder="Tutti"
          clearable
          value={value || null}
          onChange={pick}
        />
      );
    case 'boolean':
      return <Select {...common} data={BOOLEAN_OPTIONS} placeholder="Tutti" clearable value={value || null} onChange={pick} />;
    case 'date':
    case 'datetime':
      return (
        <ItalianDateInput {...common} value={value} onChange={(v) => onChange(v, false)} />
      );
    case 'reference':
      if (filter.reference) return <ReferenceFilter {...common} target={filter.reference} value={value} delayMs={delayMs} onChange={pick} />;
      return <TypeaheadInput {...common} value={value} delayMs={delayMs} onChange={(v) => onChange(v, true)} />;
    default:
      return <TypeaheadInput {...common} value={value} delayMs={delayMs} onChange={(v) => onChange(v, true)} />;
  }
}

const LOCK = <IconLock size={16} role="img" aria-label="Bloccato" />;

/**
 * A filter the user cannot change: its value (a reference's row by name) in a read-only box with a lock,
 * legible rather than greyed out.
 */
function LockedFilter({ filter, value, ...common }: { filter: FilterDef; value: string; label: string; 'data-filter': string; style: CSSProperties }) {
  const shown = filter.type === 'enum' ? filter.options?.find((o) => o.value === value)?.label ?? value
    : filter.type === 'date' || filter.type === 'datetime' ? formatDate(value)
      : filter.format === 'mese' ? formatMonth(value) : value;
  return (
    <TextInput
      {...common}
      readOnly
      value={shown}
      title="Valore fissato per la tua utenza"
      rightSection={LOCK}
    />
  );
}
