/**
 * Opens the database: SQLite (the embedded default) or PostgreSQL when DATABASE_URL is set.
 * Both return dates as 'YYYY-MM-DD' strings and numbers as numbers, so row mapping is dialect-free.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import knex, { type Knex } from 'knex';
import pg from 'pg';

export function connect(options: { databaseUrl?: string; sqliteFile: string }): Knex {
  if (options.databaseUrl) {
    pg.types.setTypeParser(1082, (v: string) => v); // date: keep the calendar day, no time zone shift
    pg.types.setTypeParser(1700, (v: string) => Number(v)); // numeric
    pg.types.setTypeParser(20, (v: string) => Number(v)); // bigint (count(*))
    return knex({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 } });
  }
  if (options.sqliteFile !== ':memory:') mkdirSync(dirname(options.sqliteFile), { recursive: true });
  return knex({
    client: 'sqlite3',
    connection: { filename: options.sqliteFile },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: { run(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, conn: unknown) => void) => {
        // Foreign keys are off by default in SQLite; WAL lets readers proceed during a write.
        conn.run('PRAGMA foreign_keys = ON', (err) => {
          if (err) return done(err, conn);
          conn.run('PRAGMA journal_mode = WAL', (err2) => {
            if (err2) return done(err2, conn);
            conn.run('PRAGMA busy_timeout = 5000', (err3) => done(err3, conn));
          });
        });
      },
    },
  });
}
