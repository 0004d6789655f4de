/**
 * How a report page writes its figures (seed 002 §9: Italian locale, euro with comma decimals): 1.234,50 €,
 * counts with a thousands dot, decimals with two digits. An average of no rows is empty.
 */
import type { ReportMeta } from '../../core/types';

type Format = ReportMeta['measures'][number]['format'];

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const decimal = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integer = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });

export function formatMeasure(format: Format, value: unknown): string {
  if (typeof value !== 'number') return '';
  if (format === 'euro') return euro.format(value);
  return format === 'decimal' ? decimal.format(value) : integer.format(value);
}
