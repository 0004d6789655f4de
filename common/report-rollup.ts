/**
 * A report's rollup tables (docs/spec-language.md#rollups): the entity's rows, exclusions left out, summed per
 * key at a day or month grain, kept current by every write through the generic services and rebuilt on demand.
 * A rollup column keeps the name of the entity's column it rolls up, so the list's filters and the caller's data
 * scope apply to it unchanged; the figures are a row count and, per summed or averaged field, a sum and a count.
 */
export type RollupGrain = 'day' | 'month';

export interface ReportRollup {
  /** The name in the spec (rollups: { <name>: ... }). */
  name: string;
  table: string;
  grain: RollupGrain;
  /** Entity fields kept as columns of the same name; date fields hold the day, or the month's first day. */
  fields: string[];
  /** Dimensions in time slots: the slot's index (as text) in a column of their own instead of the time. */
  slots: { dimension: string; column: string }[];
  /** The fields summed or averaged by the report's measures, each with its sum and its count of values. */
  sums: { field: string; sum: string; count: string }[];
  /** How many rows of the entity the rollup row stands for. */
  rowsColumn: string;
  /** The key columns' values as one text, unique: a write adds to its rollup row in one upsert. */
  keyColumn: string;
}

export const ROLLUP_ROWS_COLUMN = 'rollup_righe';
export const ROLLUP_KEY_COLUMN = 'rollup_chiave';
/** Longest key text: the kept values with their lengths, far below an index entry's limit. */
export const ROLLUP_KEY_LENGTH = 1000;

/**
 * The scope fields a rollup's indexes lead with (each with the period after it: generator/migrations/rollup-tables.ts),
 * in the entity's scope order; the rebuild stores the rows in the first one's order (server/reports/rollup-sql.ts).
 */
export function rollupIndexFields(scope: Partial<Record<string, string>>, rollup: Pick<ReportRollup, 'fields'>, periodField: string | undefined): string[] {
  return [...new Set(Object.values(scope))].filter((f): f is string => f !== undefined && rollup.fields.includes(f) && f !== periodField);
}
