/**
 * How a `many` child list sent with its parent reaches the table (issue 14 item 5): rows are matched with the
 * stored ones by the child entity's key; a new key is inserted, a stored row is updated only when one of its
 * values differs, and a stored row the list no longer holds is deleted. A line nobody touched is not written
 * at all, so what the server set on it (and any later reader of its history) is left alone, and two users
 * saving different lines of one order do not rewrite each other's. The caller runs it inside the parent's
 * transaction, after locking the parent row.
 */
import type { Knex } from 'knex';
import type { EntityModel, FieldModel } from '../../common/model.js';
import { textOf } from '../../common/text.js';
import { ApiError } from '../http/api-error.js';
import { isServerSet } from './field-access.js';
import type { Repository } from './repository.js';
import { keyOf, type Row } from './row-mapping.js';

/** One item of the list as it will be stored, and the path that names it in errors (`righe.1.`). */
export interface DesiredRow { row: Row; path: string }

/** What the upsert wrote: the keys of the rows inserted, updated and deleted. */
export interface ChildChanges { inserted: Row[]; updated: Row[]; deleted: Row[] }

export async function upsertChildRows(
  trx: Knex.Transaction, repo: Repository, link: Row, desired: readonly DesiredRow[], duplicateMessage: string,
): Promise<ChildChanges> {
  const entity = repo.entity;
  const stored = new Map((await repo.findWhere(trx, link)).map((r) => [keyText(entity, r), r]));
  const sent = new Map<string, DesiredRow>();
  const duplicates = desired.filter((d) => {
    const key = keyText(entity, d.row);
    if (sent.has(key)) return true;
    sent.set(key, d);
    return false;
  });
  // Two items with one key would be one row: say which, as the insert's unique constraint would have.
  if (duplicates.length) throw new ApiError('DUPLICATE_KEY', duplicates.map((d) => ({ field: d.path + entity.key[entity.key.length - 1], message: duplicateMessage })));

  const changes: ChildChanges = { inserted: [], updated: [], deleted: [] };
  // Removed rows go first: a unique value moved from a removed line to a new one must be free by then.
  for (const [key, row] of stored) {
    if (sent.has(key)) continue;
    await repo.delete(trx, keyOf(entity, row));
    changes.deleted.push(keyOf(entity, row));
  }
  for (const [key, { row }] of sent) {
    const current = stored.get(key);
    if (!current) {
      await repo.insert(trx, row);
      changes.inserted.push(keyOf(entity, row));
      continue;
    }
    const next = asReplacement(entity, row);
    if (entity.fields.every((f) => !(f.name in next) || sameValue(f, current[f.name], next[f.name]))) continue;
    await repo.update(trx, keyOf(entity, row), next);
    changes.updated.push(keyOf(entity, row));
  }
  return changes;
}

/**
 * The list replaces the stored one, so a field an item leaves out is emptied, as a fresh insert would leave it;
 * fields the server sets (readOnly, generate) never come from the body and keep their stored value.
 */
function asReplacement(entity: EntityModel, row: Row): Row {
  const out: Row = { ...row };
  for (const field of entity.fields) {
    if (!(field.name in out) && !isServerSet(field)) out[field.name] = null;
  }
  return out;
}

/** The key as one text, for matching a sent item with its stored row (12 and '12' are the same line). */
function keyText(entity: EntityModel, row: Row): string {
  return JSON.stringify(entity.key.map((k) => textOf(row[k] ?? '')));
}

/** A stored value (as row-mapping reads it) and a sent one mean the same: no write is needed. */
function sameValue(field: FieldModel, stored: unknown, sent: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null;
  if (empty(stored) || empty(sent)) return empty(stored) && empty(sent);
  switch (field.type) {
    case 'boolean': return Boolean(stored) === (sent === true || sent === 1 || sent === '1' || sent === 'true');
    case 'integer': case 'decimal': return Number(stored) === Number(sent);
    case 'datetime': return new Date(textOf(stored)).getTime() === new Date(textOf(sent)).getTime();
    case 'date': return textOf(stored).slice(0, 10) === textOf(sent).slice(0, 10);
    default: return textOf(stored) === textOf(sent);
  }
}
