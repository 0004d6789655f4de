/**
 * What one entry of the audit trail changed, field by field, in the form's Italian labels (the "Storico
 * modifiche" panel). Before and after are the row as the API answered it, as JSON text (server/crud/audit.ts);
 * a one-to-one child is compared field by field ("Gruppo › Descrizione"), a list as a whole.
 */
import { formatBoolean, formatDate, formatDateTime } from './format';
import { isRecord, isStringArray, recordAt } from './guards';
import { textOf } from '../../../common/text';

export interface AuditEntry {
  id: string;
  changedAt: string;
  username: string | null;
  entity: string;
  entityKey: string;
  operation: 'create' | 'update' | 'delete' | 'transition';
  transition: string | null;
  before: string | null;
  after: string | null;
}

export interface FieldChange {
  /** Dotted path in the row (group.description). */
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The labels of the operations, as the panel shows them. */
export const OPERATION_LABELS: Record<AuditEntry['operation'], string> = {
  create: 'Creazione', update: 'Modifica', delete: 'Eliminazione', transition: 'Transizione',
};

type Schema = { title?: string; type?: unknown; format?: string; enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema };
type UiSchema = Record<string, unknown>;

/** The fields an entry changed, in the form's field order; on create every value set, on delete every value held. */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>, schema: Schema, uiSchema: UiSchema = {}): FieldChange[] {
  const out: FieldChange[] = [];
  compare(parse(entry.before), parse(entry.after), schema, uiSchema, '', '', out);
  return out;
}

function compare(before: Record<string, unknown> | null, after: Record<string, unknown> | null, schema: Schema, uiSchema: UiSchema, path: string, labelPrefix: string, out: FieldChange[]): void {
  const declared = uiSchema['ui:order'];
  const order = isStringArray(declared) ? declared.filter((f) => f !== '*') : [];
  const names = [...new Set([...order, ...Object.keys(schema.properties ?? {}), ...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((n) => !n.startsWith('_') && ((before && n in before) || (after && n in after)));
  for (const name of names) {
    const prop = schema.properties?.[name] ?? {};
    const label = `${labelPrefix}${prop.title ?? name}`;
    const b = before?.[name] ?? null;
    const a = after?.[name] ?? null;
    const fieldUi = recordAt(uiSchema, name) ?? {};
    if ((isRecord(b) || isRecord(a)) && !Array.isArray(b) && !Array.isArray(a)) {
      compare(isRecord(b) ? b : null, isRecord(a) ? a : null, prop, fieldUi, `${path}${name}.`, `${label} › `, out);
      continue;
    }
    if (JSON.stringify(b) === JSON.stringify(a)) continue;
    const show = (v: unknown) => display(v, prop, fieldUi);
    out.push({ field: `${path}${name}`, label, before: show(b), after: show(a) });
  }
}

/** A value as the form shows it: Sì/No, dd/MM/yyyy, an enum's label; a list as its rows, one per line. */
function display(value: unknown, schema: Schema, uiSchema: UiSchema): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) {
    return value.map((item: unknown) => (item !== null && typeof item === 'object'
      ? Object.entries(item).map(([k, v]: [string, unknown]) => `${schema.items?.properties?.[k]?.title ?? k}: ${display(v, schema.items?.properties?.[k] ?? {}, {})}`).join(', ')
      : String(item))).join('\n');
  }
  if (typeof value === 'boolean') return formatBoolean(value);
  if (schema.format === 'date') return formatDate(value);
  if (schema.format === 'date-time') return formatDateTime(value);
  const names = uiSchema['ui:enumNames'];
  const index = schema.enum?.indexOf(value) ?? -1;
  // ui:enumNames may list fewer names than the enum has codes.
  const name = isStringArray(names) && index >= 0 ? names.at(index) : undefined;
  return name ?? textOf(value);
}

function parse(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** The key as the trail stores it: values in key order, URI-encoded, joined by '/' (30480/01600). */
export function auditKey(keyFields: readonly string[], key: Record<string, string>): string {
  return keyFields.map((k) => encodeURIComponent(key[k] ?? '')).join('/');
}
