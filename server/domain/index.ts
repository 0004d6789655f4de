/**
 * Hand-written handlers of the spec's custom operations, by the name the spec gives (`handler:`).
 * The server refuses to start when the document names a handler that is not registered here.
 */
import { auditHandlers } from './audit/handlers.js';
import { roleHooks, userHooks } from './auth/grant-hooks.js';
import { authHandlers } from './auth/handlers.js';
import type { DomainHandler } from './handler.js';
import type { EntityHooks } from './hooks.js';
import { configHandlers } from './config/handlers.js';
import { permissionHandlers } from './permissions/handlers.js';

export const domainHandlers: Readonly<Record<string, DomainHandler>> = {
  ...authHandlers,
  ...permissionHandlers,
  ...auditHandlers,
  ...configHandlers,
};

/** Save hooks by entity name (server/domain/hooks.ts). */
export const entityHooks: Readonly<Record<string, EntityHooks>> = {
  Utente: userHooks,
  Ruolo: roleHooks,
};
