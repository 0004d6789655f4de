/**
 * "Periodo" of a list searched by period (seed 002 §2: "from and to date, period in months"): choosing N months
 * sets the start to N calendar months before the end (today when no end is set), up to the spec's maxMonths.
 * It shows the choice the two dates make, or nothing when they make none.
 */
import { Select } from '@mantine/core';
import { addMonths } from '../../../../common/search-period';
import type { EntityMeta } from '../../core/types';
import { FILTER_WIDTH } from './FilterBar';

interface Props {
  period: NonNullable<EntityMeta['period']>;
  filters: Record<string, string>;
  today: string;
  onChange: (from: string, to: string) => void;
}

const label = (n: number) => (n === 1 ? 'Ultimo mese' : `Ultimi ${n} mesi`);

export function PeriodMonths({ period, filters, today, onChange }: Props) {
  const to = filters[period.to] || today;
  const options = Array.from({ length: period.maxMonths }, (_, i) => ({ value: String(i + 1), label: label(i + 1) }));
  const chosen = options.find((o) => filters[period.from] === addMonths(to, -Number(o.value)) && period.to in filters)?.value ?? null;
  return (
    <Select
      label="Periodo"
      data={options}
      value={chosen}
      placeholder="Date scelte"
      allowDeselect={false}
      onChange={(v) => { if (v) onChange(addMonths(to, -Number(v)), to); }}
      {...FILTER_WIDTH}
    />
  );
}
