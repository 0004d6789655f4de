/**
 * Hand-written handlers of the spec's custom operations, by the name the spec gives (`handler:`).
 * The server refuses to start when the document names a handler that is not registered here.
 */
import { authHandlers } from './auth/handlers.js';
import type { DomainHandler } from './handler.js';
import { permissionHandlers } from './permissions/handlers.js';

export const domainHandlers: Readonly<Record<string, DomainHandler>> = {
  ...authHandlers,
  ...permissionHandlers,
};
