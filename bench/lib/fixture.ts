/**
 * The benchmark database, prepared once per run: migrated, the demo data loaded through the same
 * service the API uses, plus extra branches so lists have many pages and the bank scope filters
 * something. Every server gets its own copy of the file, so no server sees another's writes.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { Knex } from 'knex';
import { createApp } from '../../server/app.js';
import { loadArtifacts, type Artifacts } from '../../server/artifacts.js';
import { connect } from '../../server/db/connect.js';
import { loadDemoDataIfEmpty } from '../../server/db/demo-data.js';
import { migrateLatest } from '../../server/db/migrate.js';
import { isRecord } from '../../server/records.js';
import { listeningPort } from './servers.js';

/** The bank user every API benchmark logs in as (spec/demo/08-utenti.yaml): sees bank 30480 only. */
export const BENCH_USER = 'sede.30480';
export const BENCH_BANK = '30480';
export const DEMO_PASSWORD = 'Demo-WebPos-2026';
/** Extra branches per bank; the demo has five branches in all. */
export const BRANCHES_PER_BANK = 600;
const CITIES = [['Milano', 'MI'], ['Monza', 'MB'], ['Bergamo', 'BG'], ['Brescia', 'BS'], ['Como', 'CO']];
/** Branches the create benchmark adds get cabs from here up; extra rows stay below. */
export const CREATED_CAB_FROM = 20000;

export interface Fixture {
  dir: string;
  template: string;
  /** X-AuthToken of BENCH_USER, from the real login endpoint; its session is in every copy. */
  token: string;
  /** A fresh copy of the prepared database for one server. */
  copy(name: string): string;
  dispose(): void;
}

export async function prepareFixture(): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'webpos-bench-'));
  const template = join(dir, 'template.sqlite');
  const db = connect({ sqliteFile: template });
  let token: string;
  try {
    const artifacts = loadArtifacts();
    await migrateLatest(db, artifacts.migrationsDir);
    await loadDemoDataIfEmpty(db, artifacts);
    // BANCA_SEDE may not create branches in the demo; the benchmark user needs it for POST.
    await db('ruolo_permesso').insert({ group_name: '11000', role_name: 'BANCA_SEDE', funzione: 'ANAG_BANCHE', azione: 'CREAZIONE' });
    const banks: string[] = await db('banca').pluck('cod_abi');
    const taken = new Set((await db('filiale').select('cod_abi', 'cab')).map((r: { cod_abi: string; cab: string }) => `${r.cod_abi}/${r.cab}`));
    if ([...taken].some((k) => k.startsWith(`${BENCH_BANK}/`) && Number(k.slice(6)) >= CREATED_CAB_FROM)) {
      throw new Error(`the demo data has a branch of ${BENCH_BANK} with cab >= ${CREATED_CAB_FROM}: move CREATED_CAB_FROM (bench/lib/fixture.ts)`);
    }
    const rows = banks.flatMap((abi) => Array.from({ length: BRANCHES_PER_BANK }, (_, i) => {
      const [city, province] = CITIES[i % CITIES.length];
      return {
        cod_abi: abi, cab: String(11000 + i), nome: `Filiale ${city} ${String(i).padStart(3, '0')}`,
        indirizzo: `Via Garibaldi ${i + 1}`, localita: city, cap: '20100', provincia: province,
        telefono: '02 1234567', fax: null, mail: `filiale${i}@banca${abi}.example`,
      };
    }).filter((r) => !taken.has(`${r.cod_abi}/${r.cab}`)));
    await db.batchInsert('filiale', rows, 200);
    token = await loginThroughApi(db, artifacts);
    await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await db.destroy();
  }
  let copies = 0;
  return {
    dir,
    template,
    token,
    copy(name) {
      const file = join(dir, `${name}-${++copies}.sqlite`);
      copyFileSync(template, file);
      return file;
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Removes the branches a create benchmark added, and their audit rows, so every round lists and
 * inserts into tables of the same size.
 */
export async function removeCreatedBranches(sqliteFile: string): Promise<number> {
  const db = connect({ sqliteFile });
  try {
    const removed = await db('filiale').where('cod_abi', BENCH_BANK).where('cab', '>=', String(CREATED_CAB_FROM)).delete();
    if (await db.schema.hasTable('storico_modifica')) {
      await db('storico_modifica').where({ entity: 'Filiale', username: BENCH_USER }).delete();
    }
    return removed;
  } finally {
    await db.destroy();
  }
}

/**
 * Logs BENCH_USER in through POST /authorization/auth of the real application, served for a moment
 * from this process on the template database, so the session row travels with every copy.
 */
async function loginThroughApi(db: Knex, artifacts: Artifacts): Promise<string> {
  const server = createApp({ db, artifacts }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    return await login(`http://127.0.0.1:${listeningPort(server)}`);
  } finally {
    server.close();
  }
}

export async function login(origin: string, username = BENCH_USER, userType: 'banca' | 'merchant' = 'banca'): Promise<string> {
  const res = await fetch(`${origin}/webpos/api/v1/authorization/auth?userType=${userType}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body: unknown = await res.json();
  const token = accessTokenOf(body);
  if (res.status !== 200 || !token) throw new Error(`login of ${username} at ${origin} failed: ${res.status} ${JSON.stringify(body)}`);
  return token;
}

/** The session token a login answers, if its body carries one. */
export function accessTokenOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.access_token === 'string' ? body.access_token : undefined;
}
