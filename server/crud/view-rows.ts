/**
 * The rows of a view (spec `viewRows`, docs/spec-language.md#the-rows-of-a-view): only those linked to a row of
 * another entity whose fields hold the given values, e.g. the users of merchant groups (the staff's merchant
 * users, spec/sicurezza/utente-merchant.yaml) among every user of the table. A subquery that does not depend on
 * the outer row, added to every read of the view, so a row outside is missing for it: absent from lists, 404 by key.
 */
import type { Knex } from 'knex';
import { entityByName, type EntityModel, type Model } from '../../common/model.js';
import type { Caller } from '../domain/auth/caller.js';
import { named } from '../lookup.js';
import { whereInCallerScope } from './data-scope.js';

/**
 * Narrows `qb` (over `entity`'s table) to the view's rows, each condition of its `viewRows` in turn (all must hold);
 * nothing for an entity without `viewRows`. With `withinScope`, only the related rows the caller may read count
 * (docs/spec-language.md#rows-linked-within-the-callers-scope): the caller's scope of the related entity is a
 * predicate of the same subquery. Without a caller (internal reads), every related row counts.
 */
export function whereInViewRows(model: Pick<Model, 'entities' | 'bindings'>, entity: EntityModel, db: Knex | Knex.Transaction, qb: Knex.QueryBuilder, caller?: Caller): void {
  for (const rows of entity.viewRows ?? []) {
    const target = entityByName(model, rows.entity);
    const theirs = (field: string) => named(target.fields, field, `${target.name} fields`).column;
    const mine = (field: string) => named(entity.fields, field, `${entity.name} fields`).column;
    const links = Object.entries(rows.link);
    const sub = db(target.table).select(links.map(([their]) => theirs(their)));
    for (const [field, value] of Object.entries(rows.where)) sub.where(theirs(field), value);
    if (rows.withinScope) whereInCallerScope(model, target, sub, theirs, caller, 'read');
    const own = links.map(([, field]) => `${entity.table}.${mine(field)}`);
    if (own.length === 1) qb.whereIn(own[0], sub);
    else qb.whereIn(own, sub);
  }
}
