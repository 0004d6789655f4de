/**
 * The plans the database chose for a list request: the SQL of its page query and its count query is
 * captured from the Knex query events during one request (count cache off, so the count runs) and
 * explained. Shown in the report so "no full scan" is checked, not assumed.
 */
import type { Knex } from 'knex';
import { countCacheOf } from '../../server/crud/count-cache.js';
import { present } from '../../server/lookup.js';
import type { ApiClient } from './client.js';

export interface Plans { page: string; count: string }

export async function explainList(db: Knex, client: ApiClient, path: string): Promise<Plans> {
  const seen: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
  // Knex's query event hands the SQL it sent and the values bound to it.
  const listener = (q: { sql: string; bindings?: readonly Knex.RawBinding[] }) => {
    if (/^select/i.test(q.sql) && /from [`"]filiale[`"]/i.test(q.sql)) seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  const cache = present(countCacheOf(db), 'the count cache of the database');
  const was = cache.enabled;
  cache.enabled = false;
  db.on('query', listener);
  try {
    await client.list(path);
  } finally {
    db.removeListener('query', listener);
    cache.enabled = was;
  }
  const count = seen.find((q) => /^select count/i.test(q.sql));
  const page = seen.find((q) => / limit /i.test(q.sql));
  return { page: page ? await explain(db, page) : 'n/a', count: count ? await explain(db, count) : 'n/a' };
}

async function explain(db: Knex, query: { sql: string; bindings: readonly Knex.RawBinding[] }): Promise<string> {
  if (db.client.config.client === 'pg') {
    // The event carries PostgreSQL's native $1 placeholders; knex.raw wants ?, in the same order.
    const sql = query.sql.replace(/\$\d+/g, '?');
    const { rows } = await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(`EXPLAIN ${sql}`, query.bindings);
    return rows.map((r) => r['QUERY PLAN'])
      .filter((line, i) => i === 0 || line.includes('->'))
      .map((line) => line.replace(/\s*\(cost=[^)]*\)/, '').replace(/^\s*->\s*/, '').trim())
      .join(' > ');
  }
  const rows = await db.raw<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${query.sql}`, query.bindings);
  return rows.map((r) => r.detail).join('; ');
}
