/**
 * Merchants at scale (issue 16, "Data and scale"): 1,000,000 merchants with 2,000,000 stores and 4,000,000
 * terminals (bench/volume/fixture.ts with MERCHANTS_SHAPE: the volume suite's banks, branches and groups, one merchant
 * in 50 at bank 30480) on SQLite and PostgreSQL. The real application answers over HTTP in this process, as the
 * bank's head office (sede.30480) and as assistance: the merchant search by each filter alone, the company-name
 * wildcard with the start of a name and a part inside it, and opening a merchant's record with 30 stores. Every
 * request of a series asks for another merchant, and the list count cache (server/crud/count-cache.ts) is off, so
 * every search counts its total as a new search does. p50/p99 per call and database; the plans of the statements
 * that read a merchant table, shown where one scans and for the wildcard always. Target: p50 under 50 ms.
 * Each search is also asked, request for request in turn, of a second app on the same database whose model has no
 * `api.countLimit` (docs/spec-language.md#a-count-that-stops): the exact count's p50 beside the capped one.
 *
 * BENCH_MERCHANTS=20000 shrinks the data (the bank's share stays one in 50); BENCH_MERCHANTS_DIALECTS=sqlite
 * runs one database; BENCH_REQUESTS sets the requests per call (default 100, --quick 20).
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Knex } from 'knex';
import { API_BASE, createApp } from '../../server/app.js';
import { loadArtifacts, type Artifacts } from '../../server/artifacts.js';
import { countCacheOf } from '../../server/crud/count-cache.js';
import { present } from '../../server/lookup.js';
import { recordCalls, searchCalls, MERCHANTS_SHAPE, type Call, type Caller } from '../merchants/calls.js';
import { plansOf, type StatementPlan } from '../merchants/plans.js';
import { listeningPort } from '../lib/servers.js';
import { num, percentile } from '../lib-scale/quantiles.js';
import { prepareVolume, type Dialect } from '../volume/fixture.js';

const WARMUP = 3;
const CALLERS: readonly Caller[] = ['bank', 'assistance'];
const TARGET_MS = 50;

interface Timed { dialect: Dialect; caller: Caller; call: Call; ms: number[]; exactMs: number[]; rows: number; plans: StatementPlan[] }
interface DialectRun { dialect: Dialect; seconds: number; counts: string; results: Timed[]; error?: string }

export async function run(opts: { quick: boolean }): Promise<string> {
  const requests = Number(process.env.BENCH_REQUESTS ?? (opts.quick ? 20 : 100));
  const wanted = (process.env.BENCH_MERCHANTS_DIALECTS ?? 'sqlite,postgres').split(',').filter(Boolean);
  const runs: DialectRun[] = [];
  for (const dialect of (['sqlite', 'postgres'] as const).filter((d) => wanted.includes(d))) {
    const started = performance.now();
    try {
      runs.push(await measure(dialect, requests));
    } catch (error) {
      runs.push({ dialect, seconds: (performance.now() - started) / 1000, counts: '', results: [], error: (error instanceof Error ? error.message : String(error)).slice(0, 300) });
      console.error(error);
    }
  }
  return report(runs, requests);
}

async function measure(dialect: Dialect, requests: number): Promise<DialectRun> {
  const started = performance.now();
  const fixture = await prepareVolume(dialect, { shape: MERCHANTS_SHAPE, databasePrefix: 'webpos_bench_merch' });
  const seeded = (performance.now() - started) / 1000;
  console.log(`merchants ${dialect}: seeded ${JSON.stringify(fixture.counts)} in ${Math.round(seeded)} s`);
  let db: Knex | undefined;
  let server: Server | undefined;
  let exactServer: Server | undefined;
  try {
    const copy = await fixture.copy('merchants');
    db = copy.open();
    const terminals = Number((await db('terminale').count({ c: '*' }))[0].c);
    // After a bulk load PostgreSQL's autovacuum has not yet set the visibility map index-only scans read.
    if (dialect === 'postgres') for (const table of ['esercente', 'negozio', 'terminale']) await db.raw(`VACUUM ANALYZE ${table}`);
    server = createApp({ db, artifacts: loadArtifacts(), exports: { run: false } }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    exactServer = createApp({ db, artifacts: withExactCounts(loadArtifacts()), exports: { run: false } }).listen(0, '127.0.0.1');
    await once(exactServer, 'listening');
    present(countCacheOf(db), 'the count cache of the database').enabled = false;
    const capped = `http://127.0.0.1:${listeningPort(server)}${API_BASE}`;
    const exact = `http://127.0.0.1:${listeningPort(exactServer)}${API_BASE}`;
    const results: Timed[] = [];
    for (const caller of CALLERS) {
      const get = async (path: string, base = capped) => {
        const res = await fetch(`${base}/${path}`, { headers: { 'X-AuthToken': fixture.tokens[caller], Accept: 'application/json' } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${caller} GET ${path}: ${res.status} ${text.slice(0, 300)}`);
        const body: unknown = JSON.parse(text);
        return body;
      };
      const searches = new Set(searchCalls(caller).map((c) => c.id));
      for (const call of [...searchCalls(caller), ...recordCalls()]) {
        const compared = searches.has(call.id);
        const plans = await plansOf(db, () => get(call.path(0)));
        // "found": the exact count (the capped app says at most its limit).
        const first = await get(call.path(0), exact);
        const rows = typeof first === 'object' && first !== null && 'totalCount' in first ? Number(first.totalCount) : 1;
        for (let k = 1; k <= WARMUP; k++) {
          await get(call.path(k));
          if (compared) await get(call.path(k), exact);
        }
        const ms: number[] = [];
        const exactMs: number[] = [];
        const timed = async (path: string, base: string, into: number[]) => {
          const t = performance.now();
          await get(path, base);
          into.push(performance.now() - t);
        };
        for (let k = 0; k < requests; k++) {
          const path = call.path(WARMUP + 1 + k);
          await timed(path, capped, ms);
          if (compared) await timed(path, exact, exactMs);
        }
        results.push({ dialect, caller, call, ms, exactMs, rows, plans });
        const exactNote = compared ? `, exact count p50 ${num(percentile(exactMs, 50))}` : '';
        console.log(`  ${dialect} ${caller.padEnd(10)} ${call.id.padEnd(15)} p50 ${num(percentile(ms, 50))} p99 ${num(percentile(ms, 99))} ms${exactNote} (found: ${rows} rows)`);
      }
    }
    const c = fixture.counts;
    return { dialect, seconds: seeded, counts: `${c.merchants.toLocaleString('en')} merchants, ${c.stores.toLocaleString('en')} stores, ${terminals.toLocaleString('en')} terminals, ${c.groups.toLocaleString('en')} groups, ${c.banks.toLocaleString('en')} banks`, results };
  } finally {
    for (const s of [server, exactServer]) if (s) { s.closeAllConnections(); s.close(); }
    await db?.destroy();
    await fixture.dispose();
  }
}

/** The same artifacts with every list counting exactly: no entity keeps its `api.countLimit`. */
function withExactCounts(artifacts: Artifacts): Artifacts {
  const entities = artifacts.model.entities.map((entity) => {
    const { countLimit: _dropped, ...api } = entity.api;
    return { ...entity, api };
  });
  return { ...artifacts, model: { ...artifacts.model, entities } };
}

