/**
 * Filter bar from `entity.filters`. Text filters are type-ahead: they apply once the user stops typing for
 * `ui.typeaheadDelayMs` (800 ms); enums and booleans are selects and apply at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Group, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { FilterValue } from '../../core/dataProvider';
import { useDebouncedValue } from '../../core/hooks/useDebouncedValue';
import type { FilterDef } from '../../core/types';

interface Props {
  filters: FilterDef[];
  delayMs: number;
  /** Called with the query parameter name (`param`, else the field) and the settled value. */
  onChange: (param: string, value: FilterValue) => void;
}

export function FilterBar({ filters, delayMs, onChange }: Props) {
  if (filters.length === 0) return null;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search">
      {filters.map((filter) => (
        <FilterInput key={filter.param} filter={filter} delayMs={delayMs} onChange={(v) => onChange(filter.param, v)} />
      ))}
    </Group>
  );
}

const BOOLEAN_OPTIONS = [{ value: 'true', label: 'Sì' }, { value: 'false', label: 'No' }];

function FilterInput({ filter, delayMs, onChange }: { filter: FilterDef; delayMs: number; onChange: (v: FilterValue) => void }) {
  const common = { label: filter.label, 'data-filter': filter.field, w: 220 };
  switch (filter.type) {
    case 'enum':
      return (
        <Select
          {...common}
          data={(filter.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          placeholder="Tutti"
          clearable
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    case 'boolean':
      return <Select {...common} data={BOOLEAN_OPTIONS} placeholder="Tutti" clearable onChange={(v) => onChange(v ?? undefined)} />;
    case 'date':
    case 'datetime':
      return (
        <DateInput
          {...common}
          valueFormat="DD/MM/YYYY"
          placeholder="gg/mm/aaaa"
          clearable
          onChange={(v) => onChange(v ? v.slice(0, 10) : undefined)}
        />
      );
    default:
      return <TypeaheadInput {...common} delayMs={delayMs} onChange={onChange} />;
  }
}

function TypeaheadInput({ delayMs, onChange, ...rest }: { label: string; w: number; 'data-filter': string; delayMs: number; onChange: (v: FilterValue) => void }) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text.trim(), delayMs);
  // What was last passed on: nothing to render from it, so a ref, not state.
  const applied = useRef('');
  useEffect(() => {
    if (settled === applied.current) return;
    applied.current = settled;
    onChange(settled || undefined);
  }, [settled, onChange]);
  return <TextInput {...rest} type="search" placeholder="Cerca..." value={text} onChange={(e) => setText(e.currentTarget.value)} />;
}
