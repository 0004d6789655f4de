/**
 * Sessions in the database (table sessione), keyed by the SHA-256 of the token: every server instance
 * sees the same sessions, a stolen database copy holds no usable token, and logout is a real revocation.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { USER_COLUMNS, type UserRow } from './caller.js';
import { AUTH_POLICY } from './policy.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How a login proved the user (column auth_method): the sessions are the trail of logins. */
export type AuthMethod = 'password' | 'passkey' | 'sso' | 'otf';

/**
 * `method`: how the user proved who it is; `actingBy`: the assistance user acting in a merchant's profile with
 * this session (acting.ts).
 */
export async function openSession(
  db: Knex, username: string, userType: string, opening: { method?: AuthMethod; actingBy?: string; now?: Date } = {},
): Promise<{ token: string; expiresIn: number }> {
  const { method = 'password', actingBy, now = new Date() } = opening;
  const token = randomBytes(AUTH_POLICY.tokenBytes).toString('base64url');
  await db('sessione').insert({
    token_hash: hashToken(token),
    username,
    user_type: userType,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + AUTH_POLICY.sessionMaxSeconds * 1000).toISOString(),
    revoked_at: null,
    acting_by: actingBy ?? null,
    auth_method: method,
  });
  return { token, expiresIn: AUTH_POLICY.sessionMaxSeconds };
}

/**
 * The live session of a token (undefined when unknown, revoked, expired or idle too long), with the
 * columns of its user that the caller is built from (caller.ts), in one query: every authorized call
 * starts here.
 */
export async function findLiveSessionWithUser(db: Knex, token: string, now = new Date()): Promise<{ userType: string; user: UserRow; actingBy?: string } | undefined> {
  const row = await db('sessione as s')
    .join('utente as u', 'u.username', 's.username')
    .leftJoin('gruppo as g', 'g.group_name', 'u.group')
    .where('s.token_hash', hashToken(token))
    .first<(SessionRow & { user_type: string; acting_by: string | null } & UserRow) | undefined>('s.token_hash', 's.user_type', 's.last_seen_at', 's.expires_at', 's.revoked_at', 's.acting_by', ...USER_COLUMNS);
  if (!row || !(await isLive(db, row, now))) return undefined;
  return { userType: row.user_type, user: row, ...(row.acting_by ? { actingBy: row.acting_by } : {}) };
}

interface SessionRow { token_hash: string; last_seen_at: string; expires_at: string; revoked_at?: string | null }

/** Unknown, revoked, expired and idle sessions are dead; a live one is touched at most every touchEverySeconds. */
async function isLive(db: Knex, row: SessionRow | undefined, now: Date): Promise<boolean> {
  if (!row || row.revoked_at) return false;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.expires_at).getTime() <= now.getTime()) return false;
  if (lastSeen + AUTH_POLICY.sessionIdleSeconds * 1000 <= now.getTime()) return false;
  if (now.getTime() - lastSeen >= AUTH_POLICY.touchEverySeconds * 1000) {
    await db('sessione').where({ token_hash: row.token_hash }).update({ last_seen_at: now.toISOString() });
  }
  return true;
}

export async function revokeSession(db: Knex, token: string, now = new Date()): Promise<void> {
  await db('sessione').where({ token_hash: hashToken(token) }).whereNull('revoked_at').update({ revoked_at: now.toISOString() });
}

export async function revokeAllSessions(db: Knex, username: string, now = new Date()): Promise<void> {
  await db('sessione').where({ username }).whereNull('revoked_at').update({ revoked_at: now.toISOString() });
}
