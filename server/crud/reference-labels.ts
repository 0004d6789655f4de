/**
 * Names beside codes (docs/spec-language.md#references): each row of a page gets `_labels`, the display name
 * of every row its reference fields point to (`{ codAbi: '30480 - BCC di Esempio' }`). One query per
 * reference field for the whole page (`WHERE key IN (...)`), never one per row, so a list costs the same
 * whatever its page holds.
 *
 * A referenced entity with a data scope is read within the caller's scope of it: a row outside it (the parent
 * group of a bank, for that bank's users) keeps its code and gets no name, so a label never tells a caller
 * what its own lists would hide. Rows of an entity without a scope are everyone's (municipalities): whoever
 * sees the referring row reads their name, without the referenced entity's grants. Only the display fields
 * are read, and they are never secret (the generator refuses it).
 */
import type { Knex } from 'knex';
import { entityByName, type EntityModel, type FieldModel, type Model } from '../../common/model.js';
import { displayName } from '../../common/display-name.js';
import { named } from '../lookup.js';
import type { Caller } from '../domain/auth/caller.js';
import { rowInScope, scopeFieldsOf } from './data-scope.js';
import type { Row } from './row-mapping.js';

/**
 * The rows with `_labels` added where a reference field's row has a name beyond its own code. `skip`: fields
 * not to name (a child row's link to its parent, whose name the parent row carries already).
 */
export async function withReferenceLabels(db: Knex, model: Pick<Model, 'entities' | 'bindings'>, entity: EntityModel, rows: Row[], caller?: Caller, skip: readonly string[] = []): Promise<Row[]> {
  const references = entity.fields.filter((f): f is FieldModel & { reference: NonNullable<FieldModel['reference']> } => f.type === 'reference' && f.reference !== undefined && !skip.includes(f.name));
  if (!rows.length) return rows;
  const labels = rows.map((): Record<string, string> => ({}));
  for (const field of references) {
    const target = entityByName(model, field.reference.entity);
    const keyField = named(target.fields, field.reference.field, `${target.name} fields`);
    // Named by its own code only: the label would repeat the value.
    if (target.display.length === 1 && target.display[0] === keyField.name) continue;
    const values = [...new Set(rows.map((r) => r[field.name]).filter((v) => v !== null && v !== undefined && v !== ''))];
    if (!values.length) continue;
    const display = target.display.map((name) => named(target.fields, name, `${target.name} fields`));
    // The fields the caller's scope is checked on come with the page's few rows and are checked here, as a GET
    // checks its row: a predicate in the statement would send the caller's whole scope (10,000 banks of a
    // federation, a bound array of 80 kB) to the database for the names of a page (issue 19).
    const read = [keyField, ...display, ...scopeFieldsOf(model, target, caller).map((name) => named(target.fields, name, `${target.name} fields`))];
    const query = db<Record<string, unknown>>(target.table).whereIn(keyField.column, values.map(String)).select(Object.fromEntries(read.map((f) => [f.name, f.column])));
    const found = (await query).filter((r) => rowInScope(model, target, r, caller));
    const byValue = new Map(found.map((r) => [String(r[keyField.name]), displayName(display.map((d) => r[d.name]))]));
    rows.forEach((row, i) => {
      const label = byValue.get(String(row[field.name]));
      if (label) labels[i][field.name] = label;
    });
  }
  const own = rows.map((row, i) => (Object.keys(labels[i]).length ? { ...row, _labels: labels[i] } : row));
  return withChildLabels(db, model, entity, own, caller);
}

/**
 * The child rows a record carries (a merchant's legal representative, its beneficial owners) get their
 * `_labels` too: all the rows of one child, across the page, in one pass, so a child's references cost one
 * query per field as the parent's do. Rows without children (list pages) cost nothing.
 */
async function withChildLabels(db: Knex, model: Pick<Model, 'entities' | 'bindings'>, entity: EntityModel, rows: Row[], caller?: Caller): Promise<Row[]> {
  let out = rows;
  for (const child of entity.children) {
    const childEntity = entityByName(model, child.entity);
    const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
    // Where each child row sits: [parent index, item index or -1 for a `one` child].
    const places: [number, number][] = [];
    const childRows: Row[] = [];
    out.forEach((row, i) => {
      const value = row[child.name];
      if (Array.isArray(value)) value.forEach((item, j) => { if (isRow(item)) { places.push([i, j]); childRows.push(item); } });
      else if (isRow(value)) { places.push([i, -1]); childRows.push(value); }
    });
    if (!childRows.length) continue;
    const labelled = await withReferenceLabels(db, model, childEntity, childRows, caller, Object.keys(child.link));
    out = out.map((row) => ({ ...row }));
    places.forEach(([i, j], n) => {
      const value = out[i][child.name];
      if (j === -1) out[i][child.name] = labelled[n];
      else if (Array.isArray(value)) out[i][child.name] = value.map((item: unknown, k) => (k === j ? labelled[n] : item));
    });
  }
  return out;
}

/**
 * A body as it may come back from a GET: the row's `_labels` and its child rows' are names, not data, and are
 * dropped before the row is checked and saved (docs/spec-language.md#references).
 */
export function withoutLabels(model: Pick<Model, 'entities'>, entity: EntityModel, body: Row): Row {
  const { _labels: _names, ...row } = body;
  for (const child of entity.children) {
    const childEntity = entityByName(model, child.entity);
    const value = row[child.name];
    const strip = (item: unknown) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? withoutLabels(model, childEntity, { ...item }) : item);
    if (Array.isArray(value)) row[child.name] = value.map(strip);
    else if (value !== undefined) row[child.name] = strip(value);
  }
  return row;
}
