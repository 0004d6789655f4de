/**
 * Login, logout and password operations (seed 000 §4, §7 Auth; ASVS 5.0 V6-V7, see docs/security.md).
 * The password check, its limits and lockout are credentials.ts and throttle.ts; the temporary passwords
 * and their mails temporary-passwords.ts.
 */
import { ApiError } from '../../http/api-error.js';
import { clientAddress } from '../../http/client-address.js';
import { textOrNull } from '../../records.js';
import { callerIn, operationMessage, type DomainHandler } from '../handler.js';
import { isCommonPassword } from './common-passwords.js';
import { checkPassword } from './credentials.js';
import { hashPassword } from './password.js';
import type { AuthRuntime } from './runtime.js';
import { openSession, revokeAllSessions, revokeSession } from './sessions.js';
import { pendingResetLater, replaceAndMail } from './temporary-passwords.js';
import { textOf } from '../../../common/text.js';

export function createAuthHandlers(auth: AuthRuntime): Record<string, DomainHandler> {
  // The security kernel reads and writes its tables itself (.dependency-cruiser.cjs says why).
  const { db } = auth;
  const login: DomainHandler = async ({ query, body, token: previous }) => {
    const username = String(body.username);
    let session: { token: string; expiresIn: number } | undefined;
    // The session opens alone with the username's lock (throttle.ts exclusive): a lock that raced this login ends it.
    const { mustChange } = await checkPassword(db, auth.throttle, username, String(body.password), {
      realm: { userType: String(query.userType), realms: auth.realms },
      onSuccess: async () => { session = await openSession(db, username, String(query.userType)); },
    });
    if (mustChange || !session) throw new ApiError('ERROR_016');
    // A new token at every login, and the one it replaces (if the client still had one) is ended.
    if (previous) await revokeSession(db, previous);
    return { access_token: session.token, expire_in: session.expiresIn };
  };

  const logout: DomainHandler = async ({ token }) => {
    if (token) await revokeSession(db, token);
    return undefined;
  };

  /** The same answer, in the same time, whatever is asked: only the limits are checked before answering. */
  const resetPassword: DomainHandler = async ({ query, operation }) => {
    await auth.throttle.resetRequested(String(query.username), clientAddress());
    pendingResetLater(auth, { username: String(query.username), mail: String(query.mail), userType: String(query.userType) });
    return { message: operation.successMessage };
  };

  /**
   * A new password mailed to the user, read through `entity`'s service so its scope decides who may ask (another
   * bank's or merchant's user is 404); the answer says only that it was sent.
   */
  const resetThrough = (entity: string): DomainHandler => async (ctx) => {
    const user = await ctx.service(entity).get({ username: ctx.params.username }, ctx.caller);
    if (!user.email) throw new ApiError('VALIDATION_ERROR', [{ field: 'email', message: ctx.model.messages.validation.required }]);
    await replaceAndMail(auth, { username: textOf(user.username), email: textOf(user.email), group: textOf(user.group), cab: textOrNull(user.cab) });
    return { message: ctx.operation.successMessage };
  };
  const adminResetPassword = resetThrough('Utente');
  // Seed 002 §7 PUT resetPassword/{username}: a merchant's administrator, for its own users only.
  const businessResetPassword = resetThrough('UtenteEsercente');
  // Seed 000 §7 "Merchant users": bank staff and assistance, for the merchant users of their scope only.
  const merchantResetPassword = resetThrough('UtenteMerchant');

  const changePassword: DomainHandler = async ({ body, operation, model }) => {
    const username = String(body.username);
    await checkPassword(db, auth.throttle, username, String(body.oldPassword));
    if (body.newPassword === body.oldPassword) throw new ApiError('PASSWORD_REUSED', [{ field: 'newPassword', message: model.messages.errors.PASSWORD_REUSED }]);
    if (isCommonPassword(String(body.newPassword))) throw new ApiError('VALIDATION_ERROR', [{ field: 'newPassword', message: operationMessage(operation, 'commonPassword') }]);
    await db('credenziale').where({ username }).update({
      password_hash: await hashPassword(String(body.newPassword)), password_changed_at: new Date().toISOString(), must_change: false, failed_attempts: 0,
      pending_hash: null, pending_expires_at: null,
    });
    await revokeAllSessions(db, username);
    return { message: operation.successMessage };
  };

  /** The e-mail receives the resets, so changing it needs the current password (a wrong one counts as a failure). */
  const updateMyEmail: DomainHandler = async (ctx) => {
    const { body, operation } = ctx;
    const { username } = callerIn(ctx);
    try {
      await checkPassword(db, auth.throttle, username, String(body.password));
    } catch (error) {
      // 400 on the field, not 401: a 401 ends the session in the UI.
      if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS') throw new ApiError('VALIDATION_ERROR', [{ field: 'password', message: operationMessage(operation, 'wrongPassword') }]);
      throw error;
    }
    await db('utente').where({ username }).update({ email: String(body.email) });
    return { message: operation.successMessage };
  };

  return { login, logout, resetPassword, adminResetPassword, businessResetPassword, merchantResetPassword, changePassword, updateMyEmail };
}
