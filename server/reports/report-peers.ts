/**
 * A report's comparison with its peers (docs/spec-language.md#peer-comparison): the caller's own figures, read in its
 * scope, next to the average unit (merchant) among the others whose rows share the trait the caller picks among its
 * own (its stores' merchant category), optionally narrowed to one of its own places. The others' rows are read
 * outside the caller's scope, so they leave this module only as averages over at least `minimum` units: fewer in the
 * sector and the answer carries the spec's message instead of figures; fewer in a month, weekday or slot and that
 * group has no peer figure, so no single other unit can ever be read off the answer.
 */
import type { Request, Response } from 'express';
import { dateKeyLabel, type ReportDimension, type ReportModel } from '../../common/report.js';
import { MINIMUM_PLACEHOLDER, monthsBetween, peerPeriod, type ReportPeers } from '../../common/report-peers.js';
import { ITALIAN_REGIONS, regionOf } from '../../common/italian-regions.js';
import { addMonths, romeToday } from '../../common/search-period.js';
import { textOf } from '../../common/text.js';
import type { Caller } from '../domain/auth/caller.js';
import { ApiError } from '../http/api-error.js';
import type { AggregateMeasure, AggregateResult } from '../crud/aggregate.js';
import type { Condition } from '../crud/conditions.js';
import type { EntityService } from '../crud/entity-service.js';
import type { FilterParam } from '../crud/list-query.js';
import { dimensionConditions } from './report-route.js';

type Figures = Record<string, number | null>;
interface Option { value: string; label: string }
interface PeersRow { key: string; label: string; proprio: Figures; settore: Figures | null }

export interface PeersAnswer {
  periodo: { da: string; a: string; label: string };
  opzioni: Record<string, Option[]>;
  scelte: Record<string, string | null>;
  errorMessage?: string;
  gruppi: { dimension: string; label: string; rows: PeersRow[] }[];
  totali: { proprio: Figures; settore: Figures | null };
}

/** The distinct units of a group: a measure of the peers' query only, never answered. */
const UNITS = '_unita';

/** GET /report/<path> of a report with `peers` (server/crud/routes.ts sends it here). */
export async function runPeersReport(
  service: EntityService, throughService: EntityService, report: ReportModel, filterable: readonly FilterParam[], req: Request, res: Response, caller: Caller,
): Promise<void> {
  res.json(await peersReport(service, throughService, report, filterable, req.query, caller));
}

async function peersReport(
  service: EntityService, throughService: EntityService, report: ReportModel, filterable: readonly FilterParam[], query: Record<string, unknown>, caller: Caller,
): Promise<PeersAnswer> {
  const { peers, period } = report;
  if (!peers || !period) throw new Error(`Report ${report.name} compares with peers without peers or period`);
  const asked = peerPeriod(peers, period.maxMonths, query, romeToday());
  if ('refusal' in asked) throw new ApiError('VALIDATION_ERROR', [{ field: asked.refusal.param, message: asked.refusal.message }]);
  const periodo = { da: asked.from, a: asked.to, label: `${monthName(asked.from)} - ${monthName(asked.to)}` };
  // Only a caller bound to its own units (a merchant, an operator) has peers: anyone else (assistance, which holds
  // every function) has nothing of its own to compare, and reads nobody's figures.
  const scope = service.scopeFieldsFor(caller);
  if (!scope.includes(peers.unit) && !scope.includes(peers.through)) {
    const none = { [peers.same.param]: null, ...Object.fromEntries(peers.narrow.map((n) => [n.param, null])) };
    const nothing = { [peers.same.param]: [], ...Object.fromEntries(peers.narrow.map((n) => [n.param, []])) };
    return { periodo, opzioni: nothing, scelte: none, errorMessage: peers.messages.noUnit, gruppi: [], totali: { proprio: zero(report), settore: null } };
  }

  // The caller's own referenced rows (its stores) name the traits and places it may compare.
  const own = await throughService.listAll(caller);
  const { opzioni, scelte } = choices(peers, own, query);
  const empty = (message: string): PeersAnswer => ({ periodo, opzioni, scelte, errorMessage: message, gruppi: [], totali: { proprio: zero(report), settore: null } });
  const trait = scelte[peers.same.param];
  const tooFew = peers.messages.tooFew.replaceAll(MINIMUM_PLACEHOLDER, String(peers.minimum));
  if (trait === null) return empty(tooFew);

  // The referenced rows of the trait and places chosen, anybody's: a subquery, never a list of keys.
  const throughWhere: Condition[] = [{ field: peers.same.field, in: [trait] }];
  for (const n of peers.narrow) {
    const value = scelte[n.param];
    if (value !== null) throughWhere.push({ field: n.field, in: n.by === 'regione' ? [...(ITALIAN_REGIONS[value] ?? [])] : [value] });
  }
  const period2: Condition = { field: period.field, from: asked.firstDay, to: asked.lastDay };
  // The filters over the movements themselves (a weekday, a slot, a device) narrow both sides alike; one over the
  // reference (one of the caller's stores) narrows the caller's own figures only.
  const alike: Condition[] = [...dimensionConditions(report, query), ...filterable.flatMap((f): Condition[] => {
    const value = query[f.param];
    return f.field === peers.through || f.range || f.exists || f.group || typeof value !== 'string' || value === '' ? [] : [{ field: f.field, in: [value] }];
  })];
  const exclusions: Condition[] = [...report.exclude.map(({ field, values }): Condition => ({ field, notIn: values, orNull: true })), ...alike];
  const matching: Condition = { field: peers.through, inQuery: throughService.valuesWhere(peers.throughKey, throughWhere) };
  // The caller's units in the period are never peers (an operator's merchant, with all its other stores, too).
  const ownUnits = [...(await service.countBy(peers.unit, [period2], caller)).keys()];
  const peerWhere: Condition[] = [period2, ...exclusions, matching, ...(ownUnits.length ? [{ field: peers.unit, notIn: ownUnits }] : [])];
  const units = (await service.countBy(peers.unit, peerWhere)).size;
  if (units < peers.minimum) return empty(tooFew);

  // Own figures: the report's filters (a store) in the caller's scope; the period is the range's days.
  const ownQuery = Object.fromEntries(Object.entries(query).filter(([k]) => filterable.some((f) => f.param === k)));
  const ownWhere: Condition[] = [period2, ...exclusions, matching];
  const measures: AggregateMeasure[] = report.measures.map((m) => ({ name: m.name, kind: m.kind, ...(m.field ? { field: m.field } : {}) }));
  const gruppi = await Promise.all(peers.dimensions.map(async (name) => {
    const dimension = report.dimensions.find((d) => d.name === name);
    if (!dimension) throw new Error(`Report ${report.name} has no dimension ${name}`);
    const request = { dimension, measures, order: { by: 'key', descending: false }, limit: 1000 };
    const [mine, theirs] = await Promise.all([
      service.aggregate(ownQuery, filterable, ownWhere, request, caller),
      service.aggregate({}, [], peerWhere, { ...request, measures: [...measures, { name: UNITS, kind: 'distinct', field: peers.unit }] }),
    ]);
    const rows = keysOf(dimension, asked.from, asked.to, mine, theirs).map((key) => {
      const m = mine.rows.find((r) => r.key === key);
      const t = theirs.rows.find((r) => r.key === key);
      const enough = (t?.values[UNITS] ?? 0) >= peers.minimum;
      return { key, label: dateKeyLabel(dimension, key) ?? key, proprio: ownFigures(report, m?.values), settore: enough ? peerFigures(report, t?.values, units) : null };
    });
    return { dimension: name, label: dimension.label, rows, totals: { mine: mine.totals, theirs: theirs.totals } };
  }));
  const first = gruppi[0];
  return {
    periodo, opzioni, scelte,
    gruppi: gruppi.map(({ totals: _t, ...g }) => g),
    totali: { proprio: ownFigures(report, first.totals.mine), settore: peerFigures(report, first.totals.theirs, units) },
  };
}

