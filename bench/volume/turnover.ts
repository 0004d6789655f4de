/**
 * The movements suite's turnover measurement (issue 17: "a bank-wide month of turnover by company under 100 ms from
 * rollups"): the turnover report (spec/statistiche/transato.yaml) of bank 30480 by company over one whole month, as
 * `sede.30480`, one request at a time, each request another of the last 12 months, alternately from the entity's
 * rows (X-Report-Source: raw) and from the rollup the server picks; both answers compared once per month first.
 */
import { addMonths } from '../../common/search-period.js';
import { percentile } from '../lib-scale/quantiles.js';
import { median, num } from '../lib/stats.js';
import { MOVEMENTS, type MovementsFixture } from './movements.js';

const API = '/webpos/api/v1';
const MONTHS = 12;

export interface TurnoverRow { dialect: string; source: string; times: number[]; movements: number }

/** The first and last day of the month `back` months before the fixture's last month. */
function monthOf(back: number): { from: string; to: string } {
  const first = `${addMonths(MOVEMENTS.last, -back).slice(0, 7)}-01`;
  const next = new Date(Date.parse(`${first}T00:00:00Z`));
  next.setUTCMonth(next.getUTCMonth() + 1, 0);
  return { from: first, to: next.toISOString().slice(0, 10) };
}

async function timed(origin: string, path: string, token: string, raw: boolean): Promise<{ ms: number; source: string; body: string }> {
  const t0 = process.hrtime.bigint();
  const res = await fetch(`${origin}${path}`, { headers: { 'X-AuthToken': token, ...(raw ? { 'X-Report-Source': 'raw' } : {}) } });
  const body = await res.text();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
  return { ms, source: res.headers.get('x-report-source') ?? '?', body };
}

export async function measureTurnover(origin: string, fixture: MovementsFixture, requests: number): Promise<TurnoverRow[]> {
  const token = fixture.tokens.bank;
  const paths = Array.from({ length: MONTHS }, (_, k) => {
    const { from, to } = monthOf(k);
    return `${API}/report/statistiche/transato?dataOperazioneDa=${from}&dataOperazioneA=${to}&codAbi=30480&per=compagnia`;
  });
  // Same figures from both sources, every month, before anything is timed (this also warms both up).
  let movements = 0;
  for (const path of paths) {
    const [raw, rolled] = [await timed(origin, path, token, true), await timed(origin, path, token, false)];
    if (raw.body !== rolled.body) throw new Error(`${path}: the rollup (${rolled.source}) answers other figures than the rows`);
    if (rolled.source === 'raw') throw new Error(`${path}: no rollup covers the request`);
    movements += countedOf(JSON.parse(rolled.body));
  }
  const times: { raw: number[]; rollup: number[] } = { raw: [], rollup: [] };
  let source = '';
  for (let i = 0; i < requests; i++) {
    const path = paths[i % MONTHS];
    times.raw.push((await timed(origin, path, token, true)).ms);
    const rolled = await timed(origin, path, token, false);
    times.rollup.push(rolled.ms);
    source = rolled.source;
  }
  const average = Math.round(movements / MONTHS);
  return [
    { dialect: fixture.dialect, source: 'movements (X-Report-Source: raw)', times: times.raw, movements: average },
    { dialect: fixture.dialect, source, times: times.rollup, movements: average },
  ];
}

/** The answer's total count of movements (totals.operazioni). */
function countedOf(body: unknown): number {
  if (typeof body !== 'object' || body === null || !('totals' in body)) return 0;
  const totals: unknown = body.totals;
  return typeof totals === 'object' && totals !== null && 'operazioni' in totals ? Number(totals.operazioni) : 0;
}

export function turnoverTable(rows: readonly TurnoverRow[], requests: number): string[] {
  const lines = [
    '', `#### Bank-wide month of turnover by company (${requests} requests a line, each another of the last ${MONTHS} months; \`/report/statistiche/transato?...&codAbi=30480&per=compagnia\`, as \`sede.30480\`)`, '',
    '| dialect | source | counted movements a month (average) | p50 ms | p99 ms | max ms |', '|---|---|--:|--:|--:|--:|',
  ];
  for (const r of rows) lines.push(`| ${r.dialect} | ${r.source} | ${r.movements.toLocaleString('en')} | ${num(median(r.times))} | ${num(percentile(r.times, 99))} | ${num(Math.max(...r.times))} |`);
  return lines;
}
