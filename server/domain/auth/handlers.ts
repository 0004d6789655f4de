/**
 * Login, logout and password operations (seed 000 §4, §7 Auth; ASVS 5.0 V6-V7, see docs/security.md).
 * Wrong username and wrong password get the same answer; after AUTH_POLICY.maxFailedAttempts wrong
 * passwords in a row the account is locked. A reset sets a random password that must be changed at the
 * next login (ERROR_016) and "mails" it through the outbox.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiError } from '../../http/api-error.js';
import type { DomainContext, DomainHandler } from '../handler.js';
import { hashPassword, randomPassword, verifyPassword } from './password.js';
import { AUTH_POLICY } from './policy.js';
import { openSession, revokeAllSessions, revokeSession } from './sessions.js';

/** Verifying against this when the user does not exist keeps both failures equally slow. */
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/**
 * The password check shared by login and password change: unknown user and wrong password fail alike
 * (and equally slowly), a locked or disabled user is refused, wrong passwords count towards lockout.
 */
async function checkCredentials(db: Knex, username: string, password: string): Promise<{ mustChange: boolean }> {
  const user = await db('utente').where({ username }).first();
  const credential = user ? await db('credenziale').where({ username }).first() : undefined;
  if (!user || !credential) {
    await verifyPassword(password, DUMMY_HASH);
    throw new ApiError('INVALID_CREDENTIALS');
  }
  if (isTrue(user.locked) || !isTrue(user.enabled)) throw new ApiError('ACCOUNT_LOCKED');
  if (!(await verifyPassword(password, credential.password_hash))) {
    await recordFailure(db, username);
    throw new ApiError('INVALID_CREDENTIALS');
  }
  return { mustChange: isTrue(credential.must_change) };
}

const login: DomainHandler = async ({ db, query, body, token: previous }) => {
  const username = String(body.username);
  const { mustChange } = await checkCredentials(db, username, String(body.password));
  await db('credenziale').where({ username }).update({ failed_attempts: 0 });
  if (mustChange) throw new ApiError('ERROR_016');
  // A new token at every login, and the one it replaces (if the client still had one) is ended.
  if (previous) await revokeSession(db, previous);
  const session = await openSession(db, username, String(query.userType));
  return { access_token: session.token, expire_in: session.expiresIn };
};

/** Counts a wrong password with an atomic increment, so simultaneous attempts each count toward the lockout. */
async function recordFailure(db: Knex, username: string): Promise<void> {
  const locked = await db.transaction(async (trx) => {
    await trx('credenziale').where({ username }).increment('failed_attempts', 1);
    const row = await trx('credenziale').where({ username }).first('failed_attempts');
    if (Number(row?.failed_attempts ?? 0) < AUTH_POLICY.maxFailedAttempts) return false;
    await trx('utente').where({ username }).update({ locked: true });
    await trx('credenziale').where({ username }).update({ failed_attempts: 0 });
    return true;
  });
  if (locked) await revokeAllSessions(db, username);
}

const logout: DomainHandler = async ({ db, token }) => {
  if (token) await revokeSession(db, token);
  return undefined;
};

/** Same answer whether or not username and e-mail match, so the call cannot be used to probe accounts. */
const resetPassword: DomainHandler = async (ctx) => {
  const { db, query } = ctx;
  const user = await db('utente').where({ username: String(query.username) }).first();
  const matches = user && isTrue(user.enabled) && typeof user.email === 'string' && user.email.toLowerCase() === String(query.mail).toLowerCase();
  if (matches) await issueNewPassword(db, user.username, user.email, user.group);
  return { message: ctx.operation.successMessage };
};

const adminResetPassword: DomainHandler = async (ctx) => {
  const user = await ctx.service('Utente').get({ username: ctx.params.username }, ctx.caller);
  if (!user.email) throw new ApiError('VALIDATION_ERROR', [{ field: 'email', message: ctx.model.messages.validation.required }]);
  await issueNewPassword(ctx.db, String(user.username), String(user.email), String(user.group));
  return { message: ctx.operation.successMessage };
};

async function issueNewPassword(db: Knex, username: string, email: string, group: string): Promise<void> {
  const password = randomPassword();
  const hash = await hashPassword(password);
  const now = new Date().toISOString();
  await db.transaction(async (trx) => {
    const exists = await trx('credenziale').where({ username }).first();
    const values = { password_hash: hash, password_changed_at: now, must_change: true, failed_attempts: 0 };
    if (exists) await trx('credenziale').where({ username }).update(values);
    else await trx('credenziale').insert({ username, ...values });
    await trx('mail_outbox').insert({
      id: randomUUID(), created_at: now, recipient: email, username, group,
      subject: 'WebPOS - nuova password',
      body: `Gentile utente ${username},\nla sua nuova password temporanea e': ${password}\nAl primo accesso le verra' chiesto di cambiarla.`,
    });
  });
  await revokeAllSessions(db, username);
}

const changePassword: DomainHandler = async (ctx) => {
  const { db, body } = ctx;
  const username = String(body.username);
  await checkCredentials(db, username, String(body.oldPassword));
  if (body.newPassword === body.oldPassword) throw new ApiError('PASSWORD_REUSED', [{ field: 'newPassword', message: ctx.model.messages.errors.PASSWORD_REUSED }]);
  await db('credenziale').where({ username }).update({
    password_hash: await hashPassword(String(body.newPassword)), password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0,
  });
  await revokeAllSessions(db, username);
  return { message: ctx.operation.successMessage };
};

const updateMyEmail: DomainHandler = async ({ db, caller, body, operation }: DomainContext) => {
  await db('utente').where({ username: caller!.username }).update({ email: String(body.email) });
  return { message: operation.successMessage };
};

function isTrue(v: unknown): boolean {
  return v === true || v === 1 || v === '1';
}

export const authHandlers: Record<string, DomainHandler> = { login, logout, resetPassword, adminResetPassword, changePassword, updateMyEmail };
