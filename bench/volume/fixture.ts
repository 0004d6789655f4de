/**
 * The volume benchmark's database (issue 19): the tables callers are scoped by, at realistic sizes.
 * 10,000 synthetic banks (ABI 80000-89999), each saved with its group (type B) below the federation group
 * 15000, so the demo user `federazione` is a federation over 10,000 banks; 5 branches per synthetic bank
 * (50,000) and 500 more for the demo bank 30480, whose head office (`sede.30480`) and branch (`filiale.30480`)
 * users are the bank and branch callers. 1,000,000 merchants (BENCH_MERCHANTS changes it) spread over the
 * synthetic banks, each with one store and its own group (type M) below its bank's, as a merchant with a
 * business-portal account has: the group tree a bank or federation caller's scope walks holds them too. The
 * demo merchant 0001234 (caller `merchant.0001234`) gets 30 stores, a merchant's record of seed 001 §2.
 * The merchants suite asks for another MerchantShape: two stores a merchant, two terminals a store, a share at
 * bank 30480 (bench/merchants/calls.ts); the rows themselves come from ./merchant-rows.ts.
 *
 * The database is prepared once per dialect (migrations, demo data, the rows above, ANALYZE), the four
 * callers log in through the real login endpoint (their sessions are in the data), and every server gets
 * its own copy: a copied SQLite file, or a PostgreSQL database created from the template.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { createApp } from '../../server/app.js';
import { loadArtifacts } from '../../server/artifacts.js';
import { connect } from '../../server/db/connect.js';
import { loadDemoDataIfEmpty } from '../../server/db/demo-data.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { login } from '../lib/fixture.js';
import { listeningPort } from '../lib/servers.js';
import { merchantCode, merchantRow, shopSign, storeId, storeRow, terminalIndex, terminalRow } from './merchant-rows.js';

export type Dialect = 'sqlite' | 'postgres';
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PG_PREFIX = 'webpos_bench_vol';

export const VOLUME = { banks: 10_000, branchesPerBank: 5, benchBankBranches: 500, merchants: Number(process.env.BENCH_MERCHANTS ?? 1_000_000), benchMerchantStores: 30 };
/** The demo merchant the merchant caller belongs to (spec/demo/45-esercenti.yaml), its bank and its stores. */
export const BENCH_MERCHANT = { code: '0001234', bank: '30480', firstStore: 1001 };
export const FIRST_ABI = 80_000;
export const FEDERATION = '15000';
/** Branches the create benchmark adds get cabs from here up (string order: above every seeded cab). */
export const CREATED_CAB_FROM = 20000;

export const CALLERS = {
  assistance: 'assistenza',
  bank: 'sede.30480',
  branch: 'filiale.30480',
  federation: 'federazione',
  merchant: 'merchant.0001234',
} as const;
export type CallerKind = keyof typeof CALLERS;

const PROVINCES = [['Milano', 'MI'], ['Monza', 'MB'], ['Bergamo', 'BG'], ['Brescia', 'BS'], ['Como', 'CO'], ['Torino', 'TO'], ['Roma', 'RM'], ['Napoli', 'NA']];


export interface VolumeFixture {
  dialect: Dialect;
  tokens: Record<CallerKind, string>;
  counts: { banks: number; branches: number; groups: number; merchants: number; stores: number };
  /** A fresh copy for one server: the environment that points the server at it. */
  copy(name: string): Promise<{ env: Record<string, string>; open: () => Knex }>;
  dispose(): Promise<void>;
}

export const syntheticAbi = (i: number) => String(FIRST_ABI + i);

/**
 * What each synthetic merchant has: the volume suite's one store and no terminal; the merchants suite's two stores
 * of two terminals each, and one merchant in `benchBankEvery` at the bench bank 30480 (the bank caller's share).
 */
export interface MerchantShape { storesPerMerchant: number; terminalsPerStore: number; benchBankEvery: number }
const VOLUME_MERCHANTS: MerchantShape = { storesPerMerchant: 1, terminalsPerStore: 0, benchBankEvery: 0 };

/** What the fixture needs of a better-sqlite3 connection (knex's client hands it out untyped). */
interface SqliteConnection { prepare(sql: string): { run(...values: unknown[]): unknown }; transaction(work: () => void): () => void }

function isSqliteConnection(value: unknown): value is SqliteConnection {
  return typeof value === 'object' && value !== null && 'prepare' in value && 'transaction' in value;
}

/**
 * Inserts `rows` (all with the same columns) in one transaction, the fastest way each database takes millions of
 * rows without another package: on SQLite one prepared INSERT run per row on the driver's own connection (no SQL
 * built per row); on PostgreSQL one INSERT ... SELECT FROM json_populate_recordset() of the slice, with the foreign-key
 * triggers off for the transaction (session_replication_role): the rows are generated consistent, and checking
 * four references on each of millions of rows would be most of the load time.
 */
