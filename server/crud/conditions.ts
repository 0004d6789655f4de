/**
 * Conditions a domain handler adds to a search of the generic service (EntityService.search, count,
 * countBy) beyond what a list's query string can say: a field among a set of codes (an enum group of the
 * spec), outside it, or between two bounds. Fields are named as the spec names them; the service maps
 * them to columns, so a handler never writes SQL and the caller's scope still applies.
 */
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';
import { textOf } from '../../common/text.js';
import type { ReportDimension } from '../../common/report.js';
import { isPostgres } from '../db/dialect.js';
import { inScope, whereInScope, type Caller } from '../domain/auth/caller.js';
import { groupKeyText } from './aggregate.js';

export type Condition = (
  | { field: string; in: readonly (string | number)[] }
  | { field: string; notIn: readonly (string | number)[] }
  /** Both ends included; an end left out is open. */
  | { field: string; from?: string | number; to?: string | number }
  /**
   * A bank or group of `caller`'s scope (its group and those below, merchants' groups included): a subquery
   * the database evaluates, never the list of the groups, which a federation counts by the ten thousand.
   */
  | { field: string; inScopeOf: Caller }
  /** Among the values a subquery selects (EntityService.valuesWhere): another entity's rows, read by the database. */
  | { field: string; inQuery: Knex.QueryBuilder }
  /** The field's derived value (a date's weekday, a time's slot, as a report groups it) is one of these keys. */
  | { field: string; derived: Pick<ReportDimension, 'by' | 'slots'>; among: readonly string[] }
) & {
  /** A row without a value meets the condition too (a notification for every bank, one that never ends). */
  orNull?: boolean;
};

export function applyConditions(qb: Knex.QueryBuilder, entity: EntityModel, conditions: readonly Condition[]): void {
  for (const c of conditions) {
    const field = entity.fields.find((f) => f.name === c.field);
    if (!field) throw new Error(`${entity.name} has no field ${c.field}`);
    const apply = (w: Knex.QueryBuilder) => {
      if ('inScopeOf' in c) whereInScope(w, field.column, c.inScopeOf, { merchantGroups: true });
      else if ('inQuery' in c) w.whereIn(field.column, c.inQuery);
      else if ('derived' in c) {
        const key = groupKeyText(isPostgres(qb), field.column, c.derived);
        w.whereRaw(`(${key.sql}) in (${c.among.map(() => '?').join(', ')})`, [...key.bindings, ...c.among]);
      }
      else if ('in' in c) w.whereIn(field.column, [...c.in]);
      else if ('notIn' in c) w.whereNotIn(field.column, [...c.notIn]);
      else {
        if (c.from !== undefined) w.where(field.column, '>=', c.from);
        if (c.to !== undefined) w.where(field.column, '<=', c.to);
      }
    };
    if (c.orNull) qb.where((w) => { w.whereNull(field.column).orWhere((inner) => apply(inner)); });
    else apply(qb);
  }
}

/** Whether a row (as the service answers it) meets the conditions: the same test in JavaScript. */
export function meets(row: Record<string, unknown>, conditions: readonly Condition[]): boolean {
  return conditions.every((c) => {
    const value = row[c.field];
    if (value === null || value === undefined) return Boolean(c.orNull) || 'notIn' in c;
    if ('inScopeOf' in c) return inScope(c.inScopeOf, value);
    if ('inQuery' in c || 'derived' in c) throw new Error(`A subquery or derived condition on ${c.field} is the database's to test`);
    const comparable = typeof value === 'number' ? value : textOf(value);
    if ('in' in c) return c.in.some((v) => String(v) === textOf(value));
    if ('notIn' in c) return !c.notIn.some((v) => String(v) === textOf(value));
    return (c.from === undefined || comparable >= c.from) && (c.to === undefined || comparable <= c.to);
  });
}
