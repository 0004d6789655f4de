/**
 * The same authorization as server/http/authorize.ts + server/domain/auth/caller.ts, written by hand:
 * token -> live session (stored as SHA-256) -> enabled, unlocked user -> grants of the user's roles,
 * each taken from the nearest group up the chain that defines it -> bank scope (the user's group and
 * every group below it; everything for assistance). Two queries, recursive CTEs for the group tree. The
 * scope is never listed: a list is restricted by a subquery of the groups below the user's (restrictToScope),
 * a single row by walking up from its bank to the user's group (whereInScope), so a federation over 10,000
 * banks costs what a bank does (issue 19, bench/suites/volume.ts).
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { expectRecords, isRecord } from '../../server/records.js';

/** scope: 'all' for assistance, else the user's group (its rows and those of every group below it), and a merchant's bank. */
export interface Caller { username: string; cab: string | null; groupType: string | null; grants: Set<string>; scope: 'all' | { group: string; bank?: string; merchant?: string } }

const IDLE_MS = 30 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

const GRANTS_SQL = `
WITH RECURSIVE chain(group_name, depth) AS (
  SELECT group_name, 0 FROM gruppo WHERE group_name = ?
  UNION ALL
  SELECT g.parent_group, c.depth + 1 FROM gruppo g JOIN chain c ON g.group_name = c.group_name
  WHERE g.parent_group IS NOT NULL AND c.depth < 32
),
nearest AS (
  SELECT rp.role_name, MIN(c.depth) AS depth
  FROM ruolo_permesso rp JOIN chain c ON c.group_name = rp.group_name
  WHERE rp.role_name IN (SELECT role_name FROM utente_ruolo WHERE username = ?)
  GROUP BY rp.role_name
)
SELECT DISTINCT rp.funzione, rp.azione
FROM ruolo_permesso rp
JOIN chain c ON c.group_name = rp.group_name
JOIN nearest n ON n.role_name = rp.role_name AND n.depth = c.depth`;

/** The groups below the user's, but merchants' (leaves holding no bank): the walk does not read them. */
const BELOW_SQL = `WITH RECURSIVE below(group_name) AS (
  SELECT group_name FROM gruppo WHERE group_name = ?
  UNION
  SELECT g.group_name FROM gruppo g JOIN below b ON g.parent_group = b.group_name
  WHERE g.group_type IS NULL OR g.group_type <> 'M'
) SELECT group_name FROM below`;

/** The group chain from a bank up: is the caller's group on it? (bounded by the depth of the tree). */
const ABOVE_SQL = `WITH RECURSIVE up(group_name, depth) AS (
  SELECT group_name, 0 FROM gruppo WHERE group_name = ?
  UNION ALL
  SELECT g.parent_group, u.depth + 1 FROM gruppo g JOIN up u ON g.group_name = u.group_name WHERE g.parent_group IS NOT NULL AND u.depth < 32
) SELECT 1 AS found FROM up WHERE group_name = ?`;

/** Rows of a raw query: SQLite drivers answer the array, PostgreSQL a result object. */
const rowsOf = (result: unknown): Record<string, unknown>[] => expectRecords(Array.isArray(result) ? result : isRecord(result) ? result.rows : undefined, 'The rows of a raw query');

export async function authenticate(db: Knex, token: string): Promise<Caller | undefined> {
  const hash = createHash('sha256').update(token).digest('hex');
  const row = await db('sessione as s')
    .join('utente as u', 'u.username', 's.username')
    .leftJoin('gruppo as g', 'g.group_name', 'u.group')
    .where('s.token_hash', hash)
    .whereNull('s.revoked_at')
    .first(
      's.username', 's.last_seen_at', 's.expires_at', 'u.group', 'u.cab', 'u.enabled', 'u.locked', 'g.group_type',
      db.raw(`EXISTS (SELECT 1 FROM utente_ruolo r WHERE r.username = s.username AND r.role_name = 'ROLE_ADMIN') AS is_admin`),
    );
  if (!row || !truthy(row.enabled) || truthy(row.locked)) return undefined;
  const now = Date.now();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + IDLE_MS <= now) return undefined;
  if (now - lastSeen >= TOUCH_EVERY_MS) await db('sessione').where('token_hash', hash).update({ last_seen_at: new Date(now).toISOString() });

  const grants = new Set(rowsOf(await db.raw(GRANTS_SQL, [row.group, row.username])).map((g) => `${String(g.funzione)}:${String(g.azione)}`));
  const assistance = row.group_type === 'S' && truthy(row.is_admin);
  // A merchant's group is named <its bank>-<its merchant code>.
  const group = String(row.group);
  const scope: Caller['scope'] = assistance ? 'all' : { group, ...(row.group_type === 'M' ? { bank: group.slice(0, 5), merchant: group.slice(6) } : {}) };
  return { username: row.username, cab: row.cab ?? null, groupType: row.group_type ?? null, grants, scope };
}

/** FUNCTION:ACTION, where the grant may say '*' for either part. */
export function holds(caller: Caller, permission: string): boolean {
  const [fn, action] = permission.split(':');
  const g = caller.grants;
  return g.has(permission) || g.has(`${fn}:*`) || g.has(`*:${action}`) || g.has('*:*');
}

/** A list: rows whose bank is the caller's group or below it (one subquery the database evaluates). */
export function restrictToScope(qb: Knex.QueryBuilder, column: string, caller: Caller): Knex.QueryBuilder {
  const { scope } = caller;
  if (scope === 'all') return qb;
  return qb.where((q) => {
    q.whereRaw(`?? IN (${BELOW_SQL})`, [column, scope.group]);
    if (scope.bank) q.orWhere(column, scope.bank);
  });
}

/** One bank: is it the caller's group, below it, or a merchant's own bank? */
export async function inScope(db: Knex, caller: Caller, abi: string): Promise<boolean> {
  const { scope } = caller;
  if (scope === 'all' || scope.bank === abi) return true;
  return rowsOf(await db.raw(ABOVE_SQL, [abi, scope.group])).length > 0;
}

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}
