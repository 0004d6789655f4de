/**
 * What a cell of an export holds, from a row as the API shows it (row-mapping.ts `fromColumns`).
 * Decisions (docs/spec-language.md#exports): enum cells hold the label the list shows, not the code;
 * booleans read Sì / No; dates dd/MM/yyyy, date-times dd/MM/yyyy HH:mm:ss in Italian time; decimals with
 * a comma in CSV. Text that a spreadsheet would read as a formula (= + - @, and tab or carriage return
 * that some spreadsheets skip) gets a leading apostrophe in CSV: OWASP's CSV-injection advice.
 */
import type { FieldModel } from '../../common/model.js';
import { textOf } from '../../common/text.js';

const ROME = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
});

export const YES = 'Sì';
export const NO = 'No';

/** The Italian text of a value, as the CSV writes it (before quoting). */
export function csvText(field: FieldModel, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (field.type) {
    case 'boolean': return value === true ? YES : NO;
    case 'integer': return textOf(value);
    case 'decimal': return textOf(value).replace('.', ',');
    case 'date': return italianDate(textOf(value));
    case 'datetime': return ROME.format(new Date(textOf(value))).replace(',', '');
    case 'enum': return guardFormula(enumLabel(field, value));
    default: return guardFormula(textOf(value));
  }
}

/** A typed Excel value: numbers as numbers, dates as dates (midnight UTC: Excel has no time zone), text as text. */
export function xlsxValue(field: FieldModel, value: unknown): string | number | Date | null {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case 'boolean': return value === true ? YES : NO;
    case 'integer': case 'decimal': return Number(value);
    case 'date': return new Date(`${textOf(value).slice(0, 10)}T00:00:00Z`);
    case 'datetime': return romeWallClock(new Date(textOf(value)));
    case 'enum': return enumLabel(field, value);
    case 'reference': return field.reference?.type === 'integer' ? Number(value) : textOf(value);
    default: return textOf(value);
  }
}

/** Excel's number format of a column: dates and decimals shown the Italian way by Excel itself. */
export function xlsxNumberFormat(field: FieldModel): string | undefined {
  if (field.type === 'date') return 'dd/mm/yyyy';
  if (field.type === 'datetime') return 'dd/mm/yyyy hh:mm:ss';
  if (field.type === 'decimal') return `#,##0.${'0'.repeat(field.scale ?? 2)}`;
  return undefined;
}

export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function enumLabel(field: FieldModel, value: unknown): string {
  return field.options?.find((o) => o.value === value)?.label ?? String(value);
}

function italianDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** The Italian wall-clock time of an instant, as a UTC Date (Excel shows a date-time without zone). */
function romeWallClock(at: Date): Date {
  const [date, time] = ROME.format(at).split(', ');
  const [d, m, y] = date.split('/');
  return new Date(`${y}-${m}-${d}T${time}Z`);
}
