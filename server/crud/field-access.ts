/**
 * Field-level write rules of the spec that do not depend on the entity's permissions (docs/spec-language.md
 * #field-access), checked by the generic service on create, update and child replace, children included:
 *   - server-set fields (`readOnly`, `generate`) never come from a request body: 400 'Campo non previsto',
 *     as the OpenAPI input schemas (which leave them out) answer, so every path says the same;
 *   - `writableBy: assistance`: tenant structure (a group's parent and type, a bank's warehouse group) is set
 *     and changed by assistance only, since it decides whose rows a user sees; anyone else gets 403 naming
 *     the field when the value differs from what is stored (or, for a new row, from the default);
 *   - `reservedValues`: values only assistance writes (ROLE_ADMIN, ROLE_WPB, MERCHANT_OP), because holding
 *     them is what makes a user assistance or a merchant; a row that already holds one may be saved back;
 *   - `writableWhen`: a stored value only callers for whom the condition holds change (seed 001 §6: the company
 *     name, by users of the position's banks); the lifecycle decides which fields are locked (lockedFields).
 * Saves without a caller (demo data) are the spec's own data and pass.
 */
import type { Knex } from 'knex';
import type { ChildModel, EntityModel, FieldModel } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import type { Caller } from '../domain/auth/caller.js';
import { ApiError, type ErrorDetail } from '../http/api-error.js';
import { Repository } from './repository.js';
import { keyOf, type Row } from './row-mapping.js';
import { isRecord } from '../records.js';
import { textOf } from '../../common/text.js';
import { fixedValues } from '../../common/child-fixed.js';

/** A field the server fills: the caller never sends it (docs/spec-language.md#server-set-fields). */
export function isServerSet(field: FieldModel): boolean {
  return field.readOnly || field.generate !== undefined;
}

/** 400 on every server-set field present in the body, children included (`group.x`, `modelliPos.0.x`). */
export function refuseServerSet(model: RuntimeModel, entity: EntityModel, body: Row, caller: Caller | undefined, pathOf: PathOf = defaultPath): void {
  if (!caller) return;
  const details = serverSetIn(model, entity, body, '', pathOf);
  if (details.length) throw new ApiError('VALIDATION_ERROR', details.map((field) => ({ field, message: model.messages.validation.unknownField })));
}

function serverSetIn(model: RuntimeModel, entity: EntityModel, body: Row, prefix: string, pathOf: PathOf): string[] {
  const out = entity.fields.filter((f) => isServerSet(f) && body[f.name] !== undefined).map((f) => prefix + f.name);
  for (const child of entity.children) {
    const value = body[child.name];
    if (!value || typeof value !== 'object') continue;
    const childEntity = entityByName(model, child.entity);
    childItems(child, value).forEach((item, i) => {
      if (isRecord(item)) out.push(...serverSetIn(model, childEntity, item, pathOf(child, child.kind === 'one' ? undefined : i), pathOf));
    });
  }
  return out;
}

export type PathOf = (child: ChildModel, index?: number) => string;
const defaultPath: PathOf = (child, i) => (i === undefined ? `${child.name}.` : `${child.name}.${i}.`);

/**
 * 403 with one detail per field the caller may not write: `writableBy` fields set or changed, reserved values
 * written anew. `current` is the stored row (null on create); children are compared with their stored rows.
 */
export async function refuseAssistanceOnly(
  trx: Knex.Transaction, model: RuntimeModel, entity: EntityModel, body: Row, current: Row | null, caller: Caller | undefined,
  pathOf: PathOf = defaultPath,
): Promise<void> {
  if (!caller || caller.isAssistenza) return;
  const details = restricted(entity, body, current ? [current] : [], '', new Set(), (stored) => stored);
  for (const child of entity.children) {
    const value = body[child.name];
    if (!value || typeof value !== 'object') continue;
    const childEntity = entityByName(model, child.entity);
    const platformSet = new Set([...Object.keys(child.link), ...Object.keys(child.fixed)]);
    if (!childEntity.fields.some((f) => f.writableBy || f.reservedValues)) continue;
    const stored = current ? await new Repository(childEntity).findWhere(trx, linkValues(child, current)) : [];
    childItems(child, value).forEach((item, i) => {
      if (!isRecord(item)) return;
      const full = { ...item, ...linkValues(child, { ...current, ...body }), ...fixedValues(child, { ...current, ...body }) };
      // The stored row this item rewrites: the same key (a `one` child has one row at most).
      const sameKey = (rows: Row[]) => rows.filter((r) => child.kind === 'one' || sameValues(childEntity, keyOf(childEntity, r), keyOf(childEntity, full)));
      details.push(...restricted(childEntity, item, stored, pathOf(child, child.kind === 'one' ? undefined : i), platformSet, sameKey));
    });
  }
  if (details.length) throw new ApiError('FORBIDDEN', details);
}

/**
 * The refusals for one row: a `writableBy` field whose sent value differs from its stored row's (or from the
 * default, when there is none); a reserved value that no stored row of the same place already holds.
 */
function restricted(
  entity: EntityModel, item: Row, stored: Row[], prefix: string, platformSet: Set<string>, counterpart: (rows: Row[]) => Row[],
): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const before = counterpart(stored).at(0);
  for (const field of entity.fields) {
    const sent = item[field.name];
    if (sent === undefined || platformSet.has(field.name)) continue;
    if (field.writableBy) {
      const was = before ? before[field.name] : (field.default ?? null);
      if (!same(field, sent, was)) out.push({ field: prefix + field.name, message: field.messages.writableBy });
    }
    const reserved = field.reservedValues;
    if (reserved && sent !== null && reserved.values.includes(textOf(sent))) {
      // Already held in the same place (the same row, or the same list): saving it back is not writing it.
      const held = (before && same(field, before[field.name], sent)) || stored.some((r) => same(field, r[field.name], sent));
      if (!held) out.push({ field: prefix + field.name, message: `${reserved.message}: ${textOf(sent)}` });
    }
  }
  return out;
}

/**
 * 403 with the field's `writableWhen.message` for each `locked` field (the caller's condition is false on the
 * stored row) whose sent value differs from the stored one; sending it back as it is passes (forms post whole rows).
 */
export function refuseLockedChanges(entity: EntityModel, body: Row, current: Row, locked: readonly string[]): void {
  const details: ErrorDetail[] = [];
  for (const field of entity.fields) {
    if (!field.writableWhen || !locked.includes(field.name) || body[field.name] === undefined) continue;
    if (!same(field, body[field.name], current[field.name])) details.push({ field: field.name, message: field.writableWhen.message });
  }
  if (details.length) throw new ApiError('FORBIDDEN', details);
}

function same(field: FieldModel, a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null || v === '' ? null : field.type === 'boolean' ? String(Boolean(v)) : textOf(v));
  return norm(a) === norm(b);
}

function sameValues(entity: EntityModel, a: Row, b: Row): boolean {
  return entity.key.every((k) => textOf(a[k] ?? '') === textOf(b[k] ?? ''));
}

/** What a child's value in a body holds, by position (a list's index names the item in errors). */
function childItems(child: ChildModel, value: unknown): unknown[] {
  if (child.kind === 'one') return [value];
  return Array.isArray(value) ? value : [];
}

function linkValues(child: ChildModel, parent: Row): Row {
  return Object.fromEntries(Object.entries(child.link).map(([childField, parentField]) => [childField, parent[parentField]]));
}
