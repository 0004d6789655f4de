/**
 * Italian display formats (seed 000 §9): dd/MM/yyyy, dd/MM/yyyy HH:mm, euro with comma decimals, Sì/No.
 * Empty values render as an empty string so a table cell stays blank rather than showing "null".
 */
import dayjs from 'dayjs';
import type { ColumnDef, EnumOption } from './types';
import { textOf } from '../../../common/text';
import { euroFormat } from './numberFormats';
import { monthLabel } from '../../../common/report-compare';

function isEmpty(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** `2024-03-05` -> `05/03/2024`. Read as text, not through Date, so no time zone can shift the day. */
export function formatDate(value: unknown): string {
  if (isEmpty(value)) return '';
  const text = textOf(value);
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (match) return `${match[3]}/${match[2]}/${match[1]}`;
  const parsed = dayjs(text);
  return parsed.isValid() ? parsed.format('DD/MM/YYYY') : text;
}

/** ISO 8601 with offset -> local `dd/MM/yyyy HH:mm`. */
export function formatDateTime(value: unknown): string {
  if (isEmpty(value)) return '';
  const parsed = dayjs(textOf(value));
  return parsed.isValid() ? parsed.format('DD/MM/YYYY HH:mm') : textOf(value);
}

export function formatEuro(value: unknown): string {
  if (isEmpty(value)) return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? euroFormat.format(n) : textOf(value);
}

export function formatBoolean(value: unknown): string {
  if (value === true) return 'Sì';
  if (value === false) return 'No';
  return '';
}

export function formatEnum(value: unknown, options: readonly EnumOption[] = []): string {
  if (isEmpty(value)) return '';
  const option = options.find((o) => o.value === value || o.value === textOf(value));
  return option ? option.label : textOf(value);
}

/** `2026-07` -> `luglio 2026` (a field of format `mese`); anything else as it is. */
export function formatMonth(value: unknown): string {
  if (isEmpty(value)) return '';
  const text = textOf(value);
  return /^[0-9]{4}-(0[1-9]|1[0-2])$/.test(text) ? monthLabel(text) : text;
}

/** One table cell, by the column's declared type. Integers stay raw: most are codes, and 12.345 would misread. */
export function formatCell(column: Pick<ColumnDef, 'type' | 'options' | 'format'>, value: unknown): string {
  if (column.format === 'mese') return formatMonth(value);
  switch (column.type) {
    case 'date': return formatDate(value);
    case 'datetime': return formatDateTime(value);
    case 'decimal': return formatEuro(value);
    case 'boolean': return formatBoolean(value);
    case 'enum': return formatEnum(value, column.options);
    default: return isEmpty(value) ? '' : textOf(value);
  }
}
