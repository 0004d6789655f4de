/**
 * The movements benchmark's database (issue 17, seed 002): the demo data plus BENCH_MOVEMENT_MERCHANTS
 * merchants (default 50,000) over the three demo banks 30480, 34256 and 60855, each with a store and a terminal,
 * and BENCH_MOVEMENTS card movements (default 10,000,000) spread evenly over the 24 months up to 25/11/2026.
 * Each movement is made by the demo's own generator (scripts/demo-movimenti.ts demoMovement: circuits,
 * amounts, refusals, refunds, pre-authorisations) and stored as the API stores a row: the entity's rules
 * (the outcome label of seed 002 §4) applied, fields mapped to columns by the model. The tables callers are
 * scoped by are the demo's; one database per dialect, prepared once, the callers logged in through the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { applyRules } from '../../common/rules.js';
import { addMonths } from '../../common/search-period.js';
import { daysBetween, demoMovement, seededRandom, type DemoTerminal } from '../../scripts/demo-movimenti.js';
import { createApp } from '../../server/app.js';
import { loadArtifacts } from '../../server/artifacts.js';
import { toColumns } from '../../server/crud/row-mapping.js';
import { connect } from '../../server/db/connect.js';
import { isPostgres } from '../../server/db/dialect.js';
import { loadDemoDataIfEmpty } from '../../server/db/demo-data.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { named } from '../../server/lookup.js';
import { rebuildRollups } from '../../server/reports/rollup-sql.js';
import { login } from '../lib/fixture.js';
import { listeningPort } from '../lib/servers.js';
import { admin, urlOf, type Dialect } from './fixture.js';
import { storeRow as store } from './merchant-rows.js';
import { copyRows } from './movement-copy.js';

export const MOVEMENTS = {
  rows: Number(process.env.BENCH_MOVEMENTS ?? 10_000_000),
  merchants: Number(process.env.BENCH_MOVEMENT_MERCHANTS ?? 50_000),
  last: '2026-11-25',
  months: 24,
};
export const BANKS = ['30480', '34256', '60855'] as const;
/** Synthetic merchants' codes, stores and terminals start here. */
const MERCHANT_FROM = 3_000_000;
const STORE_FROM = 20_000_000;
const POS_FROM = 40_000_000;
const PG_DATABASE = 'webpos_bench_movimenti';

export const MOVEMENT_CALLERS = { bank: 'sede.30480', branch: 'filiale.30480' } as const;
export type MovementCaller = keyof typeof MOVEMENT_CALLERS;

export interface MovementsFixture {
  dialect: Dialect;
  env: Record<string, string>;
  tokens: Record<MovementCaller, string>;
  counts: { movements: number; merchants: number; bankMovements: number };
  /** A synthetic merchant of bank 30480, for a filtered search. */
  bankMerchant: string;
  dispose(): Promise<void>;
}

const merchantCode = (i: number) => String(MERCHANT_FROM + i);
/** `n` synthetic merchants of bank 30480 spread over all of them (every third merchant is the bank's). */
export const bankMerchants = (n: number) => Array.from({ length: n }, (_, k) => merchantCode(3 * Math.floor((k * MOVEMENTS.merchants) / (3 * n))));
const bankOf = (i: number) => BANKS[i % BANKS.length];
/** Bank 30480's merchants alternate between branch 01600 (filiale.30480's) and 01601. */
const cabOf = (i: number) => (bankOf(i) === '30480' ? (i % 2 ? '01601' : '01600') : '01800');
const KINDS: readonly DemoTerminal['kind'][] = ['bar', 'market', 'shop', 'market', 'online', 'bar', 'hotel'];
const terminalOf = (i: number): DemoTerminal => ({
  posid: String(POS_FROM + i), pdvid: String(STORE_FROM + i), codEser: merchantCode(i), abi: bankOf(i), cab: cabOf(i),
  insegna: `Negozio movimenti ${i + 1}`, kind: KINDS[i % KINDS.length],
});

