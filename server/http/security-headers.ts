/**
 * Response headers of every answer, UI and API (issue 12 item 14; docs/security.md#headers), through helmet:
 * a strict Content-Security-Policy the built UI passes, no framing, no MIME sniffing, no referrer.
 */
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The built UI (dist/ui/index.html) loads only its own script and style files: no inline script, no eval,
 * nothing from another origin. style-src keeps 'unsafe-inline' because Mantine writes its CSS variables
 * into <style> elements at run time and rjsf/Mantine components set style attributes; inline CSS cannot
 * run code, and with img-src, font-src and connect-src limited to 'self' (data:/blob: for images the page
 * makes itself) a style cannot send data to another host either.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function securityHeaders(): RequestHandler {
  return helmet({
    // No helmet defaults merged in: the policy is exactly the list above. In particular no
    // upgrade-insecure-requests, which would break the plain-HTTP 127.0.0.1 setups (npm start, dev mode);
    // TLS is the deployment's proxy's job (docs/security.md).
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** API answers are the caller's own data: never kept by the browser or a shared cache. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
