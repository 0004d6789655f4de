/**
 * A fresh database for one test file, opened through the server's own connect(): a SQLite file in a
 * temp folder (the default) or, with TEST_DATABASE=postgres, a uniquely named PostgreSQL database
 * created on the server of TEST_POSTGRES_URL and dropped again by close(). Empty, or a copy of a
 * template (demo-template.ts): a SQLite file copied, a PostgreSQL database created WITH TEMPLATE.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { connect } from '../../server/db/connect.js';

/** The database of this run, for the few tests about one dialect only. */
export type TestDialect = 'sqlite' | 'postgres';
export const TEST_DIALECT = testDialect(process.env.TEST_DATABASE);

/** The admin connection that creates and drops the per-test databases. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** Every database the tests create starts with this; tests/run-postgres-suite.ts drops leftovers. */
export const TEST_DATABASE_PREFIX = 'webpos_t_';

/**
 * `location`: the SQLite file or the PostgreSQL database name, what openTestDatabase takes as a template
 * once `disconnect` has closed the connections (the data stays); `close` disconnects and deletes it.
 */
export interface TestDatabase { db: Knex; location: string; disconnect(): Promise<void>; close(): Promise<void> }

/**
 * `template`: a SQLite file, or a PostgreSQL database name, of the same dialect as this run; the new
 * database starts as its copy. No template: an empty database.
 */
export function openTestDatabase(template?: string): Promise<TestDatabase> {
  return TEST_DIALECT === 'postgres' ? openPostgres(template) : Promise.resolve(openSqlite(template));
}

function testDialect(value: string | undefined): TestDialect {
  if (!value || value === 'sqlite') return 'sqlite';
  if (value === 'postgres') return 'postgres';
  throw new Error(`TEST_DATABASE must be 'sqlite' (the default) or 'postgres'; got '${value}'`);
}

function openSqlite(template?: string): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'webpos-test-'));
  const file = join(dir, 'test.sqlite');
  if (template) copyFileSync(template, file);
  const db = connect({ sqliteFile: file });
  return {
    db,
    location: file,
    disconnect: () => db.destroy(),
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

async function openPostgres(template?: string): Promise<TestDatabase> {
  const name = `${TEST_DATABASE_PREFIX}${process.pid}_${++counter}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin(async (admin) => {
    // A copy keeps its template's locale, and templates are made here: Italian too.
    if (template) await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    else await createItalianDatabase(admin, name);
  });
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  // A test database is dropped at the end of its file: its commits need not wait for the disk. The server under
  // test is unchanged (it never sets this); only these connections commit without the flush.
  if (process.env.TEST_POSTGRES_DURABLE !== '1') url.searchParams.set('options', '-c synchronous_commit=off');
  const db = connect({ databaseUrl: url.toString(), sqliteFile: ':memory:' });
  return {
    db,
    location: name,
    disconnect: () => db.destroy(),
    async close() {
      // The pool first, so its idle connections end cleanly. A connection a test still holds (a
      // transaction it never ended) keeps destroy() waiting for ever: after 2 s DROP ... FORCE ends it.
      await Promise.race([db.destroy(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      await dropPostgresDatabase(name);
    },
  };
}

/**
 * Sorted the Italian way when the server has ICU (as a server set up for Italy sorts; this one's
 * default may be C): a query whose order depends on the server's collation fails here, not there.
 */
async function createItalianDatabase(admin: pg.Client, name: string): Promise<void> {
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'it-IT'`);
  } catch {
    await admin.query(`CREATE DATABASE "${name}"`);
  }
}

/** Drops a test database even while a connection to it is still open (a test that leaked one). */
export async function dropPostgresDatabase(name: string): Promise<void> {
  await withAdmin(async (admin) => {
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError && error.code === '42601')) throw error; // before PostgreSQL 13: no WITH (FORCE)
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    }
  });
}

export async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>, connectionTimeoutMillis = 10000): Promise<T> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