async function seedMerchants(db: Knex): Promise<void> {
  const SLICE = 10_000;
  for (let from = 0; from < MOVEMENTS.merchants; from += SLICE) {
    const indexes = Array.from({ length: Math.min(SLICE, MOVEMENTS.merchants - from) }, (_, k) => from + k);
    await db.batchInsert('esercente', indexes.map((i) => ({
      cod_abi: bankOf(i), cod_eser: merchantCode(i), cab: cabOf(i), ds: `Esercente movimenti ${i + 1} S.r.l.`, tipo: 'FI', stato: 'E',
      tipo_soggetto_eser: '2', piva_eser: '01234560124', cod_paese: '086', enable: true,
    })), 500);
    await db.batchInsert('negozio', indexes.map((i) => ({ ...store(String(STORE_FROM + i), merchantCode(i), bankOf(i), `Negozio movimenti ${i + 1}`, i), cab: cabOf(i) })), 500);
    await db.batchInsert('terminale', indexes.map((i) => ({
      posid: String(POS_FROM + i), pdvid: String(STORE_FROM + i), cod_eser: merchantCode(i), abi: bankOf(i), cod_modpos: 'G01', tipo_conn: 'U', tipo_modpos: 'F', enable: true,
    })), 500);
  }
}

/** The movements, in slices, each stored as the API would store it (rules applied, columns mapped). */
async function seedMovements(db: Knex): Promise<void> {
  const entity = named(loadArtifacts().model.entities, 'Transazione', 'entities');
  const days = daysBetween(addMonths(MOVEMENTS.last, -MOVEMENTS.months), MOVEMENTS.last);
  const random = seededRandom(17);
  const defaults = Object.fromEntries(entity.fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));
  const movement = (k: number) => {
    const date = days[Math.floor(random() * days.length)];
    const made = demoMovement(random, terminalOf(Math.floor(random() * MOVEMENTS.merchants)), date);
    // The demo's id is unique per terminal and second; here a sequence keeps ten million apart. Fields the demo
    // leaves out take the spec's default, as the API would store them (COPY names every column: an absent value
    // would be NULL, not the column's default, e.g. tipoSconto N).
    const withId = { ...defaults, ...made, id: `${date.replaceAll('-', '')}${String(k).padStart(9, '0')}` };
    return toColumns(entity, applyRules(entity.rules, withId));
  };
  if (isPostgres(db)) {
    await copyRows(db, 'transazione', entity.fields.map((f) => f.column), MOVEMENTS.rows, movement, (done) => console.log(`  movements: ${done.toLocaleString('en')}`));
    return;
  }
  const SLICE = 20_000;
  for (let from = 0; from < MOVEMENTS.rows; from += SLICE) {
    const rows: Record<string, unknown>[] = [];
    for (let k = from; k < Math.min(from + SLICE, MOVEMENTS.rows); k++) rows.push(movement(k));
    // One transaction a slice, multi-row INSERTs of 250 rows (knex prepares each once: server/db/statement-cache.ts).
    await db.batchInsert('transazione', rows, 250);
    if (from % 1_000_000 === 0 && from > 0) console.log(`  movements: ${from.toLocaleString('en')}`);
  }
}

/** The COPY and the INSERTs bypass the services: the reports' rollups are rebuilt from the rows (npm run rollup:rebuild). */
async function rebuildAllRollups(db: Knex): Promise<void> {
  const started = Date.now();
  const done = await rebuildRollups(db, loadArtifacts().model);
  console.log(`  rollups rebuilt in ${Math.round((Date.now() - started) / 1000)} s: ${done.map((d) => `${d.table} ${d.rows.toLocaleString('en')} rows`).join(', ')}`);
}

async function loginAll(db: Knex): Promise<Record<MovementCaller, string>> {
  const server = createApp({ db, artifacts: loadArtifacts(), exports: { run: false } }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const origin = `http://127.0.0.1:${listeningPort(server)}`;
    return { bank: await login(origin, MOVEMENT_CALLERS.bank), branch: await login(origin, MOVEMENT_CALLERS.branch) };
  } finally {
    server.close();
  }
}

