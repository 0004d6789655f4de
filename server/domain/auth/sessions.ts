/**
 * Sessions in the database (table sessione), keyed by the SHA-256 of the token: every server instance
 * sees the same sessions, a stolen database copy holds no usable token, and logout is a real revocation.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { AUTH_POLICY } from './policy.js';

export interface SessionRow { username: string; userType: string }

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function openSession(db: Knex, username: string, userType: string, now = new Date()): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(AUTH_POLICY.tokenBytes).toString('base64url');
  await db('sessione').insert({
    token_hash: hashToken(token),
    username,
    user_type: userType,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + AUTH_POLICY.sessionMaxSeconds * 1000).toISOString(),
    revoked_at: null,
  });
  return { token, expiresIn: AUTH_POLICY.sessionMaxSeconds };
}

/** The live session of a token, or undefined when unknown, revoked, expired or idle too long. */
export async function findLiveSession(db: Knex, token: string, now = new Date()): Promise<SessionRow | undefined> {
  const row = await db('sessione').where({ token_hash: hashToken(token) }).first();
  if (!row || row.revoked_at) return undefined;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  if (lastSeen + AUTH_POLICY.sessionIdleSeconds * 1000 <= now.getTime()) return undefined;
  if (now.getTime() - lastSeen >= AUTH_POLICY.touchEverySeconds * 1000) {
    await db('sessione').where({ token_hash: row.token_hash }).update({ last_seen_at: now.toISOString() });
  }
  return { username: row.username, userType: row.user_type };
}

export async function revokeSession(db: Knex, token: string, now = new Date()): Promise<void> {
  await db('sessione').where({ token_hash: hashToken(token) }).whereNull('revoked_at').update({ revoked_at: now.toISOString() });
}

export async function revokeAllSessions(db: Knex, username: string, now = new Date()): Promise<void> {
  await db('sessione').where({ username }).whereNull('revoked_at').update({ revoked_at: now.toISOString() });
}
