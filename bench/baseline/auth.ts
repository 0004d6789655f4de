/**
 * The same authorization as server/http/authorize.ts + server/domain/auth/caller.ts, written by hand:
 * token -> live session (stored as SHA-256) -> enabled, unlocked user -> grants of the user's roles,
 * each taken from the nearest group up the chain that defines it -> bank scope (the user's group and
 * every group below it; everything for assistance). Three queries, recursive CTEs for the group tree.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

export interface Caller { username: string; cab: string | null; grants: Set<string>; scope: 'all' | string[] }

const IDLE_MS = 30 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

const GRANTS_SQL = `
WITH RECURSIVE chain(group_name, depth) AS (
  SELECT ?, 0
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

const BELOW_SQL = `
WITH RECURSIVE below(group_name) AS (
  SELECT ?
  UNION
  SELECT g.group_name FROM gruppo g JOIN below b ON g.parent_group = b.group_name
)
SELECT group_name FROM below`;

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

  const grants = new Set((await db.raw(GRANTS_SQL, [row.group, row.username]) as { funzione: string; azione: string }[]).map((g) => `${g.funzione}:${g.azione}`));
  const assistance = row.group_type === 'S' && truthy(row.is_admin);
  let scope: 'all' | string[] = 'all';
  if (!assistance) {
    scope = (await db.raw(BELOW_SQL, [row.group]) as { group_name: string }[]).map((g) => g.group_name);
    if (row.group_type === 'M') scope.push(String(row.group).slice(0, 5)); // a merchant sees its bank
  }
  return { username: row.username, cab: row.cab ?? null, grants, scope };
}

/** FUNCTION:ACTION, where the grant may say '*' for either part. */
export function holds(caller: Caller, permission: string): boolean {
  const [fn, action] = permission.split(':');
  const g = caller.grants;
  return g.has(permission) || g.has(`${fn}:*`) || g.has(`*:${action}`) || g.has('*:*');
}

export function inScope(caller: Caller, abi: string): boolean {
  return caller.scope === 'all' || caller.scope.includes(abi);
}

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}
