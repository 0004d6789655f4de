/**
 * Random temporary passwords, mailed and never kept in clear: not in an answer, the outbox, the audit trail
 * or a log (docs/security.md). Three ways, each documented there:
 * - a new user's first password, written after the user's save has committed;
 * - an administrator's reset, which replaces the password at once (and ends the sessions);
 * - a public reset, which only adds a pending password (old one still valid): all its work, lookup included,
 *   runs after the answer, so the answer and its timing are the same whatever was asked.
 * The mail itself always leaves after the answer (server/mail/queue.ts).
 */
import type { Knex } from 'knex';
import { loadAccount, sha256, userTypeOf } from './credentials.js';
import type { AuthRuntime } from './runtime.js';
import { newUserMail, resetMail, type MailRecipient } from './mails.js';
import { hashPassword, randomPassword } from './password.js';
import { revokeAllSessions } from './sessions.js';

/**
 * Sets the user's password, to be changed at the next login. False when the user no longer exists: the
 * user's row is locked first (FOR KEY SHARE, what the credential's foreign key takes anyway), so a delete
 * of the user either ends before (no user: nothing written) or waits for this write and removes it too.
 */
async function setPassword(db: Knex, username: string, hash: string): Promise<boolean> {
  const values = { password_hash: hash, password_changed_at: new Date().toISOString(), must_change: true, failed_attempts: 0, pending_hash: null, pending_expires_at: null };
  return db.transaction(async (trx) => {
    if (!await trx('utente').where({ username }).forKeyShare().first('username')) return false;
    if (await trx('credenziale').where({ username }).first('username')) await trx('credenziale').where({ username }).update(values);
    else await trx('credenziale').insert({ username, ...values });
    return true;
  });
}

/** After a new user's save: a first password, to be changed at the first login, mailed to the user. */
export function mailFirstPassword({ db, mail, mails }: AuthRuntime, to: MailRecipient): void {
  mail.sendLater('Invio della password del nuovo utente', async () => {
    const password = randomPassword();
    // Deleted meanwhile: no password and no mail.
    if (!await setPassword(db, to.username, await hashPassword(password))) return undefined;
    return newUserMail(mails, to, password);
  });
}

/** An administrator's reset: the new password replaces the old one now; the mail leaves after the answer. */
export async function replaceAndMail({ db, mail, mails }: AuthRuntime, to: MailRecipient): Promise<void> {
  const password = randomPassword();
  await setPassword(db, to.username, await hashPassword(password));
  await revokeAllSessions(db, to.username);
  mail.sendLater('Invio della password reimpostata', () => Promise.resolve(resetMail(mails, to, password)));
}

/**
 * A public reset, entirely after the answer: when username, e-mail and userType match an enabled account,
 * a pending password valid for resetValidHours, mailed. Otherwise nothing at all.
 */
export function pendingResetLater({ db, mail, mails, limits, realms }: AuthRuntime, request: { username: string; mail: string; userType: string }): void {
  mail.sendLater('Recupero password', async () => {
    const account = await loadAccount(db, request.username);
    if (!account || !account.enabled || !account.email) return undefined;
    if (account.email.toLowerCase() !== request.mail.toLowerCase() || userTypeOf(account, realms) !== request.userType) return undefined;
    const password = randomPassword();
    const expires = new Date(Date.now() + limits.resetValidHours * 3600_000).toISOString();
    const pending = { pending_hash: sha256(password), pending_expires_at: expires };
    // A user without a password yet (never given one) gets it as the password, to be changed.
    if (account.passwordHash) await db('credenziale').where({ username: account.username }).update(pending);
    else await setPassword(db, account.username, await hashPassword(password));
    return resetMail(mails, { username: account.username, email: account.email, group: account.group, cab: account.cab }, password, account.passwordHash ? limits.resetValidHours : undefined);
  });
}
