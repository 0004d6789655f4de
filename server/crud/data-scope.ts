/**
 * The caller's data scope on one entity (issue 14 item 8): the entity's dimensions (`scope` in its spec)
 * against what restricts the caller's kind (spec/platform/bindings.yaml `dataScope`), as a predicate for
 * lists and as a check of one row. Both read the same restrictions, so a list never shows a row that GET
 * would refuse, nor hides one it would answer. An entity with `readAbove` (roles) is read, not written, in the
 * groups above the caller's too: `access` says which of the two is asked.
 */
import type { Knex } from 'knex';
import { bindingsOf } from '../../common/bindings.js';
import { kindReaches, restrictionsOf, SCOPE_DIMENSIONS, type ScopeDimension, type ScopeValue } from '../../common/data-scope.js';
import { entityByName, type EntityModel, type Model } from '../../common/model.js';
import { textOf } from '../../common/text.js';
import { inScope, whereInAssignedStores, whereInScope, type Caller } from '../domain/auth/caller.js';
import { named } from '../lookup.js';
import type { Row } from './row-mapping.js';

/** Reading or writing: `readAbove` widens the first only. */
export type ScopeAccess = 'read' | 'write';

/** The groups above the caller's whose rows of `entity` the caller may also read (`readAbove`); none to write. */
function readableAbove(entity: EntityModel, dimension: ScopeDimension, caller: Caller, access: ScopeAccess): readonly string[] {
  return access === 'read' && entity.readAbove && dimension === 'group' ? caller.ancestors ?? [] : [];
}

/** What one restriction asks of a value; `undefined`: the caller is not restricted by it (a bank user without a cab). */
function expected(value: ScopeValue, caller: Caller, above: readonly string[]): ((v: unknown) => boolean) | undefined {
  switch (value) {
    case 'groupTree': return caller.scope === 'all' ? undefined : (v) => inScope(caller, v) || above.includes(textOf(v));
    case 'ownBranch': return caller.cab === undefined ? undefined : (v) => v === caller.cab;
    case 'ownGroup': return (v) => v === caller.group;
    case 'ownBank': return (v) => v === caller.merchant?.bank;
    case 'ownMerchant': return (v) => v === caller.merchant?.code;
    case 'assignedStores': return caller.stores ? (v) => v !== null && v !== undefined && (caller.stores ?? []).includes(textOf(v)) : undefined;
  }
}

/** Whether `row` of `entity` is in the caller's scope; no caller (demo data, jobs) sees everything. */
export function rowInScope(model: Pick<Model, 'bindings'>, entity: EntityModel, row: Row, caller?: Caller, access: ScopeAccess = 'write'): boolean {
  if (!caller) return true;
  const kind = bindingsOf(model).dataScope[caller.kind];
  if (kind.all) return true;
  if (!kindReaches(kind, entity.scope)) return false;
  return restrictionsOf(kind, entity.scope).every(({ dimension, field, value }) => expected(value, caller, readableAbove(entity, dimension, caller, access))?.(row[field]) ?? true);
}

/** The fields of `entity` that `rowInScope` reads for this caller: a row read to be checked must carry them. */
export function scopeFieldsOf(model: Pick<Model, 'bindings'>, entity: EntityModel, caller?: Caller): string[] {
  if (!caller) return [];
  const kind = bindingsOf(model).dataScope[caller.kind];
  return kind.all ? [] : [...new Set(restrictionsOf(kind, entity.scope).map((r) => r.field))];
}

/** Restricts a query of `entity` to the caller's scope; `column` maps a field to its column. */
export function whereInCallerScope(
  model: Pick<Model, 'bindings' | 'entities'>, entity: EntityModel, qb: Knex.QueryBuilder, column: (field: string) => string, caller?: Caller, access: ScopeAccess = 'write',
): void {
  if (!caller) return;
  const kind = bindingsOf(model).dataScope[caller.kind];
  if (kind.all) return;
  if (!kindReaches(kind, entity.scope)) {
    qb.whereRaw('1 = 0');
    return;
  }
  for (const { dimension, field, value } of restrictionsOf(kind, entity.scope)) restrict(qb, entity, dimension, column(field), value, caller, access);
  // A dimension taken through a reference: the referenced rows that have it, as a subquery of keys.
  for (const through of throughRestrictions(model, entity, caller)) {
    qb.whereIn(column(through.field), (sub) => { through.select(sub); restrict(sub, through.target, through.dimension, through.column, through.value, caller, access); });
  }
}

