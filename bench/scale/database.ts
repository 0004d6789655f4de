/**
 * A fresh database for the scale benchmark, opened through the server's own connect() and migrated with
 * generated/migrations, with the demo data (its users log in): a SQLite file in a temp folder, or the
 * PostgreSQL database webpos_bench_scale, created from the admin connection and dropped by dispose().
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { loadArtifacts, type Artifacts } from '../../server/artifacts.js';
import { connect } from '../../server/db/connect.js';
import { loadDemoDataIfEmpty } from '../../server/db/demo-data.js';
import { migrateLatest } from '../../server/db/migrate.js';

export type Dialect = 'sqlite' | 'postgres';
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const POSTGRES_DATABASE = 'webpos_bench_scale';

export interface ScaleDatabase {
  dialect: Dialect;
  db: Knex;
  artifacts: Artifacts;
  /** What another process opens it with: the SQLite file, or the PostgreSQL URL. */
  target: string;
  /** Migrations applied, in order. */
  migrations: string[];
  /** Bytes on disk of the data (SQLite file + WAL, or pg_database_size). */
  size(): Promise<number>;
  dispose(): Promise<void>;
}

export async function openScaleDatabase(dialect: Dialect): Promise<ScaleDatabase> {
  const artifacts = loadArtifacts();
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'webpos-bench-scale-'));
    const file = join(dir, 'scale.sqlite');
    const db = connect({ sqliteFile: file });
    const migrations = await prepare(db, artifacts);
    return {
      dialect, db, artifacts, target: file, migrations,
      size: () => Promise.resolve([file, `${file}-wal`].reduce((sum, f) => sum + (statSafe(f)), 0)),
      dispose: async () => { await db.destroy(); rmSync(dir, { recursive: true, force: true }); },
    };
  }
  await dropPostgres();
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${POSTGRES_DATABASE}"`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${POSTGRES_DATABASE}`;
  const db = connect({ databaseUrl: url.toString(), sqliteFile: ':memory:' });
  const migrations = await prepare(db, artifacts);
  return {
    dialect, db, artifacts, target: url.toString(), migrations,
    size: async () => Number((await db.raw('SELECT pg_database_size(current_database()) AS size')).rows[0].size),
    dispose: async () => { await db.destroy(); await dropPostgres(); },
  };
}

async function prepare(db: Knex, artifacts: Artifacts): Promise<string[]> {
  const migrations = await migrateLatest(db, artifacts.migrationsDir);
  await loadDemoDataIfEmpty(db, artifacts);
  return migrations;
}

function statSafe(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

async function dropPostgres(): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${POSTGRES_DATABASE}" WITH (FORCE)`));
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