/** The caller's options for the trait and each narrowing, and what the request chose (refused when not its own). */
function choices(peers: ReportPeers, own: Record<string, unknown>[], query: Record<string, unknown>): { opzioni: Record<string, Option[]>; scelte: Record<string, string | null> } {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : textOf(v));
  const distinct = (values: Option[]) => [...new Map(values.map((o) => [o.value, o])).values()].sort((a, b) => a.value.localeCompare(b.value));
  const pick = (param: string, options: Option[], fallback: boolean): string | null => {
    const value = text(query[param]);
    if (value === undefined) return fallback ? options.at(0)?.value ?? null : null;
    if (!options.some((o) => o.value === value)) throw new ApiError('VALIDATION_ERROR', [{ field: param, message: peers.messages.notOwn }]);
    return value;
  };
  const traits = distinct(own.flatMap((r) => {
    const value = text(r[peers.same.field]);
    if (value === undefined) return [];
    const name = peers.same.labelField ? text(r[peers.same.labelField]) : undefined;
    return [{ value, label: name ? `${value} - ${name}` : value }];
  }));
  const trait = pick(peers.same.param, traits, true);
  const mine = own.filter((r) => text(r[peers.same.field]) === trait);
  const opzioni: Record<string, Option[]> = { [peers.same.param]: traits };
  const scelte: Record<string, string | null> = { [peers.same.param]: trait };
  for (const n of peers.narrow) {
    const values = mine.map((r) => text(r[n.field])).filter((v): v is string => v !== undefined);
    const options = distinct(values.flatMap((v) => {
      const value = n.by === 'regione' ? regionOf(v) : v;
      return value === undefined ? [] : [{ value, label: value }];
    }));
    opzioni[n.param] = options;
    scelte[n.param] = pick(n.param, options, false);
  }
  return { opzioni, scelte };
}

/** Every group of the range in order, even without rows: its months, the weekdays from Monday, the slots. */
function keysOf(dimension: ReportDimension, from: string, to: string, ...results: AggregateResult[]): string[] {
  if (dimension.by === 'month') return Array.from({ length: monthsBetween(from, to) }, (_, i) => addMonths(`${from}-01`, i).slice(0, 7));
  // Seed 002 §5: weeks start on Monday (SQL's weekday 0 is Sunday).
  if (dimension.by === 'weekday') return ['1', '2', '3', '4', '5', '6', '0'];
  if (dimension.by === 'slot') return (dimension.slots ?? []).map((_, i) => String(i));
  return [...new Set(results.flatMap((r) => r.rows.map((row) => row.key ?? '')))].sort();
}

function ownFigures(report: ReportModel, values: Record<string, number | null> | undefined): Figures {
  return Object.fromEntries(report.measures.map((m) => [m.name, values?.[m.name] ?? (m.kind === 'average' ? null : 0)]));
}

/** The average unit: sums and counts divided by the peers of the whole period (a month without sales counts 0), the average as it is. */
function peerFigures(report: ReportModel, values: Record<string, number | null> | undefined, units: number): Figures {
  return Object.fromEntries(report.measures.map((m) => {
    const value = values?.[m.name] ?? null;
    if (m.kind === 'average') return [m.name, value];
    return [m.name, Math.round(((value ?? 0) / units) * 100) / 100];
  }));
}

function zero(report: ReportModel): Figures {
  return ownFigures(report, undefined);
}

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];
function monthName(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}


