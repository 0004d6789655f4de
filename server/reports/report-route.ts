/**
 * GET /report/<path> (docs/spec-language.md#reports): the report's period checked as a list's is, then one grouped
 * query through the entity's scoped service (server/crud/aggregate.ts), then each group's key named as a user reads
 * it: an enum by its label, a reference by its row's name (in the caller's scope), a month or weekday in Italian.
 */
import type { Request, Response } from 'express';
import type { EntityModel } from '../../common/model.js';
import { CROSS_SEPARATOR, dateKeyLabel, REPORT_GROUP_PARAM, REPORT_LIMIT_PARAM, REPORT_PAGE_PARAM, type ReportDimension, type ReportModel } from '../../common/report.js';
import { periodRefusal } from '../../common/search-period.js';
import type { Caller } from '../domain/auth/caller.js';
import { ApiError } from '../http/api-error.js';
import type { Condition } from '../crud/conditions.js';
import type { EntityService } from '../crud/entity-service.js';
import type { FilterParam } from '../crud/list-query.js';
import { isRecord } from '../records.js';
import { rollupRead, rollupSource, sharedColumns } from './rollup-read.js';

/** Request header: `raw` reads the entity's rows even where a rollup covers; answer header: which source answered. */
export const REPORT_SOURCE_HEADER = 'X-Report-Source';
const RAW_SOURCE = 'raw';

/** Keys named per query of the referenced rows. */
const LABEL_CHUNK = 1000;

/** What a group without a value is called (a movement of no company). */
const NO_VALUE = 'Non indicato';

/** A report's answer: the grouping asked, its named rows, the totals over every group. */
export interface ReportAnswer {
  dimension: string;
  rows: ({ key: string | null; label: string } & Record<string, number | string | null>)[];
  totals: Record<string, number | null>;
  truncated: boolean;
  /** The grouping's values withheld from the caller (spec valueFunctions). */
  withheld?: string[];
  /** A paged report's page (spec `paging`, `pagina`) and how many groups all its pages hold. */
  page?: number;
  groups?: number;
}

/**
 * Which groups an answer holds: `first` the first up to the report's limit or the lower `limite` (a chart, a summary),
 * or of a paged report the page `pagina` asks (spec `paging`); `all` every group (the export,
 * docs/spec-language.md#paged-groupings).
 */
export type ReportRows = 'first' | 'all';

export async function runReport(service: EntityService, report: ReportModel, filterable: readonly FilterParam[], req: Request, res: Response, caller: Caller): Promise<void> {
  const { answer, source } = await computeReportFrom(service, report, filterable, req.query, caller, req.get(REPORT_SOURCE_HEADER) === RAW_SOURCE);
  res.set(REPORT_SOURCE_HEADER, source);
  res.json(answer);
}

/**
 * A report's filters as domain code computing it passes them (its own GET reads them from the document): each
 * of `fields` (the report's filters, and any other field of its entity the code narrows by) under the list's
 * parameter name, and the period's two ends.
 */
export function reportFilterable(report: ReportModel, entity: EntityModel, fields: readonly string[] = report.filters): FilterParam[] {
  const param = (name: string) => {
    const field = entity.fields.find((f) => f.name === name);
    if (!field) throw new Error(`Report ${report.name}: ${entity.name} has no field ${name}`);
    return field.filterParam;
  };
  const period = report.period;
  return [
    ...fields.map((f) => ({ param: param(f), field: f })),
    ...(period ? [{ param: period.from, field: period.field, range: 'from' as const }, { param: period.to, field: period.field, range: 'to' as const }] : []),
  ];
}

/** The report as the caller may see it (`rows: 'all'`: every group, for its file: server/reports/report-export.ts). */
export async function computeReport(service: EntityService, report: ReportModel, filterable: readonly FilterParam[], query: Record<string, unknown>, caller: Caller, rows: ReportRows = 'first'): Promise<ReportAnswer> {
  return (await computeReportFrom(service, report, filterable, query, caller, false, rows)).answer;
}

