/**
 * Movements suite (issue 17): the movements search (GET movimenti, seed 002 /movimenti/search) of a bank's head
 * office (sede.30480) and of a branch (filiale.30480) over one month, on BENCH_MOVEMENTS movements (default
 * 10,000,000 over 24 months and three banks, bench/volume/movements.ts), SQLite and PostgreSQL.
 *
 * Two measurements per search:
 * - paging: the same search again and again (autocannon, concurrency 1 and 8): the page after the first, whose
 *   total the count cache (server/crud/count-cache.ts) already holds, as a user paging through results;
 * - new search: a search the server has not counted yet (each a different one-month window, one at a time), the
 *   first page with its COUNT over the month: what a user waits for after pressing a filter.
 *
 * BENCH_MOVEMENTS=1000000 and BENCH_VOLUME_DIALECTS=sqlite shrink a run; BENCH_SECONDS, BENCH_WARMUP the plan.
 */
import { addMonths } from '../../common/search-period.js';
import { load, type Measure } from '../lib/load.js';
import { startServer } from '../lib/servers.js';
import { median, num } from '../lib/stats.js';
import { percentile } from '../lib-scale/quantiles.js';
import type { Dialect } from '../volume/fixture.js';
import { measurePaging, pagingTable, type PagingRow } from '../volume/movement-paging.js';
import { measureTurnover, turnoverTable, type TurnoverRow } from '../volume/turnover.js';
import { MOVEMENTS, MOVEMENT_CALLERS, prepareMovements, type MovementCaller, type MovementsFixture } from '../volume/movements.js';

const API = '/webpos/api/v1';
const TO = MOVEMENTS.last;
const FROM = addMonths(TO, -1);

interface Search { name: string; caller: MovementCaller; query: (fixture: MovementsFixture) => string }
const SEARCHES: readonly Search[] = [
  { name: 'bank, one month, no filter', caller: 'bank', query: () => '' },
  { name: 'bank, one month, circuit Visa', caller: 'bank', query: () => '&circuito=01' },
  { name: 'bank, one month, refused only', caller: 'bank', query: () => '&stato=RI' },
  { name: 'bank, one month, one merchant', caller: 'bank', query: (f) => `&codEserc=${f.bankMerchant}` },
  { name: 'bank, one month, amount 100-200 euro', caller: 'bank', query: () => '&importoDa=100&importoA=200' },
  { name: 'bank, one month, page 50', caller: 'bank', query: () => '&page=49' },
  { name: 'branch, one month, no filter', caller: 'branch', query: () => '' },
];
const path = (from: string, to: string, extra: string) => `${API}/movimenti?dataOperazioneDa=${from}&dataOperazioneA=${to}${extra}`;

interface Row { dialect: Dialect; search: string; c: number; m: Measure; fresh: number[]; total: number }