async function seed(db: Knex): Promise<Pick<MovementsFixture, 'tokens' | 'counts'>> {
  const artifacts = loadArtifacts();
  await migrateLatest(db, artifacts.migrationsDir);
  await loadDemoDataIfEmpty(db, artifacts);
  await seedMerchants(db);
  await seedMovements(db);
  await rebuildAllRollups(db);
  // PostgreSQL: VACUUM too, so a count over the date index can read the index alone (its visibility map).
  await db.raw(isPostgres(db) ? 'VACUUM ANALYZE' : 'ANALYZE');
  return { tokens: await loginAll(db), counts: await countsOf(db) };
}

/**
 * BENCH_MOVEMENTS_KEEP=1: the PostgreSQL database outlives the run and a later run with the same BENCH_MOVEMENTS
 * reuses it (migrated to the current spec) instead of loading it again, to measure a change of the server alone.
 */
const KEEP = process.env.BENCH_MOVEMENTS_KEEP === '1';

async function keptDatabase(): Promise<boolean> {
  const exists = await admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_DATABASE])).rowCount === 1);
  if (!exists) return false;
  const db = connect({ databaseUrl: urlOf(PG_DATABASE), sqliteFile: ':memory:' });
  try {
    const rows = await db.raw<{ rows: { n: string }[] }>("SELECT count(*) AS n FROM transazione WHERE id LIKE '20%'").catch(() => ({ rows: [{ n: '-1' }] }));
    // The loaded movements, give or take the demo's own (their ids also start with the year).
    return Math.abs(Number(rows.rows[0].n) - MOVEMENTS.rows) < 10_000;
  } finally {
    await db.destroy();
  }
}

async function reuse(db: Knex): Promise<Pick<MovementsFixture, 'tokens' | 'counts'>> {
  await migrateLatest(db, loadArtifacts().migrationsDir);
  // A kept database loaded before the rollups existed: their migration made them empty.
  const tables = loadArtifacts().model.reports.flatMap((r) => (r.rollups ?? []).map((x) => x.table));
  const empty = await Promise.all(tables.map(async (t) => (await db(t).first(db.raw('1 as one'))) === undefined));
  if (empty.some(Boolean)) await rebuildAllRollups(db);
  return { tokens: await loginAll(db), counts: await countsOf(db) };
}

async function countsOf(db: Knex): Promise<MovementsFixture['counts']> {
  const n = async (q: Knex.QueryBuilder) => Number((await q.count({ c: '*' }))[0].c);
  return { movements: await n(db('transazione')), merchants: await n(db('esercente')), bankMovements: await n(db('transazione').where('cod_abi', '30480')) };
}

export async function prepareMovements(dialect: Dialect): Promise<MovementsFixture> {
  const bankMerchant = merchantCode(BANKS.indexOf('30480'));
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'webpos-bench-mov-'));
    const file = join(dir, 'movimenti.sqlite');
    const db = connect({ sqliteFile: file });
    try {
      const seeded = await seed(db);
      await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
      return { dialect, env: { SQLITE_FILE: file }, ...seeded, bankMerchant, dispose: () => { rmSync(dir, { recursive: true, force: true }); return Promise.resolve(); } };
    } finally {
      await db.destroy();
    }
  }
  const kept = KEEP && (await keptDatabase());
  if (!kept) {
    await admin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS "${PG_DATABASE}" WITH (FORCE)`);
      await c.query(`CREATE DATABASE "${PG_DATABASE}"`);
    });
  }
  const db = connect({ databaseUrl: urlOf(PG_DATABASE), sqliteFile: ':memory:' });
  try {
    const seeded = kept ? await reuse(db) : await seed(db);
    return {
      dialect, env: { DATABASE_URL: urlOf(PG_DATABASE) }, ...seeded, bankMerchant,
      dispose: () => (KEEP ? Promise.resolve() : admin(async (c) => { await c.query(`DROP DATABASE IF EXISTS "${PG_DATABASE}" WITH (FORCE)`); })),
    };
  } finally {
    await db.destroy();
  }
}
