/**
 * Opens the database: SQLite (the embedded default) or PostgreSQL when DATABASE_URL is set.
 * Both return dates as 'YYYY-MM-DD' strings and numbers as numbers, so row mapping is dialect-free.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knex, { type Knex } from 'knex';
import pg from 'pg';
import { cachePreparedStatements, type PreparingConnection } from './statement-cache.js';

/** The SQLite driver behind knex (env SQLITE_DRIVER); docs/decisions/0002-sqlite-driver.md says why the default. */
export type SqliteDriver = 'sqlite3' | 'better-sqlite3';
export const SQLITE_DRIVERS: readonly SqliteDriver[] = ['sqlite3', 'better-sqlite3'];
export const DEFAULT_SQLITE_DRIVER: SqliteDriver = 'better-sqlite3';

/**
 * Run on every new SQLite connection, in order. Foreign keys are off by default in SQLite; WAL lets
 * readers proceed during a write. synchronous = FULL, explicitly: every acknowledged commit is fsynced to
 * the WAL before the 2xx, so it survives a killed process and a power loss too
 * (docs/decisions/0003-sqlite-durability.md).
 */
export const SQLITE_PRAGMAS = ['foreign_keys = ON', 'journal_mode = WAL', 'busy_timeout = 5000', 'synchronous = FULL'];

type Sqlite3Connection = { run(sql: string, cb: (err: Error | null) => void): void };
type BetterSqlite3Connection = PreparingConnection & { pragma(source: string): unknown };

export function connect(options: { databaseUrl?: string; sqliteFile: string; sqliteDriver?: SqliteDriver }): Knex {
  if (options.databaseUrl) {
    pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v); // date: keep the calendar day, no time zone shift
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => Number(v)); // numeric
    pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v)); // bigint (count(*))
    return knex({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 } });
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  const driver = options.sqliteDriver ?? DEFAULT_SQLITE_DRIVER;
  return knex({
    client: driver,
    connection: { filename: options.sqliteFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: Sqlite3Connection | BetterSqlite3Connection, done: (err: Error | null, conn: unknown) => void) => {
        // better-sqlite3's connection runs pragmas itself (synchronously); sqlite3's through run().
        if ('pragma' in conn) {
          try {
            for (const pragma of SQLITE_PRAGMAS) conn.pragma(pragma);
            cachePreparedStatements(conn);
            done(null, conn);
            return;
          } catch (err) {
            done(err instanceof Error ? err : new Error(String(err)), conn);
            return;
          }
        }
        const next = (i: number) => {
          if (i === SQLITE_PRAGMAS.length) { done(null, conn); return; }
          conn.run(`PRAGMA ${SQLITE_PRAGMAS[i]}`, (err) => (err ? done(err, conn) : next(i + 1)));
        };
        next(0);
      },
    },
  });
}
