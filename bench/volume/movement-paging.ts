/**
 * The movements suite's paging measurements (issue 17: "first page of a merchant's 12 months p50 under 30 ms and
 * p99 under 150 ms; next pages the same at any depth"), one request at a time on the server the suite started:
 * - a merchant's first page: the bank's search of one merchant over the longest period the API allows (3 months,
 *   spec api.period.maxMonths; seed 002 §9 allows 12 on downloads, not on the movement screens), every request a
 *   different merchant, so no count is cached;
 * - page N (1, 50, 500) of the bank's 3 months, asked by number (OFFSET) and by cursor (the nextCursor of page
 *   N - 1, found by walking the pages first), the same request repeated, its count cached.
 */
import { addMonths } from '../../common/search-period.js';
import { percentile } from '../lib-scale/quantiles.js';
import { median, num } from '../lib/stats.js';
import { MOVEMENTS, bankMerchants, type MovementsFixture } from './movements.js';

const API = '/webpos/api/v1';
const TO = MOVEMENTS.last;
const FROM = addMonths(TO, -3);
const SEARCH = `${API}/movimenti?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}`;
const DEPTHS: readonly number[] = [1, 50, 500];

export interface PagingRow { dialect: string; name: string; times: number[]; rows: number }

async function timed(origin: string, path: string, token: string): Promise<{ ms: number; body: { results: unknown[]; nextCursor?: string; totalCount: number } }> {
  const t0 = process.hrtime.bigint();
  const res = await fetch(`${origin}${path}`, { headers: { 'X-AuthToken': token } });
  const text = await res.text();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
  const body: unknown = JSON.parse(text);
  if (typeof body !== 'object' || body === null || !('results' in body) || !Array.isArray(body.results)) throw new Error(`${path}: not a page`);
  const next = 'nextCursor' in body && typeof body.nextCursor === 'string' ? body.nextCursor : undefined;
  const total = 'totalCount' in body ? Number(body.totalCount) : 0;
  return { ms, body: { results: body.results, totalCount: total, ...(next ? { nextCursor: next } : {}) } };
}

export async function measurePaging(origin: string, fixture: MovementsFixture, requests: number): Promise<PagingRow[]> {
  const token = fixture.tokens.bank;
  const out: PagingRow[] = [];
  const merchants = bankMerchants(requests + 5);
  // Five merchants to warm the server up, then one request per merchant.
  for (const m of merchants.slice(0, 5)) await timed(origin, `${SEARCH}&codEserc=${m}`, token);
  const first: number[] = [];
  let found = 0;
  for (const m of merchants.slice(5)) {
    const { ms, body } = await timed(origin, `${SEARCH}&codEserc=${m}`, token);
    first.push(ms);
    found += body.results.length;
  }
  out.push({ dialect: fixture.dialect, name: "a merchant's first page (3 months, a new merchant each request)", times: first, rows: Math.round(found / first.length) });
  // The cursor of every depth, walking the pages once.
  const cursors = new Map<number, string>();
  let page = await timed(origin, SEARCH, token);
  const walkTimes: number[] = [];
  for (let n = 2; n <= DEPTHS[DEPTHS.length - 1]; n++) {
    if (!page.body.nextCursor) throw new Error(`the bank's search ends before page ${n}`);
    if (DEPTHS.includes(n)) cursors.set(n, page.body.nextCursor);
    page = await timed(origin, `${SEARCH}&cursor=${page.body.nextCursor}`, token);
    walkTimes.push(page.ms);
  }
  out.push({ dialect: fixture.dialect, name: `walking pages 2-${DEPTHS[DEPTHS.length - 1]} by cursor (each page once)`, times: walkTimes, rows: page.body.totalCount });
  for (const n of DEPTHS) {
    const ways: [string, string][] = [['number', `${SEARCH}&page=${n - 1}`], ['cursor', n === 1 ? SEARCH : `${SEARCH}&cursor=${cursors.get(n) ?? ''}`]];
    for (const [how, path] of ways) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) await timed(origin, path, token);
      for (let i = 0; i < requests; i++) times.push((await timed(origin, path, token)).ms);
      out.push({ dialect: fixture.dialect, name: `bank's 3 months, page ${n} by ${how}`, times, rows: page.body.totalCount });
    }
  }
  return out;
}

export function pagingTable(rows: readonly PagingRow[], requests: number): string[] {
  const lines = [
    '', `#### Paging depth, one request at a time (${requests} requests a line; \`${SEARCH.replace(API, '')}\`, as \`sede.30480\`)`, '',
    "| dialect | request | rows (a merchant's page; the bank's count, capped) | p50 ms | p99 ms | max ms |", '|---|---|--:|--:|--:|--:|',
  ];
  for (const r of rows) lines.push(`| ${r.dialect} | ${r.name} | ${r.rows.toLocaleString('en')} | ${num(median(r.times))} | ${num(percentile(r.times, 99))} | ${num(Math.max(...r.times))} |`);
  return lines;
}
