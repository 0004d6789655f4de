/**
 * The plans of the statements one request sent to the merchant tables: the SQL is captured from Knex's query
 * events during the request and explained (EXPLAIN on PostgreSQL, EXPLAIN QUERY PLAN on SQLite), so the report
 * says where the database reads a whole table or index rather than assuming it.
 */
import type { Knex } from 'knex';

export interface StatementPlan { sql: string; plan: string; scans: boolean }

const TABLES = /\b(from|join)\s+[`"]?(esercente|negozio|terminale)[`"]?/i;

export async function plansOf(db: Knex, request: () => Promise<unknown>): Promise<StatementPlan[]> {
  const seen: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
  const listener = (q: { sql: string; bindings?: readonly Knex.RawBinding[] }) => {
    if (/^\s*select/i.test(q.sql) && TABLES.test(q.sql)) seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  db.on('query', listener);
  try {
    await request();
  } finally {
    db.removeListener('query', listener);
  }
  const out: StatementPlan[] = [];
  for (const statement of seen) out.push(await explain(db, statement));
  return out;
}

async function explain(db: Knex, query: { sql: string; bindings: readonly Knex.RawBinding[] }): Promise<StatementPlan> {
  if (db.client.config.client === 'pg') {
    // The event carries PostgreSQL's native $1 placeholders; knex.raw wants ?, in the same order.
    const sql = query.sql.replace(/\$\d+/g, '?');
    const { rows } = await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(`EXPLAIN ${sql}`, query.bindings);
    const lines = rows.map((r) => r['QUERY PLAN'].replace(/\s*\(cost=[^)]*\)/, '').replace(/^\s*->\s*/, '').trim());
    const plan = lines.filter((l) => !/^(Filter|Index Cond|Recheck Cond|Sort Key|Hash Cond|Join Filter|Group Key|Output|InitPlan|SubPlan)\b/.test(l)).join(' > ');
    // A sequential scan of a merchant table (a CTE over the group tree or a tiny lookup table is not what this is about).
    return { sql: query.sql, plan, scans: lines.some((l) => /^Seq Scan on (esercente|negozio|terminale)\b/.test(l)) };
  }
  const rows = await db.raw<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${query.sql}`, query.bindings);
  const details = rows.map((r) => r.detail);
  // "SCAN t" reads the whole table, "SCAN t USING ... INDEX" the whole index; a virtual table's scan is its own index.
  return { sql: query.sql, plan: details.join('; '), scans: details.some((d) => /^SCAN (esercente|negozio|terminale)\b/.test(d)) };
}
