/**
 * A report (docs/spec-language.md#reports): aggregates of one entity's rows, in the caller's data scope, grouped
 * by one dimension at a time. The model the generator resolves, and the pure rules the server and the page share:
 * how a dimension's value is named (a month, a weekday, a time slot).
 */
import type { ReportCompare } from './report-compare.js';
import type { ReportPeers } from './report-peers.js';
import type { ReportRollup } from './report-rollup.js';
import type { SearchPeriodModel } from './search-period.js';

export type ReportMeasureKind = 'sum' | 'average' | 'count';
export type ReportFormat = 'euro' | 'integer' | 'decimal';
export type ReportExportFormat = 'xlsx';

export interface ReportMeasure {
  name: string;
  label: string;
  kind: ReportMeasureKind;
  /** The summed or averaged field; absent for a count. */
  field?: string;
  format: ReportFormat;
  /** Only rows meeting every condition count: an enum field's codes (`not`: none of them, or no value). */
  where?: ReportCondition[];
  /** Rows meeting every one of these count with a minus sign (a refund taken off a net turnover). */
  negative?: ReportCondition[];
}

/**
 * The rows behind a group (docs/spec-language.md#rows-behind-a-group): the list at `route` with the report's filters
 * and, per dimension that has one, the list's parameter taking the group's key (`param`), or, for a day, the list's
 * period set to that day (`from`, `to`).
 */
export interface ReportDetail { entity: string; route: string; /** The list's rows' plural name ("Movimenti"): a link reads "Movimenti di POS". */ label: string; params: Record<string, { param: string } | { from: string; to: string }> }

/** A condition on an enum field: its value is one of the codes, or with `not` none of them (or empty). */
export interface ReportCondition { field: string; values: string[]; not?: boolean }

export interface ReportSlot { from: string; to: string; label: string }

export interface ReportDimension {
  name: string;
  label: string;
  field: string;
  /** value: the field's own value (enum or reference by its label); day, month, year, weekday of a date; slot of a time. */
  by: 'value' | 'day' | 'month' | 'year' | 'weekday' | 'slot';
  slots?: ReportSlot[];
  /**
   * A group per combination of several fields' values (`fields`: physical/virtual x debit/credit x outcome): the key
   * is the values joined by CROSS_SEPARATOR, the label their names joined by " · "; `field` is the first of them.
   */
  fields?: string[];
  /** This grouping's own order, else the report's. */
  sort?: ReportSort;
  /** Values (an enum's codes) tied to a function: no group of them for a caller the function is withheld from (spec `valueFunctions`). */
  valueFunctions?: Record<string, string>;
}

/** A measure's name or 'key' (the dimension's value), and which way. */
export interface ReportSort { by: string; descending: boolean }

export interface ReportChart {
  type: 'pie' | 'bar';
  dimension: string;
  measure: string;
  title: string;
  /** Most slices or bars, at most 12 (seed 002 §2). */
  limit: number;
}

