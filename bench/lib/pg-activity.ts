/**
 * What a PostgreSQL database is running, seen from another connection (pg_stat_activity), and the cancellation of
 * it: the database half of a server's drain (./drain.ts). Only client backends count: a parallel worker ends with
 * the statement it serves.
 */
import type pg from 'pg';

const OF_DATABASE = `FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`;

/** Statements running or transactions open in `database`. */
export async function activeStatements(client: pg.Client, database: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n ${OF_DATABASE} AND state <> 'idle'`, [database]);
  return Number(rows[0].n);
}

/** Cancels every statement running in `database` (their transactions roll back); how many it cancelled. */
export async function cancelStatements(client: pg.Client, database: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`SELECT count(*) FILTER (WHERE pg_cancel_backend(pid)) AS n ${OF_DATABASE} AND state = 'active'`, [database]);
  return Number(rows[0].n);
}

/** The database a connection URL names. */
export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}
