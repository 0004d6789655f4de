/**
 * Every operation is checked here, on the server, against what the OpenAPI document declares for it:
 * `x-access: public` passes; `authenticated` needs a live session; `permission` also needs the
 * caller to hold `x-permission`. An operation that declares nothing is refused: the safe default.
 */
import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import { callerFromUser, holds } from '../domain/auth/caller.js';
import { findLiveSessionWithUser } from '../domain/auth/sessions.js';
import { ApiError } from './api-error.js';

export const TOKEN_HEADER = 'X-AuthToken';

interface OperationSchema { 'x-access'?: string; 'x-permission'?: string; 'x-field-permissions'?: string[] }

export function authorize(db: Knex): RequestHandler {
  return async (req, res, next) => {
    const op = (req as { openapi?: { schema?: OperationSchema } }).openapi?.schema ?? {};
    const token = req.header(TOKEN_HEADER);
    if (op['x-access'] === 'public') {
      // Public calls never trust the token, but login uses it to end the session it replaces.
      res.locals.presentedToken = token;
      return next();
    }
    const live = token ? await findLiveSessionWithUser(db, token) : undefined;
    const caller = live ? await callerFromUser(db, live.user, live.userType) : undefined;
    if (!caller) throw new ApiError('UNAUTHENTICATED');
    const permission = op['x-permission'];
    // A field permission lets the call through; the service then allows only that field to change.
    const partial = (op['x-field-permissions'] ?? []).some((p) => holds(caller, p));
    const allowed = op['x-access'] === 'authenticated' || (op['x-access'] === 'permission' && permission !== undefined && (holds(caller, permission) || partial));
    if (!allowed) throw new ApiError('FORBIDDEN');
    res.locals.caller = caller;
    res.locals.token = token;
    next();
  };
}
