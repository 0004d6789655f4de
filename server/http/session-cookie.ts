/**
 * The session cookie (issue 12 item 14; docs/security.md#session-cookie). The server writes the token into
 * WP_TOKEN when an operation marked `session: open` (login) answers, and removes it when one marked
 * `session: close` (logout) answers. HttpOnly: no script of the page can read it, so an injected script
 * cannot take the session away; SameSite=Strict: the browser never sends it with a request another site
 * starts; Path=/: the API gets it, and so does the page's own address, whose first paint names the record it opens
 * (server/http/first-paint.ts). API clients keep sending the token as X-AuthToken instead.
 *
 * Beside it, WP_SESSION=1, the session hint: no secret (the same "1" for everyone), readable by the page, so
 * the UI knows whether a session may exist without asking users/me, whose 401 the browser logs as an error
 * on every signed-out page load. Written and removed with WP_TOKEN, with its lifetime, and removed too when
 * the API refuses the token of the cookie (the session ended by inactivity or was revoked).
 */
import type { Request, RequestHandler, Response } from 'express';
import { isRecord } from '../records.js';
import type { HttpOptions } from './http-options.js';
import { ResponseSlot } from './response-slot.js';

export const SESSION_COOKIE = 'WP_TOKEN';
/** The session hint (above): ui/src/core/sessionHint.ts reads it. */
export const SESSION_HINT_COOKIE = 'WP_SESSION';

export interface SessionCookie {
  /** The token the request's cookie carries, if any. */
  read(req: Request): string | undefined;
  /** After an operation with a `session:` marker answered `body`: write or remove the cookie. */
  apply(req: Request, res: Response, session: 'open' | 'close', body: unknown): void;
  /** The token of the request's cookie is no longer a session: remove both cookies. */
  expire(req: Request, res: Response): void;
}

/**
 * `formerPaths`: where earlier versions wrote the cookie (the API's path only). A browser still holding one would
 * send it first to the API, so login and logout remove it too.
 */
export function sessionCookie(path: string, secure: HttpOptions['secureCookie'], formerPaths: readonly string[] = []): SessionCookie {
  const options = (req: Request, at = path) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: at,
    // 'auto': Secure exactly when the browser reached us over TLS (directly, or through a trusted proxy).
    secure: secure === 'auto' ? req.secure : secure,
  });
  // The hint is for the page's script: not HttpOnly, and on every path of the origin (the page reads it at /).
  const hintOptions = (req: Request) => ({ ...options(req), httpOnly: false, path: '/' });
  const removeFormer = (req: Request, res: Response) => {
    for (const former of formerPaths) res.clearCookie(SESSION_COOKIE, options(req, former));
  };
  const remove = (req: Request, res: Response) => {
    res.clearCookie(SESSION_COOKIE, options(req));
    removeFormer(req, res);
    res.clearCookie(SESSION_HINT_COOKIE, hintOptions(req));
  };
  return {
    read: (req) => cookieValue(req.headers.cookie, SESSION_COOKIE),
    expire: remove,
    apply(req, res, session, body) {
      if (session === 'close') {
        remove(req, res);
        return;
      }
      // The login answer (spec/sicurezza/operazioni-accesso.yaml): the token, and its lifetime in seconds.
      const token = isRecord(body) ? body.access_token : undefined;
      const expireIn = isRecord(body) ? body.expire_in : undefined;
      if (typeof token !== 'string' || typeof expireIn !== 'number') throw new Error('session: open needs an answer with access_token and expire_in');
      res.cookie(SESSION_COOKIE, token, { ...options(req), maxAge: expireIn * 1000 });
      removeFormer(req, res);
      res.cookie(SESSION_HINT_COOKIE, '1', { ...hintOptions(req), maxAge: expireIn * 1000 });
    },
  };
}

/** One cookie's value from a Cookie header; no dependency for this one lookup. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const appCookie = new ResponseSlot<SessionCookie>('The session cookie (provideSessionCookie in server/app.ts)');

/** A step of the API router: it hands the app's SessionCookie to the route layer, which then needs no wiring. */
export function provideSessionCookie(cookie: SessionCookie): RequestHandler {
  return (_req, res, next) => {
    appCookie.set(res, cookie);
    next();
  };
}

/** The SessionCookie of this app, as provideSessionCookie left it for the request. */
export function sessionCookieOf(res: Response): SessionCookie {
  return appCookie.require(res);
}
