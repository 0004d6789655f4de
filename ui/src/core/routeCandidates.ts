/**
 * The manifest routes an address could open, found without react-router. The router's own matching compiles a
 * regular expression for every route it is given, at every render of <Routes> and every matchRoutes: with the
 * manifest's 130 routes that was 35-105 ms of a page load on this machine's Chromium (140-420 ms at Lighthouse's 4x
 * mobile CPU), all of it blocking. The router is given these candidates instead, usually one, and still chooses
 * among them by its own ranking, so what opens cannot differ: this filter may keep a route the router then
 * refuses, never drop one it would accept (tests/ui/routeCandidates.test.ts checks it against the router on every
 * route of the manifest).
 */

/** The routes of `routes` whose pattern can match `pathname`, in their order. */
export function routeCandidates<R extends { path: string }>(routes: readonly R[], pathname: string): R[] {
  const segments = pathname.split('/').filter(Boolean).map(comparable);
  return routes.filter((route) => canMatch(route.path.split('/').filter(Boolean), segments));
}

/**
 * Whether the pattern's segments can take the address's: `:name` any one segment, a part ending in `?` one or
 * none (the router tries both), `*` the rest; literals compared as the router does by default, ignoring case.
 */
function canMatch(pattern: readonly string[], segments: readonly string[], p = 0, s = 0): boolean {
  const part = pattern.at(p);
  if (part === undefined) return s === segments.length;
  if (part === '*') return true;
  const optional = part.endsWith('?');
  const name = optional ? part.slice(0, -1) : part;
  const segment = segments.at(s);
  const takes = segment !== undefined && (name.startsWith(':') || comparable(name) === segment);
  return (takes && canMatch(pattern, segments, p + 1, s + 1)) || (optional && canMatch(pattern, segments, p + 1, s));
}

/** A segment as the router compares it: decoded when it can be (the router keeps it raw otherwise), lower case. */
function comparable(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}