export async function run(opts: { quick: boolean }): Promise<string> {
  const seconds = opts.quick ? 1.5 : Number(process.env.BENCH_SECONDS ?? 4);
  const warmup = opts.quick ? 0.5 : Number(process.env.BENCH_WARMUP ?? 1);
  const dialects = (process.env.BENCH_VOLUME_DIALECTS ?? 'sqlite,postgres').split(',').filter((d): d is Dialect => d === 'sqlite' || d === 'postgres');
  const rows: Row[] = [];
  const paging: PagingRow[] = [];
  const turnover: TurnoverRow[] = [];
  const requests = opts.quick ? 20 : Number(process.env.BENCH_REQUESTS ?? 200);
  // BENCH_MOVEMENT_CASES=paging measures the paging depth alone (the searches at concurrency 1 and 8 take minutes).
  const cases = (process.env.BENCH_MOVEMENT_CASES ?? 'searches,paging,turnover').split(',');
  const notes: string[] = [];
  for (const dialect of dialects) {
    const started = Date.now();
    const fixture = await prepareMovements(dialect);
    const seededIn = Math.round((Date.now() - started) / 1000);
    console.log(`movements ${dialect}: ${JSON.stringify(fixture.counts)} seeded in ${seededIn} s`);
    notes.push(`${dialect}: ${fixture.counts.movements.toLocaleString('en')} movements (${fixture.counts.bankMovements.toLocaleString('en')} of bank 30480), ${fixture.counts.merchants.toLocaleString('en')} merchants, seeded in ${seededIn} s`);
    // A PostgreSQL fixture names its database (DATABASE_URL), not a file.
    const env: Partial<Record<string, string>> = fixture.env;
    const server = await startServer({ name: 'generated', script: 'server/main.ts', sqliteFile: env.SQLITE_FILE ?? ':memory:', env: fixture.env });
    try {
      if (cases.includes('paging')) {
        paging.push(...await measurePaging(server.origin, fixture, requests));
        for (const r of paging.filter((p) => p.dialect === dialect)) console.log(`  ${dialect} ${r.name.padEnd(60)} p50 ${num(median(r.times))} p99 ${num(percentile(r.times, 99))} ms`);
      }
      if (cases.includes('turnover')) {
        turnover.push(...await measureTurnover(server.origin, fixture, requests));
        for (const r of turnover.filter((t) => t.dialect === dialect)) console.log(`  ${dialect} turnover ${r.grouping.padEnd(40)} ${r.source.padEnd(34)} p50 ${num(median(r.times))} p99 ${num(percentile(r.times, 99))} ms`);
      }
      for (const search of cases.includes('searches') ? SEARCHES : []) {
        const headers = { 'X-AuthToken': fixture.tokens[search.caller] };
        const extra = search.query(fixture);
        // A new search: ten one-month windows ending on ten different days, each counted for the first time.
        const fresh: number[] = [];
        let total = 0;
        for (let d = 1; d <= 10; d++) {
          const to = new Date(Date.parse(`${TO}T00:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10);
          const t0 = process.hrtime.bigint();
          const res = await fetch(`${server.origin}${path(addMonths(to, -1), to, extra)}`, { headers });
          const body: unknown = await res.json();
          fresh.push(Number(process.hrtime.bigint() - t0) / 1e6);
          if (res.status !== 200) throw new Error(`${search.name}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
          if (d === 1 && typeof body === 'object' && body !== null && 'totalCount' in body) total = Number(body.totalCount);
        }
        for (const c of [1, 8]) {
          const req = { method: 'GET' as const, path: path(FROM, TO, extra), headers };
          await load(server.origin, req, c, warmup);
          const m = await load(server.origin, req, c, seconds);
          rows.push({ dialect, search: search.name, c, m, fresh, total });
          console.log(`  ${dialect} ${search.name.padEnd(40)} c=${c} ${num(m.rps)} req/s p50 ${num(m.p50)} p99 ${num(m.p99)} ms; new search p50 ${num(median(fresh))} max ${num(Math.max(...fresh))} ms; ${total} rows${m.failures ? ` FAILURES ${JSON.stringify(m.failureKinds)}` : ''}`);
        }
      }
    } finally {
      await server.stop();
      await fixture.dispose();
    }
  }
  return [report(rows, notes, seconds), ...(paging.length ? pagingTable(paging, requests) : []), ...(turnover.length ? turnoverTable(turnover, requests) : [])].join('\n');
}

function report(rows: Row[], notes: string[], seconds: number): string {
  const lines = [
    `The movements search \`GET movimenti?dataOperazioneDa=${FROM}&dataOperazioneA=${TO}\` (20 a page, newest first, with its total) as`,
    `\`${MOVEMENT_CALLERS.bank}\` (bank) and \`${MOVEMENT_CALLERS.branch}\` (branch 01600) on ${notes.join('; ')}. "paging": the same search repeated for ${seconds} s`,
    '(its total from the count cache, as when a user pages), p50/p99 in ms at concurrency 1 and 8; "new search": ten searches the',
    'server has not counted yet (one-month windows ending on ten different days), one at a time: the first page of a new search, total included.',
  ];
  for (const dialect of [...new Set(rows.map((r) => r.dialect))]) {
    lines.push('', `### ${dialect}`, '', '| search | rows in the month | paging c=1 p50 / p99 ms | paging c=8 p50 / p99 ms | paging c=8 req/s | new search p50 / p90 / max ms |', '|---|--:|--:|--:|--:|--:|');
    for (const name of [...new Set(rows.filter((r) => r.dialect === dialect).map((r) => r.search))]) {
      const one = rows.find((r) => r.dialect === dialect && r.search === name && r.c === 1);
      const eight = rows.find((r) => r.dialect === dialect && r.search === name && r.c === 8);
      if (!one || !eight) continue;
      lines.push(`| ${name} | ${one.total.toLocaleString('en')} | ${num(one.m.p50)} / ${num(one.m.p99)} | ${num(eight.m.p50)} / ${num(eight.m.p99)} | ${num(eight.m.rps)} | ${num(median(one.fresh))} / ${num(percentile(one.fresh, 90))} / ${num(Math.max(...one.fresh))} |`);
    }
  }
  const failures = rows.reduce((n, r) => n + r.m.failures, 0);
  if (failures) lines.push('', `**${failures} requests failed**: see the run log.`);
  return lines.join('\n');
}
