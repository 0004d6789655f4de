/**
 * knex's better-sqlite3 client prepares every query it runs (connection.prepare(sql)): parsing and
 * planning the SQL again each time was a fifth of the CPU of an API call (bench/README.md). The same
 * SQL text comes back on every call of an operation (values are bound, not inlined), so each connection
 * keeps its prepared statements, the least recently used dropped beyond MAX_STATEMENTS.
 *
 * Safe to reuse: knex runs a statement with all() or run(), which finish before returning (a statement
 * is only "busy" while an iterate() is open), and SQLite re-prepares a statement by itself when the
 * schema it was planned on changes (a migration).
 *
 * The one place the server leans on a library's behaviour rather than its API (issue 13 item 3, listed in
 * tests/regression/no-library-internals.test.ts): prepare() is better-sqlite3's public method, but that
 * knex calls it for each query is knex's own business, and knex offers no hook to keep statements (a
 * custom client would subclass its private dialect module). Kept because it is worth it: with and
 * without it, interleaved, it saves 13-21% of the server's CPU per read (bench/README.md, finding 3).
 * Should a knex upgrade stop calling prepare() per query, the cache would simply stop being used.
 */
const MAX_STATEMENTS = 1000;

export interface PreparingConnection { prepare(sql: string): unknown }

export function cachePreparedStatements(connection: PreparingConnection): void {
  const prepare = connection.prepare.bind(connection);
  const statements = new Map<string, unknown>();
  connection.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      const oldest = statements.keys().next();
      if (statements.size >= MAX_STATEMENTS && !oldest.done) statements.delete(oldest.value);
    } else {
      statements.delete(sql); // re-inserted below: Map order is the LRU order
    }
    statements.set(sql, statement);
    return statement;
  };
}
