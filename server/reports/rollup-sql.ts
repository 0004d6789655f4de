/**
 * The SQL of a report's rollups (common/report-rollup.ts, docs/spec-language.md#rollups): the entity's rows,
 * exclusions left out, grouped by the rollup's key and summed, as one SELECT. The rebuild inserts what it selects
 * over every row; a write adds what it selects over the one row it touches, with the sign of the change, in an
 * upsert on the key text. Both compute the key from the same expressions in the same database, so a write always
 * meets the rollup row the rebuild made.
 */
import type { Knex } from 'knex';
import type { EntityModel, Model } from '../../common/model.js';
import { entityByName } from '../../common/model.js';
import { rollupIndexFields, type ReportRollup } from '../../common/report-rollup.js';
import type { ReportModel } from '../../common/report.js';
import { groupKeySql } from '../crud/aggregate.js';
import { applyConditions } from '../crud/conditions.js';
import { isPostgres } from '../db/dialect.js';
import { named } from '../lookup.js';

export interface RollupOf { report: ReportModel; rollup: ReportRollup; entity: EntityModel }

/** Every rollup of the reports on the entity of `table` (none for most entities; a view writes its entity's table). */
export function rollupsOf(model: Pick<Model, 'entities'> & Partial<Pick<Model, 'reports'>>, table: string): RollupOf[] {
  return (model.reports ?? []).filter((r) => entityByName(model, r.entity).table === table)
    .flatMap((report) => (report.rollups ?? []).map((rollup) => ({ report, rollup, entity: entityByName(model, report.entity) })));
}

/** A double-quoted identifier (PostgreSQL and SQLite alike); spec names are letters, digits and underscores. */
export const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The rollup's columns in the order `groupedSelect` answers them. */
export function rollupColumns({ rollup, entity }: Pick<RollupOf, 'rollup' | 'entity'>): string[] {
  return [
    rollup.keyColumn, ...rollup.fields.map((f) => columnOf(entity, f)), ...rollup.slots.map((s) => s.column),
    rollup.rowsColumn, ...rollup.sums.flatMap((s) => [s.sum, s.count]),
  ];
}

/**
 * The entity's rows (those `restrict` keeps) grouped by the rollup's key, figures times `sign`: a subtraction
 * takes a row's old values out before a write changes or deletes it.
 */
export function groupedSelect(db: Knex, of: RollupOf, sign: 1 | -1, restrict: (qb: Knex.QueryBuilder) => void = () => {}): Knex.QueryBuilder {
  const { rollup, entity, report } = of;
  const keys = keyExpressions(db, of);
  const [, ...columns] = rollupColumns(of);
  const qb = db(entity.table);
  restrict(qb);
  applyConditions(qb, entity, report.exclude.map(({ field, values }) => ({ field, notIn: values, orNull: true })));
  const s = `${sign}`;
  const grouped = qb
    .select(keys.map((k, i) => db.raw('? as ??', [k, columns[i]])))
    .select(db.raw(`${s} * count(*) as ??`, [rollup.rowsColumn]))
    .select(rollup.sums.flatMap((m) => {
      const column = columnOf(entity, m.field);
      return [db.raw(`${s} * sum(??) as ??`, [column, m.sum]), db.raw(`${s} * count(??) as ??`, [column, m.count])];
    }))
    .groupBy(keys.map((_k, i) => db.raw(String(i + 1))));
  // The key text outside the grouping: each kept value with its length (no separator inside a value can make two
  // keys one), '-' for no value. Written over the grouped columns, so PostgreSQL need not match expressions.
  const keyText = keys.map(() => "coalesce(cast(length(cast(?? as text)) as text) || ':' || cast(?? as text), '-')").join(" || '|' || ");
  // The WHERE settles SQLite's reading of INSERT ... SELECT ... ON CONFLICT (the ON is not a join's).
  return db.from(grouped.as('grouped')).whereRaw('1 = 1')
    .select(db.raw(`${keyText} as ??`, [...keys.flatMap((_k, i) => [columns[i], columns[i]]), rollup.keyColumn]))
    .select(columns);
}

/** Each kept field at the rollup's grain (a date by its day, or its month's first day), then each slot's index. */
function keyExpressions(db: Knex, { rollup, entity, report }: RollupOf): Knex.Raw[] {
  const pg = isPostgres(db);
  const fields = rollup.fields.map((name) => {
    const field = named(entity.fields, name, `${entity.name} fields`);
    if (field.type !== 'date' || rollup.grain === 'day') return db.raw('??', [field.column]);
    return pg ? db.raw("cast(date_trunc('month', ??) as date)", [field.column]) : db.raw("substr(??, 1, 7) || '-01'", [field.column]);
  });
  const slots = rollup.slots.map((s) => {
    const dimension = report.dimensions.find((d) => d.name === s.dimension);
    if (!dimension) throw new Error(`Report ${report.name} has no dimension ${s.dimension}`);
    return groupKeySql(db, columnOf(entity, dimension.field), dimension);
  });
  return [...fields, ...slots];
}

/**
 * Adds the grouped figures of the rows `restrict` keeps to the rollup (`sign` -1 takes them out), in the caller's
 * transaction; a rollup row left standing for no entity row is removed, so no group answers zero rows.
 */