/** The answer and the source that gave it (a rollup's name, or `raw`); `raw` reads the entity's rows in any case. */
export async function computeReportFrom(
  service: EntityService, report: ReportModel, filterable: readonly FilterParam[], query: Record<string, unknown>, caller: Caller, raw: boolean,
  rows: ReportRows = 'first',
): Promise<{ answer: ReportAnswer; source: string }> {
  if (report.period) {
    const refusal = periodRefusal(report.period, query[report.period.from], query[report.period.to]);
    if (refusal) throw new ApiError('VALIDATION_ERROR', [{ field: refusal.param, message: refusal.message }]);
  }
  // The document's schema already refused any other grouping or a limit above the report's.
  const dimension = report.dimensions.find((d) => d.name === query[REPORT_GROUP_PARAM]) ?? report.dimensions.find((d) => d.name === report.defaultDimension);
  if (!dimension) throw new Error(`Report ${report.name} has no dimension ${report.defaultDimension}`);
  // A paged report's `pagina` (the document's schema refused anything but an integer from 1) asks one page of
  // groups, past the limit; the export asks every group; anything else the first ones up to the limit.
  const page = rows === 'first' && report.paging && query[REPORT_PAGE_PARAM] !== undefined ? Number(query[REPORT_PAGE_PARAM]) : undefined;
  const limit = rows === 'all' ? undefined : page !== undefined && report.paging ? report.paging.pageSize : Math.min(Number(query[REPORT_LIMIT_PARAM] ?? report.limit), report.limit);
  const offset = page !== undefined && report.paging ? (page - 1) * report.paging.pageSize : undefined;
  const request = { dimension, measures: report.measures, order: dimension.sort ?? report.sort, limit, offset };
  // A rollup that covers the request answers it (its rows already leave the exclusions out); the header lets a
  // check or the bench ask for the entity's rows instead, and the answer says which source it read.
  // A filter over a weekday or a slot reads the rows' own dates and times: no rollup keeps them.
  const derived = dimensionConditions(report, query);
  const rollup = raw || derived.length ? undefined : rollupRead(report, service.entity, query, filterable, dimension, service.scopeFieldsFor(caller));
  const where: Condition[] = [...report.exclude.map(({ field, values }) => ({ field, notIn: values, orNull: true })), ...derived];
  const result = rollup
    ? await service.aggregateRollup(rollup.parts.map((p) => ({ table: p.rollup.table, query: p.query })), sharedColumns(rollup, service.entity), filterable, request, rollupSource(rollup.parts[0].rollup), caller)
    : await service.aggregate(query, filterable, where, request, caller);
  // A value tied to a function withheld from the caller (spec valueFunctions; its merchant has the function switched
  // off): no group of it, and the answer says so for the page to draw none; the totals keep its rows.
  const withheld = Object.entries(dimension.valueFunctions ?? {}).filter(([, fn]) => caller.withheld?.includes(fn)).map(([value]) => value);
  const shown = result.rows.filter((r) => r.key === null || !withheld.includes(r.key));
  const labels = await labelsOf(service, dimension, shown.map((r) => r.key), caller);
  const answer = {
    dimension: dimension.name,
    rows: shown.map((r) => ({ key: r.key, label: r.key === null ? NO_VALUE : labels.get(r.key) ?? r.key, ...r.values })),
    totals: result.totals,
    // A page is no truncated answer: its pager reaches every group.
    truncated: page === undefined && result.groups > result.rows.length,
    ...(withheld.length ? { withheld } : {}),
    ...(page !== undefined ? { page, groups: result.groups } : {}),
  };
  return { answer, source: rollup ? `rollup:${rollup.name}` : RAW_SOURCE };
}

/**
 * The filters over a dimension's derived value the query sets (docs/spec-language.md#filters-over-derived-values):
 * the rows whose weekday or slot is the key asked. The document's schema already refused a key not among the groups.
 */
export function dimensionConditions(report: ReportModel, query: Record<string, unknown>): Condition[] {
  return (report.dimensionFilters ?? []).flatMap((f) => {
    const value = query[f.param];
    const dimension = report.dimensions.find((d) => d.name === f.dimension);
    if (typeof value !== 'string' || value === '' || !dimension) return [];
    return [{ field: dimension.field, derived: { by: dimension.by, ...(dimension.slots ? { slots: dimension.slots } : {}) }, among: [value] }];
  });
}

/** The name of each key: never a bare code where the spec has a label for it. */
async function labelsOf(service: EntityService, dimension: ReportDimension, keys: (string | null)[], caller: Caller): Promise<Map<string, string>> {
  const present = keys.filter((k): k is string => k !== null);
  const { fields } = dimension;
  if (fields) {
    // A group of several fields: each value named as its own field's group would be, joined by " · ".
    const parts = await Promise.all(fields.map((field, i) => labelsOf(service, { ...dimension, field, fields: undefined }, present.map((k) => k.split(CROSS_SEPARATOR)[i] || null), caller)));
    return new Map(present.map((k) => [k, k.split(CROSS_SEPARATOR).map((v, i) => (v === '' ? NO_VALUE : parts[i].get(v) ?? v)).join(' · ')]));
  }
  if (dimension.by !== 'value') return new Map(present.map((k) => [k, dateKeyLabel(dimension, k) ?? k]));
  const field = fieldOf(service.entity, dimension.field);
  if (field.options) return new Map(present.map((k) => [k, field.options?.find((o) => o.value === k)?.label ?? k]));
  if (field.type === 'boolean') return new Map(present.map((k) => [k, k === 'true' || k === '1' ? 'Sì' : 'No']));
  if (field.type !== 'reference') return new Map(present.map((k) => [k, k]));
  // An export names every group (thousands of merchants): the keys are read LABEL_CHUNK at a time, well under
  // SQLite's and PostgreSQL's limits on bound values.
  const names = new Map<string, string>();
  for (let at = 0; at < present.length; at += LABEL_CHUNK) {
    const chunk = present.slice(at, at + LABEL_CHUNK);
    const named = await service.withLabels(chunk.map((k) => ({ [field.name]: k })), caller);
    named.forEach((row, i) => {
      const own = isRecord(row._labels) ? row._labels[field.name] : undefined;
      names.set(chunk[i], typeof own === 'string' ? own : chunk[i]);
    });
  }
  return names;
}

function fieldOf(entity: EntityModel, name: string): EntityModel['fields'][number] {
  const field = entity.fields.find((f) => f.name === name);
  if (!field) throw new Error(`${entity.name} has no field ${name}`);
  return field;
}
