/**
 * The HTTP hardening settings (issue 12 items 10 and 14), from the environment (README.md, variables table)
 * or from createApp's `http` option (tests). Read once, when the app is built.
 */

export interface HttpOptions {
  /** Largest JSON body of an operation anyone may call (`x-access: public`: login, password reset and change). */
  publicBodyLimit: string;
  /** Largest JSON body of an operation that needs a session. */
  bodyLimit: string;
  /** Deepest nesting of arrays and objects a JSON body may have. */
  maxBodyDepth: number;
  /** Secure flag of the session cookie: 'auto' sets it when the request came over TLS (req.secure, see trustProxy). */
  secureCookie: 'auto' | boolean;
  /** Express's `trust proxy`: which proxies' X-Forwarded-Proto/-Host/-For to believe (false: none). */
  trustProxy: boolean | number | string;
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  // A login or password change is a few hundred bytes; 16 kB leaves room and keeps anonymous work small.
  publicBodyLimit: '16kb',
  bodyLimit: '1mb',
  // The deepest body of the spec (an entity with a child list) is 4 levels; 32 leaves room for growth.
  maxBodyDepth: 32,
  secureCookie: 'auto',
  trustProxy: false,
};

export function httpOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): HttpOptions {
  return {
    publicBodyLimit: size('BODY_LIMIT_PUBLIC', env.BODY_LIMIT_PUBLIC) ?? DEFAULT_HTTP_OPTIONS.publicBodyLimit,
    bodyLimit: size('BODY_LIMIT', env.BODY_LIMIT) ?? DEFAULT_HTTP_OPTIONS.bodyLimit,
    maxBodyDepth: positiveInteger('BODY_MAX_DEPTH', env.BODY_MAX_DEPTH) ?? DEFAULT_HTTP_OPTIONS.maxBodyDepth,
    secureCookie: secureCookieFrom(env.SESSION_COOKIE_SECURE),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
  };
}

/** A size as body-parser reads it; anything else would silently mean "no limit", so it stops the start. */
function size(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^\d+(b|kb|mb)?$/i.test(value)) throw new Error(`${name} must be a size such as 16kb or 1mb; got '${value}'`);
  return value;
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer; got '${value}'`);
  return n;
}

function secureCookieFrom(value: string | undefined): HttpOptions['secureCookie'] {
  if (!value || value === 'auto') return 'auto';
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`SESSION_COOKIE_SECURE must be auto, true or false; got '${value}'`);
}

/** As Express reads it: true/false, a number of hops, or a list of addresses and subnets ('loopback', '10.0.0.0/8'). */
function trustProxyFrom(value: string | undefined): HttpOptions['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