/**
 * Whether the rows `row` refers to by its `through` dimensions (`scope: { branch: { through: pdvid } }`) are in the
 * caller's scope of those dimensions: one query per such dimension that restricts the caller (a branch user on a
 * terminal's store), none otherwise. Own dimensions are `rowInScope`'s.
 */
export async function throughInScope(
  db: Knex | Knex.Transaction, model: Pick<Model, 'bindings' | 'entities'>, entity: EntityModel, row: Row, caller?: Caller, access: ScopeAccess = 'write',
): Promise<boolean> {
  if (!caller) return true;
  for (const through of throughRestrictions(model, entity, caller)) {
    const value = row[through.field];
    if (value === null || value === undefined) return false;
    const qb = db(through.target.table).where(through.key, textOf(value));
    restrict(qb, through.target, through.dimension, through.column, through.value, caller, access);
    if ((await qb.first(db.raw('1 as found'))) === undefined) return false;
  }
  return true;
}

/**
 * The value of `dimension` that `row` takes through its reference (`scope: { branch: { through: pdvid } }`: the cab
 * of a terminal's store), read in `db`; null when the entity holds the dimension itself, or nothing is referred to.
 */
export async function throughValue(db: Knex | Knex.Transaction, model: Pick<Model, 'entities'>, entity: EntityModel, row: Row, dimension: ScopeDimension): Promise<string | null> {
  const through = entity.scopeThrough?.[dimension];
  const value = through ? row[through.field] : undefined;
  if (!through || value === null || value === undefined) return null;
  const target = entityByName(model, through.entity);
  const columnOf = (field: string) => named(target.fields, field, `${target.name} fields`).column;
  const key = columnOf(named(entity.fields, through.field, `${entity.name} fields`).reference?.field ?? target.key[0]);
  const found: Record<string, unknown> | undefined = await db(target.table).where(key, textOf(value)).first({ held: columnOf(target.scope[dimension] ?? '') });
  return found?.held === null || found?.held === undefined ? null : textOf(found.held);
}

/** The dimensions of `entity` taken through a reference that restrict this caller, with the referenced entity's columns. */
function throughRestrictions(model: Pick<Model, 'bindings' | 'entities'>, entity: EntityModel, caller?: Caller) {
  if (!caller || !entity.scopeThrough) return [];
  const kind = bindingsOf(model).dataScope[caller.kind];
  if (kind.all) return [];
  const scopeThrough = entity.scopeThrough;
  return SCOPE_DIMENSIONS.flatMap((dimension) => {
    const through = scopeThrough[dimension];
    if (!through) return [];
    const value = kind.restrict?.[dimension];
    if (value === undefined || expected(value, caller, []) === undefined) return [];
    const target = entityByName(model, through.entity);
    const columnOf = (field: string) => named(target.fields, field, `${target.name} fields`).column;
    // The referenced field (the target's key the reference holds), as the reference's own check reads it.
    const key = columnOf(named(entity.fields, through.field, `${entity.name} fields`).reference?.field ?? target.key[0]);
    return [{
      dimension, value, target, field: through.field, key,
      column: columnOf(target.scope[dimension] ?? ''),
      select: (sub: Knex.QueryBuilder) => sub.from(target.table).select(key),
    }];
  });
}

/** One restriction of a query on the column holding `dimension`. */
function restrict(qb: Knex.QueryBuilder, entity: EntityModel, dimension: ScopeDimension, col: string, value: ScopeValue, caller: Caller, access: ScopeAccess): void {
  switch (value) {
    // Only a column of groups can hold a merchant's group.
    case 'groupTree': {
      const above = readableAbove(entity, dimension, caller, access);
      if (above.length === 0) whereInScope(qb, col, caller, { merchantGroups: dimension === 'group' });
      else qb.where((q) => { whereInScope(q, col, caller, { merchantGroups: true }); q.orWhereIn(col, [...above]); });
      break;
    }
    case 'ownBranch': if (caller.cab !== undefined) qb.where(col, caller.cab); break;
    case 'ownGroup': qb.where(col, caller.group); break;
    // A merchant caller always has them; anyone else bound to these values matches nothing.
    case 'ownBank': qb.where(col, caller.merchant?.bank ?? null); break;
    case 'ownMerchant': qb.where(col, caller.merchant?.code ?? null); break;
    case 'assignedStores': if (caller.stores) whereInAssignedStores(qb, col, caller); break;
  }
}
