/**
 * The movements suite's turnover measurements (issue 17: "a bank-wide month of turnover by company under 100 ms from
 * rollups; the merchant list of a year under 200 ms"), on the turnover report (spec/statistiche/transato.yaml) of
 * bank 30480, as `sede.30480`, one request at a time:
 * - a month by company: each request another of the last 12 whole months;
 * - a year's merchant list: the first page (30 merchants, turnover descending, with the page count) of a 12-month
 *   window, each request another of 12 windows ending one month apart; whole months, and a year up to a day as
 *   the screens open it (its whole months from the monthly rollup, the days at either end from the daily one).
 * Each request alternately from the entity's rows (X-Report-Source: raw) and from the rollup the server picks; both
 * answers compared once per window first.
 */
import { addMonths } from '../../common/search-period.js';
import { percentile } from '../lib-scale/quantiles.js';
import { median, num } from '../lib/stats.js';
import { MOVEMENTS, type MovementsFixture } from './movements.js';

const API = '/webpos/api/v1';
const WINDOWS = 12;

export interface TurnoverRow { dialect: string; grouping: string; source: string; times: number[]; movements: number }

/** The last day of the month that holds `day` (yyyy-mm-dd). */
function endOfMonth(day: string): string {
  const end = new Date(Date.parse(`${day.slice(0, 7)}-01T00:00:00Z`));
  end.setUTCMonth(end.getUTCMonth() + 1, 0);
  return end.toISOString().slice(0, 10);
}

/** As the screens open (common/search-period.ts defaultPeriod): the year up to a day, `back` months before the fixture's last day. */
function yearToDay(back: number): { from: string; to: string } {
  const to = addMonths(MOVEMENTS.last, -back);
  return { from: addMonths(to, -12), to };
}

/** The whole months, `back` months before the fixture's last month: one of them, or the year that ends with it. */
function window(back: number, months: number): { from: string; to: string } {
  const last = addMonths(MOVEMENTS.last, -back);
  return { from: `${addMonths(last, 1 - months).slice(0, 7)}-01`, to: endOfMonth(last) };
}

interface Grouping { name: string; paths: string[] }
const report = (w: { from: string; to: string }, per: string) => `${API}/report/statistiche/transato?dataOperazioneDa=${w.from}&dataOperazioneA=${w.to}&codAbi=30480&per=${per}`;
const GROUPINGS: readonly Grouping[] = [
  { name: 'by company, one month', paths: Array.from({ length: WINDOWS }, (_, k) => report(window(k, 1), 'compagnia')) },
  { name: 'merchant list, 12 months, page 1 of 30', paths: Array.from({ length: WINDOWS }, (_, k) => report(window(k, 12), 'esercente')) },
  { name: 'merchant list, a year up to a day (the screens\' default), page 1 of 30', paths: Array.from({ length: WINDOWS }, (_, k) => report(yearToDay(k), 'esercente')) },
];

async function timed(origin: string, path: string, token: string, raw: boolean): Promise<{ ms: number; source: string; body: string }> {
  const t0 = process.hrtime.bigint();
  const res = await fetch(`${origin}${path}`, { headers: { 'X-AuthToken': token, ...(raw ? { 'X-Report-Source': 'raw' } : {}) } });
  const body = await res.text();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
  return { ms, source: res.headers.get('x-report-source') ?? '?', body };
}

async function measure(origin: string, fixture: MovementsFixture, requests: number, grouping: Grouping): Promise<TurnoverRow[]> {
  const token = fixture.tokens.bank;
  // Same figures from both sources, every window, before anything is timed (this also warms both up).
  let movements = 0;
  for (const path of grouping.paths) {
    const [raw, rolled] = [await timed(origin, path, token, true), await timed(origin, path, token, false)];
    if (raw.body !== rolled.body) {
      let at = 0;
      while (at < raw.body.length && raw.body[at] === rolled.body[at]) at++;
      throw new Error(`${path}: the rollup (${rolled.source}) answers other figures than the rows, from character ${at}:\n  rows:   ${raw.body.slice(Math.max(0, at - 200), at + 200)}\n  rollup: ${rolled.body.slice(Math.max(0, at - 200), at + 200)}`);
    }
    if (rolled.source === 'raw') throw new Error(`${path}: no rollup covers the request`);
    movements += countedOf(JSON.parse(rolled.body));
  }
  const times: { raw: number[]; rollup: number[] } = { raw: [], rollup: [] };
  let source = '';
  for (let i = 0; i < requests; i++) {
    const path = grouping.paths[i % grouping.paths.length];
    times.raw.push((await timed(origin, path, token, true)).ms);
    const rolled = await timed(origin, path, token, false);
    times.rollup.push(rolled.ms);
    source = rolled.source;
  }
  const average = Math.round(movements / grouping.paths.length);
  return [
    { dialect: fixture.dialect, grouping: grouping.name, source: 'movements (X-Report-Source: raw)', times: times.raw, movements: average },
    { dialect: fixture.dialect, grouping: grouping.name, source, times: times.rollup, movements: average },
  ];
}

export async function measureTurnover(origin: string, fixture: MovementsFixture, requests: number): Promise<TurnoverRow[]> {
  const rows: TurnoverRow[] = [];
  for (const grouping of GROUPINGS) rows.push(...await measure(origin, fixture, requests, grouping));
  return rows;
}

/** The answer's total count of movements (totals.operazioni). */
function countedOf(body: unknown): number {
  if (typeof body !== 'object' || body === null || !('totals' in body)) return 0;
  const totals: unknown = body.totals;
  return typeof totals === 'object' && totals !== null && 'operazioni' in totals ? Number(totals.operazioni) : 0;
}

export function turnoverTable(rows: readonly TurnoverRow[], requests: number): string[] {
  const lines = [
    '', `#### Turnover of bank 30480 (${requests} requests a line, each another of ${WINDOWS} windows ending one month apart; \`/report/statistiche/transato?...&codAbi=30480&per=compagnia\` or \`per=esercente\`, as \`sede.30480\`)`, '',
    '| dialect | grouping | source | counted movements a window (average) | p50 ms | p99 ms | max ms |', '|---|---|---|--:|--:|--:|--:|',
  ];
  for (const r of rows) lines.push(`| ${r.dialect} | ${r.grouping} | ${r.source} | ${r.movements.toLocaleString('en')} | ${num(median(r.times))} | ${num(percentile(r.times, 99))} | ${num(Math.max(...r.times))} |`);
  return lines;
}
