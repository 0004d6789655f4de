/**
 * Names beside codes (docs/spec-language.md#references): each row of a page gets `_labels`, the display name
 * of every row its reference fields point to (`{ codAbi: '30480 - BCC di Esempio' }`). One query per
 * reference field for the whole page (`WHERE key IN (...)`), never one per row, so a list costs the same
 * whatever its page holds.
 *
 * The name is read without the caller's data scope on the referenced entity: whoever sees a row sees the
 * code it refers to, and the display fields are the ones chosen to name that row to others (never secret).
 */
import type { Knex } from 'knex';
import { entityByName, type EntityModel, type FieldModel, type Model } from '../../common/model.js';
import { displayName } from '../../common/display-name.js';
import { named } from '../lookup.js';
import type { Row } from './row-mapping.js';

/** The rows with `_labels` added where a reference field's row has a name beyond its own code. */
export async function withReferenceLabels(db: Knex, model: Pick<Model, 'entities'>, entity: EntityModel, rows: Row[]): Promise<Row[]> {
  const references = entity.fields.filter((f): f is FieldModel & { reference: NonNullable<FieldModel['reference']> } => f.type === 'reference' && f.reference !== undefined);
  if (!references.length || !rows.length) return rows;
  const labels = rows.map((): Record<string, string> => ({}));
  for (const field of references) {
    const target = entityByName(model, field.reference.entity);
    const keyField = named(target.fields, field.reference.field, `${target.name} fields`);
    // Named by its own code only: the label would repeat the value.
    if (target.display.length === 1 && target.display[0] === keyField.name) continue;
    const values = [...new Set(rows.map((r) => r[field.name]).filter((v) => v !== null && v !== undefined && v !== ''))];
    if (!values.length) continue;
    const display = target.display.map((name) => named(target.fields, name, `${target.name} fields`));
    const found = await db<Record<string, unknown>>(target.table).whereIn(keyField.column, values.map(String)).select([keyField.column, ...display.map((d) => d.column)]);
    const byValue = new Map(found.map((r) => [String(r[keyField.column]), displayName(display.map((d) => r[d.column]))]));
    rows.forEach((row, i) => {
      const label = byValue.get(String(row[field.name]));
      if (label) labels[i][field.name] = label;
    });
  }
  return rows.map((row, i) => (Object.keys(labels[i]).length ? { ...row, _labels: labels[i] } : row));
}
