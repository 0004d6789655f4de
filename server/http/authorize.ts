/**
 * Every operation is checked here, on the server, against what the OpenAPI document declares for it:
 * `x-access: public` passes; `authenticated` needs a live session; `permission` also needs the
 * caller to hold `x-permission`, or any one of `x-permissions-any` where the operation lists several. An operation that declares nothing is refused: the safe default. A list of
 * public reference data (`x-reference-data`) lets any caller with a session search it by name
 * (`?format=compact`); the list handler then answers only the key and display fields (crud/routes.ts).
 * The session's token comes from the X-AuthToken header (API clients), else from the HttpOnly session
 * cookie the UI's browser sends (server/http/session-cookie.ts), which also needs the CSRF header.
 */
import type { RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { callerFromUser, holds, type Caller } from '../domain/auth/caller.js';
import type { MerchantGate } from '../domain/auth/merchant-flags.js';
import { findLiveSessionWithUser } from '../domain/auth/sessions.js';
import { ApiError } from './api-error.js';
import { operationOf } from './operation-routes.js';
import { requireRequestedWith } from './cross-site.js';
import { ResponseSlot } from './response-slot.js';
import type { SessionCookie } from './session-cookie.js';

export const TOKEN_HEADER = 'X-AuthToken';

/**
 * Who calls, for the handlers: the caller and its session's token once authorized; on a public operation
 * no caller, and the token the client presented, unverified (login uses it to end the session it replaces).
 */
interface RequestSession { caller?: Caller; token?: string }

const requestSession = new ResponseSlot<RequestSession>('The session (authorize)');

/** The caller authorize() let through; undefined on public operations. */
export function callerOf(res: Response): Caller | undefined {
  return requestSession.get(res)?.caller;
}

/** The caller's session token; on public operations the token the client sent, unverified. */
export function tokenOf(res: Response): string | undefined {
  return requestSession.get(res)?.token;
}

/** The caller a session token belongs to while the session lives (the UI's first paint asks too: ui-files.ts). */
export async function callerOfToken(db: Knex, token: string, gate: MerchantGate): Promise<Caller | undefined> {
  const live = await findLiveSessionWithUser(db, token);
  const found = live ? await callerFromUser(db, live.user, live.userType) : undefined;
  const user = found ? await gate(db, found) : undefined;
  return user && live?.actingBy ? { ...user, actingBy: live.actingBy } : user;
}

/** `gate` drops the functions the caller's merchant has switched off (functions.yaml requiresMerchantFlag). */
export function authorize(db: Knex, cookie: SessionCookie, gate: MerchantGate): RequestHandler {
  return async (req, res, next) => {
    const op = operationOf(res) ?? {};
    const header = req.header(TOKEN_HEADER);
    const fromCookie = header ? undefined : cookie.read(req);
    const token = header ?? fromCookie;
    if (op['x-access'] === 'public') {
      // Public calls never trust the token, but login uses it to end the session it replaces.
      requestSession.set(res, { token });
      next();
      return;
    }
    const caller = token ? await callerOfToken(db, token, gate) : undefined;
    if (!caller) {
      // A dead session in the cookie: the browser forgets it, the hint included, so the next page load does not ask again.
      if (fromCookie) cookie.expire(req, res);
      throw new ApiError('UNAUTHENTICATED');
    }
    // A browser attaches the cookie by itself: a change it authenticates must prove it comes from the UI.
    if (fromCookie) requireRequestedWith(req);
    const permission = op['x-permission'];
    // Any one of the operation's permissions, where the spec lists several (x-permission is the first of them).
    const permissions = op['x-permissions-any'] ?? (permission === undefined ? [] : [permission]);
    // A field permission lets the call through; the service then allows only that field to change.
    // So does a row permission (spec `rowPermissions`): the service then checks the function of the row itself.
    const partial = [...(op['x-field-permissions'] ?? []), ...(op['x-row-permissions'] ?? [])].some((p) => holds(caller, p));
    const referenceSearch = op['x-reference-data'] === true && req.query.format === 'compact';
    const allowed = op['x-access'] === 'authenticated' || referenceSearch || (op['x-access'] === 'permission' && permission !== undefined && (permissions.some((p) => holds(caller, p)) || partial));
    if (!allowed) throw new ApiError('FORBIDDEN');
    requestSession.set(res, { caller, token });
    next();
  };
}
