/**
 * The database after a fuzz run: the engine's own checks (SQLite: integrity_check, foreign_key_check;
 * PostgreSQL enforces foreign keys on every statement) and what no constraint states: no bank without
 * its group, no bank group without its bank, no role grant without its role. Each query answers the
 * offending rows, so a failure shows them.
 */
import type { Knex } from 'knex';

export async function integrityProblems(db: Knex): Promise<Record<string, unknown[]>> {
  const problems: Record<string, unknown[]> = {};
  // knex answers a raw query as the driver does: SQLite the rows, PostgreSQL a result holding them.
  const rows = async (sql: string): Promise<Record<string, unknown>[]> => {
    const result = await db.raw(sql);
    return Array.isArray(result) ? result : result.rows;
  };
  if (db.client.config.client !== 'pg') {
    const integrity = await rows('PRAGMA integrity_check');
    if (integrity.length !== 1 || integrity[0].integrity_check !== 'ok') problems.integrity_check = integrity;
    problems.foreign_key_check = await rows('PRAGMA foreign_key_check');
  }
  problems.bankWithoutGroup = await rows('SELECT cod_abi FROM banca WHERE cod_abi NOT IN (SELECT group_name FROM gruppo)');
  problems.bankGroupWithoutBank = await rows("SELECT group_name FROM gruppo WHERE group_type = 'B' AND group_name NOT IN (SELECT cod_abi FROM banca)");
  problems.grantWithoutRole = await rows(
    'SELECT p.group_name, p.role_name FROM ruolo_permesso p LEFT JOIN ruolo r ON r.group_name = p.group_name AND r.role_name = p.role_name WHERE r.role_name IS NULL',
  );
  return Object.fromEntries(Object.entries(problems).filter(([, list]) => list.length));
}
