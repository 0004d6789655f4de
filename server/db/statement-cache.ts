/**
 * knex's better-sqlite3 client prepares every query it runs (connection.prepare(sql)): parsing and
 * planning the SQL again each time was a fifth of the CPU of an API call (bench/README.md). The same
 * SQL text comes back on every call of an operation (values are bound, not inlined), so each connection
 * keeps its prepared statements, the least recently used dropped beyond MAX_STATEMENTS.
 *
 * Safe to reuse: knex runs a statement with all() or run(), which finish before returning (a statement
 * is only "busy" while an iterate() is open), and SQLite re-prepares a statement by itself when the
 * schema it was planned on changes (a migration).
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
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
    } else {
      statements.delete(sql); // re-inserted below: Map order is the LRU order
    }
    statements.set(sql, statement);
    return statement;
  };
}
