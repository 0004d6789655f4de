/**
 * How a report page writes its figures (seed 002 §9: Italian locale, euro with comma decimals): 1.234,50 €,
 * counts with a thousands dot, decimals with two digits. An average of no rows is empty.
 */
import { countFormat, euroFormat, twoDecimalsFormat } from '../../core/numberFormats';
import type { ReportMeta } from '../../core/types';

type Format = ReportMeta['measures'][number]['format'];

export function formatMeasure(format: Format, value: unknown): string {
  if (typeof value !== 'number') return '';
  if (format === 'euro') return euroFormat.format(value);
  return format === 'decimal' ? twoDecimalsFormat.format(value) : countFormat.format(value);
}
