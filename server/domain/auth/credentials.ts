/**
 * The one password check of login, password change and e-mail change (ASVS 5.0 6.3; docs/security.md):
 * - counted before verifying (throttle.ts): over the limits it is 429 without a scrypt;
 * - unknown user, wrong password and wrong userType all answer INVALID_CREDENTIALS after one scrypt;
 * - a locked or disabled account says so only to whoever gives its right password;
 * - a pending temporary password (public reset) is accepted too and then becomes the password, to be changed.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import type { LoginRealms } from '../../../common/bindings.js';
import { ApiError } from '../../http/api-error.js';
import { clientAddress } from '../../http/client-address.js';
import { hashPassword, verifyPassword } from './password.js';
import { revokeAllSessions } from './sessions.js';
import type { AuthThrottle } from './throttle.js';
import { PROOF_PREFIX, takeProof } from './webauthn-store.js';

/** Verifying against this when the user does not exist keeps both failures equally slow. */
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export interface Account {
  username: string; email: string | null; group: string; cab: string | null; groupType: string | null;
  locked: boolean; enabled: boolean;
  passwordHash?: string; mustChange: boolean; pendingHash?: string | null; pendingExpiresAt?: string | null;
}

/** The columns loadAccount reads (utente as u, gruppo as g, credenziale as c). */
interface AccountRow {
  username: string; email: string | null; group: string; cab: string | null; locked: unknown; enabled: unknown; group_type: string | null;
  password_hash: string | null; must_change: unknown; pending_hash: string | null; pending_expires_at: string | null;
}

export async function loadAccount(db: Knex, username: string): Promise<Account | undefined> {
  const row = await db('utente as u').leftJoin('gruppo as g', 'g.group_name', 'u.group').leftJoin('credenziale as c', 'c.username', 'u.username')
    .where('u.username', username)
    .first<AccountRow | undefined>('u.username', 'u.email', 'u.group', 'u.cab', 'u.locked', 'u.enabled', 'g.group_type', 'c.password_hash', 'c.must_change', 'c.pending_hash', 'c.pending_expires_at');
  if (!row) return undefined;
  return {
    username: row.username, email: row.email ?? null, group: row.group, cab: row.cab ?? null, groupType: row.group_type ?? null,
    locked: isTrue(row.locked), enabled: isTrue(row.enabled),
    passwordHash: row.password_hash ?? undefined, mustChange: isTrue(row.must_change), pendingHash: row.pending_hash, pendingExpiresAt: row.pending_expires_at,
  };
}

/** The realm of an account: a merchant account is one whose group is a merchant group (type M: seed 000 §6, caller.ts). */
export const userTypeOf = (account: Account, realms: LoginRealms) => (account.groupType === 'M' ? realms.merchant : realms.bank);

export interface CheckOptions {
  /** The userType the client logs in as, and the realms: an account of the other realm fails like a wrong password. */
  realm?: { userType: string; realms: LoginRealms };
  /** After a right password that needs no change: alone with the lock of the username (a login opens its session here). */
  onSuccess?: () => Promise<void>;
}

export async function checkPassword(db: Knex, throttle: AuthThrottle, username: string, password: string, options: CheckOptions = {}): Promise<{ account: Account; mustChange: boolean }> {
  const attempt = await throttle.begin(username, clientAddress());
  const account = await loadAccount(db, username);
  const current = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
  const temporary = !current && !!account && pendingMatches(account, password);
  const typeMatches = !options.realm || (!!account && userTypeOf(account, options.realm.realms) === options.realm.userType);
  if (!account || !account.passwordHash || !(current || temporary) || !typeMatches) {
    // The failure that reaches the limit locks the username for a while and ends its sessions.
    if (throttle.lockedBy(attempt)) {
      await throttle.exclusive(username, async () => {
        await throttle.block(username);
        await revokeAllSessions(db, username);
      });
    }
    throw new ApiError('INVALID_CREDENTIALS');
  }
  if (account.locked || !account.enabled) throw new ApiError('ACCOUNT_LOCKED');
  await throttle.exclusive(username, async () => {
    await throttle.succeeded(attempt);
    if (!temporary && !account.mustChange) await options.onSuccess?.();
  });
  if (temporary) {
    await promotePending(db, username, password);
    return { account, mustChange: true };
  }
  // Policy (docs/security.md): a login with the current password cancels a pending reset.
  if (account.pendingHash) await db('credenziale').where({ username }).update({ pending_hash: null, pending_expires_at: null });
  return { account, mustChange: account.mustChange };
}

function pendingMatches(account: Account, password: string): boolean {
  if (!account.pendingHash || !account.pendingExpiresAt) return false;
  if (new Date(account.pendingExpiresAt).getTime() <= Date.now()) return false;
  const given = Buffer.from(sha256(password));
  const stored = Buffer.from(account.pendingHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The temporary password was used: it becomes the password (to be changed first), and every session ends. */
async function promotePending(db: Knex, username: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db('credenziale').where({ username }).update({
    password_hash: hash, password_changed_at: new Date().toISOString(), must_change: true, pending_hash: null, pending_expires_at: null,
  });
  await revokeAllSessions(db, username);
}

export function isTrue(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}

/**
 * Re-authentication of a critical operation (a transition with `reauthenticate`): the signed-in caller's own
 * current password, or the proof of a passkey assertion the caller made in the last 2 minutes (once), counted like a login's (throttle.ts: over the limits 429; the failure that reaches the
 * limit locks the username and ends its sessions). Only the current password: a pending temporary one is a
 * way into a session, not a confirmation. A wrong one is 403 REAUTHENTICATION_FAILED, not 401:
 * the caller's session is still good, and the client must not take it for a logout.
 */
export async function reauthenticate(db: Knex, throttle: AuthThrottle, username: string, password: string): Promise<void> {
  const attempt = await throttle.begin(username, clientAddress());
  const account = await loadAccount(db, username);
  // A passkey assertion's proof (webauthn-handlers.ts) is taken once, and only by the user who made it.
  const right = password.startsWith(PROOF_PREFIX)
    ? await takeProof(db, password, username)
    : (await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH)) && !!account?.passwordHash;
  if (!account || !right) {
    if (throttle.lockedBy(attempt)) {
      await throttle.exclusive(username, async () => {
        await throttle.block(username);
        await revokeAllSessions(db, username);
      });
    }
    throw new ApiError('REAUTHENTICATION_FAILED');
  }
  if (account.locked || !account.enabled) throw new ApiError('ACCOUNT_LOCKED');
  await throttle.exclusive(username, () => throttle.succeeded(attempt));
}