export async function applyToRollup(trx: Knex.Transaction, of: RollupOf, sign: 1 | -1, restrict: (qb: Knex.QueryBuilder) => void): Promise<void> {
  const { rollup } = of;
  const select = groupedSelect(trx, of, sign, restrict).toSQL();
  const columns = rollupColumns(of);
  const t = quoted(rollup.table);
  const add = (c: string) => `${quoted(c)} = coalesce(${t}.${quoted(c)}, 0) + coalesce(excluded.${quoted(c)}, 0)`;
  const figures = [rollup.rowsColumn, ...rollup.sums.flatMap((s) => [s.sum, s.count])];
  await trx.raw(
    `insert into ${t} (${columns.map(quoted).join(', ')}) ${select.sql} on conflict (${quoted(rollup.keyColumn)}) do update set ${figures.map(add).join(', ')}`,
    select.bindings,
  );
  if (sign === -1) {
    await trx(rollup.table).where(rollup.rowsColumn, '<=', 0)
      .whereIn(rollup.keyColumn, trx.from(groupedSelect(trx, of, sign, restrict).as('changed')).select(rollup.keyColumn)).delete();
  }
}

/** Recomputes the rollup from every row of the entity: emptied and refilled in the caller's transaction. */
export async function rebuildRollup(trx: Knex.Transaction, of: RollupOf): Promise<number> {
  await trx(of.rollup.table).delete();
  const grouped = groupedSelect(trx, of, 1);
  // Written in the order of the index a caller's period reads (generator/migrations/rollup-tables.ts: the first
  // kept scope field, then the period): a bank's months then sit together on disk, and a bank's year reads those
  // pages only. At 10M movements a year's merchant list up to today (11 months of the monthly merchant rollup, the
  // days at either end from the daily one) took 406 ms in group-key order, 211 ms in period order, 137 ms so.
  grouped.orderBy(storageOrder(of));
  const select = grouped.toSQL();
  await trx.raw(`insert into ${quoted(of.rollup.table)} (${rollupColumns(of).map(quoted).join(', ')}) ${select.sql}`, select.bindings);
  const [{ count }] = await trx(of.rollup.table).count<{ count: unknown }[]>({ count: '*' });
  return Number(count);
}

/** The columns of the rollup's first index (common/report-rollup.ts rollupIndexFields): its first scope field, then the period. */
function storageOrder({ report, rollup, entity }: RollupOf): string[] {
  const period = report.period && rollup.fields.includes(report.period.field) ? report.period.field : undefined;
  const [scoped] = rollupIndexFields(entity.scope, rollup, report.period?.field);
  return [scoped, period].filter((f): f is string => f !== undefined).map((f) => columnOf(entity, f));
}

function columnOf(entity: EntityModel, field: string): string {
  return named(entity.fields, field, `${entity.name} fields`).column;
}

/**
 * What a write through the generic services does to the rollups of its table (server/crud/entity-service.ts):
 * the row's old figures out before the write, its new ones in after it, in the write's own transaction, so a
 * write that fails leaves the rollups as they were.
 */
export class RollupKeeper {
  constructor(private readonly rollups: readonly RollupOf[], private readonly keyColumns: (key: Record<string, unknown>) => Record<string, unknown>) {}

  async takeOut(trx: Knex.Transaction, key: Record<string, unknown>): Promise<void> {
    for (const of of this.rollups) await applyToRollup(trx, of, -1, (qb) => { qb.where(this.keyColumns(key)); });
  }

  async putIn(trx: Knex.Transaction, key: Record<string, unknown>): Promise<void> {
    for (const of of this.rollups) await applyToRollup(trx, of, 1, (qb) => { qb.where(this.keyColumns(key)); });
  }
}

/**
 * Rebuilds the rollups of one report (by name), or of every report, from the entity's rows, all in one
 * transaction: readers see the old figures until the new ones are complete; then each table's statistics are
 * refreshed for the query planner. For loads that bypass the services (a bulk COPY); answers each rollup table with
 * its row count.
 */
export async function rebuildRollups(db: Knex, model: Pick<Model, 'entities' | 'reports'>, reportName?: string): Promise<{ table: string; rows: number }[]> {
  const reports = model.reports.filter((r) => r.rollups?.length && (reportName === undefined || r.name === reportName));
  if (reportName !== undefined && reports.length === 0) {
    const named = model.reports.filter((r) => r.rollups?.length).map((r) => r.name);
    throw new Error(`Report ${reportName} has no rollups; reports with rollups: ${named.join(', ') || 'none'}.`);
  }
  const done = await db.transaction(async (trx) => {
    const tables: { table: string; rows: number }[] = [];
    for (const report of reports) {
      const entity = entityByName(model, report.entity);
      for (const rollup of report.rollups ?? []) tables.push({ table: rollup.table, rows: await rebuildRollup(trx, { report, rollup, entity }) });
    }
    return tables;
  });
  // Every row is new: without fresh statistics PostgreSQL planned a year of a bank's merchants (200,000 rollup rows)
  // as one row, an index scan and a sort on disk, 300 ms where it takes 175 ms once analysed (10M movements, bench/).
  for (const { table } of done) await db.raw('analyze ??', [table]);
  return done;
}
