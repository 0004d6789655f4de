/**
 * Opens the database: SQLite (the embedded default) or PostgreSQL when DATABASE_URL is set.
 * Both return dates as 'YYYY-MM-DD' strings and numbers as numbers, so row mapping is dialect-free.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knex, { type Knex } from 'knex';
import pg from 'pg';
import { cachePreparedStatements, type PreparingConnection } from './statement-cache.js';

/**
 * Run on every new SQLite connection, in order. Foreign keys are off by default in SQLite; WAL lets
 * readers proceed during a write. synchronous = FULL, explicitly: every acknowledged commit is fsynced to
 * the WAL before the 2xx, so it survives a killed process and a power loss too
 * (docs/decisions/0003-sqlite-durability.md).
 */
export const SQLITE_PRAGMAS = ['foreign_keys = ON', 'journal_mode = WAL', 'busy_timeout = 5000', 'synchronous = FULL'];

type BetterSqlite3Connection = PreparingConnection & { pragma(source: string): unknown };

/** SQLite goes through better-sqlite3 (docs/decisions/0002-sqlite-driver.md says why, and why it is the only one). */
export function connect(options: { databaseUrl?: string; sqliteFile: string }): Knex {
  if (options.databaseUrl) {
    pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v); // date: keep the calendar day, no time zone shift
    pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v: string) => Number(v)); // numeric
    pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v)); // bigint (count(*))
    return knex({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 } });
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  return knex({
    client: 'better-sqlite3',
    connection: { filename: options.sqliteFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: BetterSqlite3Connection, done: (err: Error | null, conn: unknown) => void) => {
        try {
          for (const pragma of SQLITE_PRAGMAS) conn.pragma(pragma);
          cachePreparedStatements(conn);
          done(null, conn);
        } catch (err) {
          done(err instanceof Error ? err : new Error(String(err)), conn);
        }
      },
    },
  });
}
