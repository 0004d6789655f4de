/**
 * express-openapi-validator (5.6.2) finds the operation of a request by compiling, with path-to-regexp,
 * every path of the document in turn until one matches (lookupRoute in openapi.metadata.js): on every
 * request, about 3 µs per path scanned, so the later a path comes in generated/openapi.json the more it
 * pays (bench/README.md, API suite). Until the library keeps its matchers (upstream pull request
 * cdimascio/express-openapi-validator#1217), the compiled matchers are kept here: pathToRegexp of the very
 * module instance the validator requires is wrapped once, at start, with a cache by path and options.
 * Its results are used read-only (RegExp.exec on a regexp without the g or y flag keeps no state).
 */
import { createRequire } from 'node:module';

type PathToRegexp = ((path: unknown, options?: unknown) => unknown) & { cached?: boolean };

export function cacheValidatorRouteMatchers(): void {
  const validatorRequire = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  const module = validatorRequire('path-to-regexp') as { pathToRegexp: PathToRegexp };
  if (module.pathToRegexp.cached) return;
  const compile = module.pathToRegexp;
  const matchers = new Map<string, unknown>();
  const cached: PathToRegexp = (path, options) => {
    if (typeof path !== 'string') return compile(path, options);
    // What path-to-regexp 8 reads (sensitive, end, trailing, delimiter, encodePath; the validator also passes
    // strict) makes the key: the validator builds a new options object on every call.
    const o = (options ?? {}) as Record<string, unknown>;
    const key = `${path}\u0000${o.sensitive}\u0000${o.strict}\u0000${o.end}\u0000${o.trailing}\u0000${o.delimiter}\u0000${o.encodePath === undefined}`;
    let matcher = matchers.get(key);
    if (matcher === undefined) matchers.set(key, (matcher = compile(path, options)));
    return matcher;
  };
  cached.cached = true;
  module.pathToRegexp = cached;
}
