/**
 * CSRF defence (issue 12 item 14; docs/security.md#csrf), on top of the SameSite=Strict session cookie:
 * a change (any method but GET, HEAD, OPTIONS) that a browser says comes from another site is refused,
 * whatever authenticates it, login included; and a change authenticated by the cookie must carry
 * `X-Requested-With: XMLHttpRequest`, which the UI always sends and another site's page cannot (a custom
 * header needs a CORS preflight, and this server answers none). API clients that send X-AuthToken and no
 * Origin are not affected.
 */
import type { Request, RequestHandler } from 'express';
import { ApiError } from './api-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const REQUESTED_WITH = 'X-Requested-With';
export const REQUESTED_WITH_VALUE = 'XMLHttpRequest';

export const isChange = (req: Request) => !SAFE_METHODS.has(req.method);

/**
 * Sec-Fetch-Site (every current browser) and Origin (sent with every change a browser makes) must both
 * say the request comes from this origin, when present. The host is compared, not the scheme: behind a
 * TLS proxy that Express is not told to trust, the server sees http while the page is on https.
 */
export const refuseCrossSite: RequestHandler = (req, _res, next) => {
  if (!isChange(req)) { next(); return; }
  const site = req.header('Sec-Fetch-Site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new ApiError('CROSS_SITE_REQUEST');
  const origin = req.header('Origin');
  if (origin !== undefined && hostOf(origin) !== req.host) throw new ApiError('CROSS_SITE_REQUEST');
  next();
};

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host; // 'null' (a sandboxed frame, a redirect) is not a URL: refused
  } catch {
    return undefined;
  }
}

/** For authorize(): a change authenticated by the cookie without the UI's header is refused. */
export function requireRequestedWith(req: Request): void {
  if (isChange(req) && req.header(REQUESTED_WITH) !== REQUESTED_WITH_VALUE) throw new ApiError('CROSS_SITE_REQUEST');
}