function report(runs: DialectRun[], requests: number): string {
  const lines: string[] = [
    `Merchants (Esercente), stores and terminals generated by bench/volume/fixture.ts (${MERCHANTS_SHAPE.storesPerMerchant} stores a merchant, ${MERCHANTS_SHAPE.terminalsPerStore} terminals a store, one merchant in ${MERCHANTS_SHAPE.benchBankEvery} at bank 30480, over 10,000 synthetic banks with their groups). The application in this process over HTTP, one request at a time; each request of a series looks for another merchant, the list count cache is off (every search counts its total). ${requests} requests per cell after ${WARMUP} unmeasured, p50 and p99 in ms (p99 of ${requests} is the ${Math.ceil(requests * 0.99)}th fastest). Target p50 < ${TARGET_MS} ms. "found": the exact totalCount of the first request (1 for a record call); "exact count": the same requests, in turn, to an app whose lists count exactly (no api.countLimit), with the capped p50 as a share of it.`,
    '',
  ];
  for (const r of runs) lines.push(`- ${r.dialect}: ${r.error ? `**failed**: ${r.error}` : `${r.counts}; generated and loaded in ${Math.round(r.seconds)} s`}`);
  lines.push('', '| caller | call | found | SQLite p50 | SQLite p99 | SQLite p50, exact count | PostgreSQL p50 | PostgreSQL p99 | PostgreSQL p50, exact count |', '|---|---|--:|--:|--:|--:|--:|--:|--:|');
  const all = runs.flatMap((r) => r.results);
  const keys = [...new Map(all.map((t) => [`${t.caller}|${t.call.id}`, t])).values()];
  const cell = (t: Timed | undefined, p: number) => {
    if (!t) return 'n/a';
    const v = percentile(t.ms, p);
    return p === 50 && v >= TARGET_MS ? `**${num(v)}**` : num(v);
  };
  // The exact count's p50 and what the capped count takes of it (0.25x: a quarter of the time).
  const exactCell = (t: Timed | undefined) => {
    if (!t?.exactMs.length) return 'n/a';
    const e = percentile(t.exactMs, 50);
    return `${num(e)} (${(percentile(t.ms, 50) / e).toFixed(2)}x)`;
  };
  for (const k of keys) {
    const of = (d: Dialect) => all.find((t) => t.dialect === d && t.caller === k.caller && t.call.id === k.call.id);
    const found = [of('sqlite')?.rows, of('postgres')?.rows].filter((n) => n !== undefined);
    lines.push(`| ${k.caller} | ${k.call.label} | ${[...new Set(found)].join(' / ')} | ${cell(of('sqlite'), 50)} | ${cell(of('sqlite'), 99)} | ${exactCell(of('sqlite'))} | ${cell(of('postgres'), 50)} | ${cell(of('postgres'), 99)} | ${exactCell(of('postgres'))} |`);
  }
  const shown = all.filter((t) => t.caller === 'assistance' ? false : t.plans.some((p) => p.scans) || t.call.id.startsWith('name'));
  const scanning = all.filter((t) => t.caller === 'assistance' && t.plans.some((p) => p.scans));
  lines.push('', '### Plans', '', 'The statements of the first request that read a merchant table (page, count, and the authorization\'s own), for the wildcard calls always and for every call where one of them scans a whole table (SQLite `SCAN <table>`, PostgreSQL `Seq Scan`); bank caller unless marked.', '');
  for (const t of [...shown, ...scanning]) {
    lines.push(`- ${t.dialect}, ${t.caller}, ${t.call.label}:`);
    for (const p of t.plans) lines.push(`  - ${p.scans ? '**scan** ' : ''}\`${p.plan.replace(/`/g, "'").slice(0, 400)}\``);
  }
  if (!shown.length && !scanning.length) lines.push('- no statement scans a merchant table.');
  return lines.join('\n');
}