async function insertSlice(db: Knex, table: string, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]);
  if (db.client.config.client === 'pg') {
    const list = columns.map(() => '??').join(', ');
    await db.transaction(async (trx) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      // The rows as one JSON parameter, typed by the table's own columns.
      await trx.raw(`INSERT INTO ?? (${list}) SELECT ${list} FROM json_populate_recordset(NULL::??, ?::json)`, [table, ...columns, ...columns, table, JSON.stringify(rows)]);
    });
    return;
  }
  const connection: unknown = await db.client.acquireConnection();
  try {
    if (!isSqliteConnection(connection)) throw new Error('The SQLite connection is not better-sqlite3\'s');
    const insert = connection.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    // better-sqlite3 binds booleans as nothing: SQLite stores them as 1 and 0.
    connection.transaction(() => { for (const r of rows) insert.run(...columns.map((c) => (typeof r[c] === 'boolean' ? Number(r[c]) : r[c] ?? null))); })();
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/**
 * The merchants, their stores, terminals and groups, in slices so a million rows never sit in memory at once;
 * and the demo merchant's stores up to VOLUME.benchMerchantStores, each new one with the shape's terminals.
 */
async function seedMerchants(db: Knex, shape: MerchantShape): Promise<void> {
  const SLICE = 20_000;
  const bank = (i: number) => (shape.benchBankEvery && i % shape.benchBankEvery === 0 ? BENCH_MERCHANT.bank : syntheticAbi(i % VOLUME.banks));
  for (let from = 0; from < VOLUME.merchants; from += SLICE) {
    const indexes = Array.from({ length: Math.min(SLICE, VOLUME.merchants - from) }, (_, k) => from + k);
    await insertSlice(db, 'esercente', indexes.map((i) => merchantRow(i, bank(i))));
    const stores = indexes.flatMap((i) => Array.from({ length: shape.storesPerMerchant }, (_, s) => ({ i, s })));
    await insertSlice(db, 'negozio', stores.map(({ i, s }) => storeRow(storeId(i, s, shape.storesPerMerchant), merchantCode(i), bank(i), shopSign(i, s), i + s)));
    const terminals = stores.flatMap(({ i, s }) => Array.from({ length: shape.terminalsPerStore }, (_, t) => terminalRow(terminalIndex(i, s, t, shape), storeId(i, s, shape.storesPerMerchant), merchantCode(i), bank(i))));
    await insertSlice(db, 'terminale', terminals);
    await insertSlice(db, 'gruppo', indexes.map((i) => ({ group_name: `${bank(i)}-${merchantCode(i)}`, description: `Esercente ${merchantCode(i)}`, group_type: 'M', parent_group: bank(i) })));
  }
  const existing = Number((await db('negozio').where('cod_eser', BENCH_MERCHANT.code).count({ c: '*' }))[0].c);
  const more = Array.from({ length: Math.max(0, VOLUME.benchMerchantStores - existing) }, (_, k) => String(BENCH_MERCHANT.firstStore + 100 + k));
  await insertSlice(db, 'negozio', more.map((pdvid, k) => storeRow(pdvid, BENCH_MERCHANT.code, BENCH_MERCHANT.bank, `Bar Centrale ${k + 4}`, k)));
  // Numbered after every synthetic terminal, so their ids never meet.
  const after = VOLUME.merchants * shape.storesPerMerchant * shape.terminalsPerStore;
  await insertSlice(db, 'terminale', more.flatMap((pdvid, k) => Array.from({ length: shape.terminalsPerStore }, (_, t) => terminalRow(after + k * shape.terminalsPerStore + t, pdvid, BENCH_MERCHANT.code, BENCH_MERCHANT.bank))));
}

async function seed(db: Knex, shape: MerchantShape): Promise<void> {
  const artifacts = loadArtifacts();
  await migrateLatest(db, artifacts.migrationsDir);
  await loadDemoDataIfEmpty(db, artifacts);
  // BANCA_SEDE may not create branches in the demo; the bank and federation callers need it for POST.
  await db('ruolo_permesso').insert({ group_name: '11000', role_name: 'BANCA_SEDE', funzione: 'ANAG_BANCHE', azione: 'CREAZIONE' });
  const banks = Array.from({ length: VOLUME.banks }, (_, i) => syntheticAbi(i));
  await db.batchInsert('gruppo', banks.map((abi) => ({ group_name: abi, description: `Banca volume ${abi}`, group_type: 'B', parent_group: FEDERATION })), 500);
  await db.batchInsert('banca', banks.map((abi, i) => ({ cod_abi: abi, nome_bcc: `Banca volume ${i + 1}`, regione: 'Lombardia', flg_attiva: i % 10 !== 0 })), 500);
  const branch = (abi: string, cab: string, i: number) => {
    const [city, province] = PROVINCES[i % PROVINCES.length];
    return { cod_abi: abi, cab, nome: `Filiale ${city} ${cab}`, indirizzo: `Via Garibaldi ${(i % 200) + 1}`, localita: city, cap: '20100', provincia: province, telefono: '02 1234567', fax: null, mail: i % 2 ? `filiale${cab}@banca${abi}.example` : null };
  };
  const rows = banks.flatMap((abi, b) => Array.from({ length: VOLUME.branchesPerBank }, (_, j) => branch(abi, String(j).padStart(5, '0'), b + j)));
  rows.push(...Array.from({ length: VOLUME.benchBankBranches }, (_, i) => branch('30480', String(11000 + i), i)));
  await db.batchInsert('filiale', rows, 400);
  await seedMerchants(db, shape);
  await db.raw('ANALYZE');
}

/** Logs the callers in through the real application, served for a moment from this process. */
async function loginAll(db: Knex): Promise<Record<CallerKind, string>> {
  const server = createApp({ db, artifacts: loadArtifacts(), exports: { run: false } }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const origin = `http://127.0.0.1:${listeningPort(server)}`;
    // One after the other, as the sessions are written.
    return {
      assistance: await login(origin, CALLERS.assistance),
      bank: await login(origin, CALLERS.bank),
      branch: await login(origin, CALLERS.branch),
      federation: await login(origin, CALLERS.federation),
      merchant: await login(origin, CALLERS.merchant, 'merchant'),
    };
  } finally {
    server.close();
  }
}

async function counts(db: Knex) {
  const n = async (table: string) => Number((await db(table).count({ c: '*' }))[0].c);
  return { banks: await n('banca'), branches: await n('filiale'), groups: await n('gruppo'), merchants: await n('esercente'), stores: await n('negozio') };
}

/**
 * `shape`: the merchants' stores and terminals (default the volume suite's); `databasePrefix`: the PostgreSQL
 * databases' names, whose leftovers are dropped first (another suite's prefix leaves the volume suite's alone).
 */
export async function prepareVolume(dialect: Dialect, options: { shape?: MerchantShape; databasePrefix?: string } = {}): Promise<VolumeFixture> {
  const shape = options.shape ?? VOLUME_MERCHANTS;
  const prefix = options.databasePrefix ?? PG_PREFIX;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'webpos-bench-vol-'));
    const template = join(dir, 'template.sqlite');
    const db = connect({ sqliteFile: template });
    let tokens: Record<CallerKind, string>;
    let sizes: VolumeFixture['counts'];
    try {
      await seed(db, shape);
      tokens = await loginAll(db);
      sizes = await counts(db);
      await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await db.destroy();
    }
    let n = 0;
    return {
      dialect, tokens, counts: sizes,
      copy: (name) => {
        const file = join(dir, `${name}-${++n}.sqlite`);
        copyFileSync(template, file);
        return Promise.resolve({ env: { SQLITE_FILE: file }, open: () => connect({ sqliteFile: file }) });
      },
      dispose: () => { rmSync(dir, { recursive: true, force: true }); return Promise.resolve(); },
    };
  }
  const made: string[] = [];
  const template = `${prefix}_template`;
  await dropLeftovers(prefix);
  await admin((c) => c.query(`CREATE DATABASE "${template}"`));
  made.push(template);
  const db = connect({ databaseUrl: urlOf(template), sqliteFile: ':memory:' });
  let tokens: Record<CallerKind, string>;
  let sizes: VolumeFixture['counts'];
  try {
    await seed(db, shape);
    tokens = await loginAll(db);
    sizes = await counts(db);
  } finally {
    await db.destroy();
  }
  return {
    dialect, tokens, counts: sizes,
    copy: async (name) => {
      const copyName = `${prefix}_${name.replace(/\W/g, '_')}_${made.length}`;
      await admin((c) => c.query(`CREATE DATABASE "${copyName}" TEMPLATE "${template}"`));
      made.push(copyName);
      // Statistics are not copied with a template on every version: analyze the copy.
      const copyDb = connect({ databaseUrl: urlOf(copyName), sqliteFile: ':memory:' });
      try { await copyDb.raw('ANALYZE'); } finally { await copyDb.destroy(); }
      return { env: { DATABASE_URL: urlOf(copyName) }, open: () => connect({ databaseUrl: urlOf(copyName), sqliteFile: ':memory:' }) };
    },
    dispose: async () => {
      for (const name of made.reverse()) await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export function urlOf(database: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropLeftovers(prefix: string): Promise<void> {
  await admin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`);
    for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
  });
}

export async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Removes the branches a create measurement added, and their audit rows. */
export async function removeCreated(db: Knex): Promise<void> {
  await db('filiale').where('cab', '>=', String(CREATED_CAB_FROM)).delete();
  await db('storico_modifica').where({ entity: 'Filiale' }).whereIn('username', Object.values(CALLERS)).delete();
}
