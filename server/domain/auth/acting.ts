/**
 * PUT users/logToEserWpbProfile (seed 000 §7, issue 18): assistance enters a merchant's business profile. The
 * merchant is found by its code among the merchant groups (ABI-code, seed 000 §6); with several banks the
 * caller names one (codAbi), else 400 'Selezionare una banca'. The answer is a new session of the merchant's
 * administrator (the enabled user of the group who is no operator), marked with the assistance user
 * (sessione.acting_by, users/me actingBy) and audited (accesso_federato, tipo assistenza). Only assistance.
 */
import { ApiError } from '../../http/api-error.js';
import { clientAddress } from '../../http/client-address.js';
import { callerIn, operationMessage, type DomainHandler } from '../handler.js';
import { isTrue } from './credentials.js';
import { recordAttempt } from './federation/attempts.js';
import type { AuthRuntime } from './runtime.js';
import { openSession } from './sessions.js';

export function createActingHandlers(auth: AuthRuntime): Record<string, DomainHandler> {
  const { db } = auth;
  const logToEserWpbProfile: DomainHandler = async (ctx) => {
    const caller = callerIn(ctx);
    if (!caller.isAssistenza) throw new ApiError('FORBIDDEN');
    const code = String(ctx.body.codEsercente);
    const chosen = typeof ctx.body.codAbi === 'string' ? ctx.body.codAbi : undefined;
    const groups: { group_name: string }[] = await db('gruppo').where({ group_type: 'M' }).where('group_name', 'like', `%-${code}`).orderBy('group_name').select('group_name');
    const names = groups.map((g) => g.group_name).filter((g) => g.slice(g.indexOf('-') + 1) === code);
    const refuse = (field: string, message: string) => new ApiError('NOT_FOUND', [{ field, message: operationMessage(ctx.operation, message) }]);
    if (!names.length) throw refuse('codEsercente', 'unknownMerchant');
    const group = chosen ? names.find((g) => g === `${chosen}-${code}`) : names.length === 1 ? names[0] : undefined;
    if (chosen && !group) throw refuse('codAbi', 'notInBank');
    if (!group) throw new ApiError('VALIDATION_ERROR', [{ field: 'codAbi', message: operationMessage(ctx.operation, 'chooseBank') }]);
    const users: { username: string; enabled: unknown; locked: unknown }[] = await db('utente as u').where('u.group', group)
      .whereNotExists((q) => { q.from('utente_ruolo as r').whereRaw('r.username = u.username').where('r.role_name', 'MERCHANT_OP'); })
      .orderBy('u.username').select('u.username', 'u.enabled', 'u.locked');
    const admin = users.find((u) => isTrue(u.enabled) && !isTrue(u.locked));
    if (!admin) throw new ApiError('VALIDATION_ERROR', [{ field: 'codEsercente', message: operationMessage(ctx.operation, 'noProfile') }]);
    const now = new Date();
    const session = await openSession(db, admin.username, auth.realms.merchant, { actingBy: caller.username, now });
    await recordAttempt(db, { kind: 'assistenza', userType: auth.realms.merchant, address: clientAddress(), username: admin.username, actingBy: caller.username }, now);
    return { access_token: session.token, expire_in: session.expiresIn };
  };
  return { logToEserWpbProfile };
}
