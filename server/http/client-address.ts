/**
 * The address of the client of the current request, for per-client limits (server/domain/auth/throttle.ts),
 * without threading the request through every handler: an AsyncLocalStorage set by one middleware.
 * It is Express's req.ip, so it follows the app's 'trust proxy' setting behind a proxy.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

const store = new AsyncLocalStorage<{ address: string }>();

export const rememberClientAddress: RequestHandler = (req, _res, next) => {
  store.run({ address: req.ip ?? req.socket.remoteAddress ?? 'sconosciuto' }, () => next());
};

export function clientAddress(): string {
  return store.getStore()?.address ?? 'sconosciuto';
}
