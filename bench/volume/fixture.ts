/**
 * The volume benchmark's database (issue 19): the tables callers are scoped by, at realistic sizes.
 * 10,000 synthetic banks (ABI 80000-89999), each saved with its group (type B) below the federation group
 * 15000, so the demo user `federazione` is a federation over 10,000 banks; 5 branches per synthetic bank
 * (50,000) and 500 more for the demo bank 30480, whose head office (`sede.30480`) and branch (`filiale.30480`)
 * users are the bank and branch callers. 1,000,000 merchants (BENCH_MERCHANTS changes it) spread over the
 * synthetic banks, each with one store and its own group (type M) below its bank's, as a merchant with a
 * business-portal account has: the group tree a bank or federation caller's scope walks holds them too. The
 * demo merchant 0001234 (caller `merchant.0001234`) gets 30 stores, a merchant's record of seed 001 §2.
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

export type Dialect = 'sqlite' | 'postgres';
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PG_PREFIX = 'webpos_bench_vol';

export const VOLUME = { banks: 10_000, branchesPerBank: 5, benchBankBranches: 500, merchants: Number(process.env.BENCH_MERCHANTS ?? 1_000_000), benchMerchantStores: 30 };
/** The demo merchant the merchant caller belongs to (spec/demo/45-esercenti.yaml), its bank and its stores. */
export const BENCH_MERCHANT = { code: '0001234', bank: '30480', firstStore: 1001 };
/** Synthetic merchants' codes start here (7 digits), their stores' pdvid at STORE_FROM. */
const MERCHANT_FROM = 2_000_000;
const STORE_FROM = 10_000_000;
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

/** A store row (table negozio) of a synthetic merchant; also the movements fixture's (bench/volume/movements.ts). */
export const store = (pdvid: string, merchant: string, abi: string, insegna: string, i: number) => {
  const [city, province] = PROVINCES[i % PROVINCES.length];
  return {
    pdvid, cod_eser: merchant, abi, cab: '01600', insegna, addr: `Via Mazzini ${(i % 150) + 1}`, localita: city, provincia: province,
    cap: '20100', tipo_soggetto: '2', p_iva: '01234560124', abcid: '5812', des_attivita_commerciale: 'Bar e ristoranti', enable: true,
  };
};

/**
 * The merchants, their stores and groups, in slices so a million rows never sit in memory at once; and the
 * demo merchant's stores up to VOLUME.benchMerchantStores.
 */
async function seedMerchants(db: Knex): Promise<void> {
  const SLICE = 50_000;
  for (let from = 0; from < VOLUME.merchants; from += SLICE) {
    const indexes = Array.from({ length: Math.min(SLICE, VOLUME.merchants - from) }, (_, k) => from + k);
    const code = (i: number) => String(MERCHANT_FROM + i);
    const bank = (i: number) => syntheticAbi(i % VOLUME.banks);
    await db.batchInsert('esercente', indexes.map((i) => ({
      cod_abi: bank(i), cod_eser: code(i), cab: '00000', ds: `Esercente volume ${i + 1} S.r.l.`, tipo: 'FI', stato: 'E',
      tipo_soggetto_eser: '2', piva_eser: '01234560124', cod_paese: '086', enable: true,
    })), 500);
    await db.batchInsert('negozio', indexes.map((i) => store(String(STORE_FROM + i), code(i), bank(i), `Negozio volume ${i + 1}`, i)), 500);
    await db.batchInsert('gruppo', indexes.map((i) => ({ group_name: `${bank(i)}-${code(i)}`, description: `Esercente ${code(i)}`, group_type: 'M', parent_group: bank(i) })), 500);
  }
  const existing = Number((await db('negozio').where('cod_eser', BENCH_MERCHANT.code).count({ c: '*' }))[0].c);
  const more = Array.from({ length: Math.max(0, VOLUME.benchMerchantStores - existing) }, (_, k) => k);
  await db.batchInsert('negozio', more.map((k) => store(String(BENCH_MERCHANT.firstStore + 100 + k), BENCH_MERCHANT.code, BENCH_MERCHANT.bank, `Bar Centrale ${k + 4}`, k)), 500);
}

async function seed(db: Knex): Promise<void> {
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
  await seedMerchants(db);
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

export async function prepareVolume(dialect: Dialect): Promise<VolumeFixture> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'webpos-bench-vol-'));
    const template = join(dir, 'template.sqlite');
    const db = connect({ sqliteFile: template });
    let tokens: Record<CallerKind, string>;
    let sizes: VolumeFixture['counts'];
    try {
      await seed(db);
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
  const template = `${PG_PREFIX}_template`;
  await dropLeftovers();
  await admin((c) => c.query(`CREATE DATABASE "${template}"`));
  made.push(template);
  const db = connect({ databaseUrl: urlOf(template), sqliteFile: ':memory:' });
  let tokens: Record<CallerKind, string>;
  let sizes: VolumeFixture['counts'];
  try {
    await seed(db);
    tokens = await loginAll(db);
    sizes = await counts(db);
  } finally {
    await db.destroy();
  }
  return {
    dialect, tokens, counts: sizes,
    copy: async (name) => {
      const copyName = `${PG_PREFIX}_${name.replace(/\W/g, '_')}_${made.length}`;
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

async function dropLeftovers(): Promise<void> {
  await admin(async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PG_PREFIX}%'`);
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
