/**
 * What a read-only record shows for each field (the record view, ui/src/shell/form/RecordView.tsx): the form's
 * own JSON Schema and uiSchema say how a value reads, in the list's Italian formats: enum labels, dd/MM/yyyy,
 * Sì/No, the name of a referenced row, whether a file is there. Fields the form would not show are left out.
 */
import { formatBoolean, formatDate, formatDateTime, formatEnum, formatMonth } from './format';
import { isRecord } from './guards';
import { numberFormat } from './numberFormats';
import { referenceLabel } from '../../../common/display-name';
import type { EnumOption } from './types';

/** An empty value reads as a dash, so a blank is told from a missing label. */
export const EMPTY_VALUE = '—';

export interface RecordField { name: string; label: string; value: string }

/** Whether the form shows the field at all (hidden and password widgets: never read back). */
export function shownField(uiField: unknown): boolean {
  const widget = isRecord(uiField) ? uiField['ui:widget'] : undefined;
  return widget !== 'hidden' && widget !== 'password';
}

/** The label and display value of `name` in `row`, by its schema and uiSchema; `row` carries `_labels`. */
export function recordField(name: string, property: unknown, uiField: unknown, row: Record<string, unknown>): RecordField {
  const schema = isRecord(property) ? property : {};
  const label = typeof schema.title === 'string' ? schema.title : name;
  const value = row[name];
  const empty = value === null || value === undefined || value === '';
  const ui = isRecord(uiField) ? uiField : {};
  let text: string;
  if (ui['ui:widget'] === 'storedFile') text = empty ? 'Nessun file' : 'File presente';
  else if (empty) text = EMPTY_VALUE;
  else text = referenceLabel(row, name) ?? formatValue(schema, ui, value);
  return { name, label, value: text };
}

function formatValue(schema: Record<string, unknown>, ui: Record<string, unknown>, value: unknown): string {
  if (Array.isArray(schema.enum)) return formatEnum(value, enumOptions(schema.enum, ui['ui:enumNames']));
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null');
  if (type === 'boolean') return formatBoolean(value);
  if (schema.format === 'date') return formatDate(value);
  if (schema.format === 'date-time') return formatDateTime(value);
  if (schema.format === 'mese') return formatMonth(value);
  if (type === 'number' && typeof value === 'number') return numberFormat.format(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

/** The generator writes an enum's labels in `ui:enumNames`, in the order of the schema's codes. */
function enumOptions(codes: unknown[], names: unknown): EnumOption[] {
  const labels = Array.isArray(names) ? names : [];
  return codes.flatMap((code, i) => (typeof code === 'string' ? [{ value: code, label: typeof labels[i] === 'string' ? labels[i] : code }] : []));
}
