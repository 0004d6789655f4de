/**
 * The session token (seed 000 §3, §7): kept in the WP_TOKEN cookie, which expires when the server says the
 * token does (now + expire_in seconds), and sent by the data provider as X-AuthToken.
 */
import { deleteCookie, readCookie, writeCookie } from './cookies';

export const TOKEN_COOKIE = 'WP_TOKEN';

export function tokenExpiry(expireInSeconds: number, now: number = Date.now()): Date {
  return new Date(now + Math.max(0, expireInSeconds) * 1000);
}

export function storeToken(token: string, expireInSeconds: number): void {
  writeCookie(TOKEN_COOKIE, token, tokenExpiry(expireInSeconds));
}

export function readToken(): string | undefined {
  return readCookie(TOKEN_COOKIE) || undefined;
}

export function clearToken(): void {
  deleteCookie(TOKEN_COOKIE);
}