export interface ReportModel {
  name: string;
  label: string;
  entity: string;
  /** FUNCTION:ACTION the caller must hold. */
  permission: string;
  /** API path under /report/. */
  path: string;
  route: string;
  menu?: { group: string; label: string; order: number; icon?: string };
  /** Entity fields offered as filters, with the list's query parameters (or `filterNames`' own). */
  filters: string[];
  /** field -> the report's own parameter and label for it (spec `filters: [{ field, param, label }]`). */
  filterNames?: Record<string, { param: string; label?: string }>;
  /** Filters over a dimension's derived value: the weekday of a date, the slot of a time (common/report.ts). */
  dimensionFilters?: ReportDimensionFilter[];
  period?: SearchPeriodModel & { field: string };
  /** field -> codes whose rows never count. */
  exclude: { field: string; values: string[] }[];
  measures: ReportMeasure[];
  dimensions: ReportDimension[];
  defaultDimension: string;
  sort: ReportSort;
  limit: number;
  /**
   * The table's groups a page at a time (spec `paging`, docs/spec-language.md#paged-groupings): a request with
   * `pagina` answers that page of `pageSize` groups, past `limit`; the pager shows at most `window` page numbers.
   */
  paging?: { pageSize: number; window: number };
  /** The formats the grouping on screen can be downloaded in (GET /report/<path>/esportazione); empty: none. */
  exportFormats: ReportExportFormat[];
  /** What an export finding no row answers instead of an empty sheet (spec `export.emptyMessage`). */
  exportEmptyMessage?: string;
  /** The export's own longest period and its refusal (spec `export.maxMonths`, `export.tooLongMessage`). */
  exportPeriod?: { maxMonths: number; tooLongMessage: string };
  charts: ReportChart[];
  /** Tables of pre-summed rows (common/report-rollup.ts); the first that covers a request answers it. */
  rollups?: ReportRollup[];
  /** The list a group's row opens (spec `detail`): its route, and per dimension the list's parameters its key sets. */
  detail?: ReportDetail;
  /** Two periods side by side, month by month (common/report-compare.ts): the report answers the comparison. */
  compare?: ReportCompare;
  /** The caller's figures next to its peers' average (common/report-peers.ts): the report answers the comparison. */
  peers?: ReportPeers;
  /** The spec file, for diagnostics of the emitters. */
  source: string;
}

/** A filter over a dimension's derived value (docs/spec-language.md#filters-over-derived-values): `param` holds a group's key. */
export interface ReportDimensionFilter { param: string; dimension: string; label: string }

/** The dimensions a filter may read: a weekday of a date, a slot of a time (their groups are fixed and named). */
export const FILTERABLE_DIMENSIONS: readonly ReportDimension['by'][] = ['weekday', 'slot'];

/** The groups a filter over `dimension` offers, in the page's order: Monday to Sunday (seed 002 §5), the slots in order. */
export function dimensionFilterOptions(dimension: ReportDimension): { value: string; label: string }[] {
  const keys = dimension.by === 'weekday' ? ['1', '2', '3', '4', '5', '6', '0'] : dimension.by === 'slot' ? (dimension.slots ?? []).map((_, i) => String(i)) : [];
  return keys.map((value) => ({ value, label: dateKeyLabel(dimension, value) ?? value }));
}

/** Between the values of a group of several fields (`fields`), in its key. */
export const CROSS_SEPARATOR = '|';

/** The query parameter that picks the grouping, and the one that lowers the row limit. */
export const REPORT_GROUP_PARAM = 'per';
export const REPORT_LIMIT_PARAM = 'limite';
/** The page of a paged report's groups (spec `paging`), from 1 as on screen. */
export const REPORT_PAGE_PARAM = 'pagina';
/** The export's path under the report's, and the parameter naming its format. */
export const REPORT_EXPORT_SEGMENT = 'esporta';
export const REPORT_FORMAT_PARAM = 'formato';

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
/** Indexed as SQL's day of week: 0 Sunday ... 6 Saturday (SQLite strftime('%w'), PostgreSQL extract(dow)). */
const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'];

/**
 * The text naming a date dimension's key: a month `2026-05` as "maggio 2026", a day as 27/05/2026, a year as
 * itself ("2026"), a weekday (0-6) by its Italian name, a slot by its label; undefined when the key is not one of them.
 */
export function dateKeyLabel(dimension: ReportDimension, key: string): string | undefined {
  if (dimension.by === 'year') return /^\d{4}$/.test(key) ? key : undefined;
  if (dimension.by === 'month') {
    const m = /^(\d{4})-(\d{2})$/.exec(key);
    return m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : undefined;
  }
  if (dimension.by === 'day') {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
    return m ? `${m[3]}/${m[2]}/${m[1]}` : undefined;
  }
  if (dimension.by === 'weekday') return WEEKDAYS[Number(key)];
  if (dimension.by === 'slot') return dimension.slots?.[Number(key)]?.label;
  return undefined;
}
