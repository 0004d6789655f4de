/**
 * Where a related list's tabs keep the open row and the page (docs/spec-language.md#related-lists-as-tabs):
 * in the route parameter of that name when the page's route has one (the merchant record's
 * /:codEser?/:negozio?/:abi?/:pagina?/:posid?), otherwise in the query string. An optional route segment
 * cannot be skipped, so a value whose earlier segments are empty goes to the query string too.
 */
import { fillRoute } from './keys';

type Values = Partial<Record<string, string>>;

function routeParamNames(pattern: string): string[] {
  return [...pattern.matchAll(/:([A-Za-z0-9_-]+)\??/g)].map((m) => m[1]);
}

/** A tab parameter's value: the route's, else the query's. */
export function tabParam(name: string, routeParams: Values, search: URLSearchParams): string | undefined {
  return routeParams[name] ?? search.get(name) ?? undefined;
}

/** The address with `values` set (undefined: removed), the other parameters as they are. */
export function tabAddress(pattern: string, routeParams: Values, search: URLSearchParams, values: Values): string {
  const names = routeParamNames(pattern);
  const merged: Values = { ...Object.fromEntries(names.map((n) => [n, tabParam(n, routeParams, search)])), ...values };
  const query = new URLSearchParams(search);
  const route: Record<string, string> = {};
  let hole = false;
  for (const name of names) {
    const value = merged[name];
    query.delete(name);
    if (!value) hole = true;
    else if (hole) query.set(name, value);
    else route[name] = value;
  }
  for (const [name, value] of Object.entries(values)) {
    if (names.includes(name)) continue;
    if (value) query.set(name, value);
    else query.delete(name);
  }
  const path = fillRoute(pattern, route);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
