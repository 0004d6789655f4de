/**
 * The rows of a view (spec `viewRows`, docs/spec-language.md#the-rows-of-a-view): only those linked to a row of
 * another entity whose fields hold the given values, e.g. the users of merchant groups (the staff's merchant
 * users, spec/sicurezza/utente-merchant.yaml) among every user of the table. A subquery that does not depend on
 * the outer row, added to every read of the view, so a row outside is missing for it: absent from lists, 404 by key.
 */
import type { Knex } from 'knex';
import { entityByName, type EntityModel, type Model } from '../../common/model.js';
import { named } from '../lookup.js';

/** Narrows `qb` (over `entity`'s table) to the view's rows; nothing for an entity without `viewRows`. */
export function whereInViewRows(model: Pick<Model, 'entities'>, entity: EntityModel, db: Knex | Knex.Transaction, qb: Knex.QueryBuilder): void {
  const rows = entity.viewRows;
  if (!rows) return;
  const target = entityByName(model, rows.entity);
  const theirs = (field: string) => named(target.fields, field, `${target.name} fields`).column;
  const mine = (field: string) => named(entity.fields, field, `${entity.name} fields`).column;
  const links = Object.entries(rows.link);
  const sub = db(target.table).select(links.map(([their]) => theirs(their)));
  for (const [field, value] of Object.entries(rows.where)) sub.where(theirs(field), value);
  const own = links.map(([, field]) => `${entity.table}.${mine(field)}`);
  if (own.length === 1) qb.whereIn(own[0], sub);
  else qb.whereIn(own, sub);
}
