/**
 * The routes an address could open (ui/src/core/routeCandidates.ts), which the shell gives the router instead of
 * all of them. It must never drop the route the router would open: checked against react-router's own matchRoutes
 * on every route of the generated manifest, for addresses with every optional segment filled or left out, in
 * another case, with a trailing slash and with encoded characters.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeCandidates } from '../../ui/src/core/routeCandidates';
import type { Manifest } from '../../ui/src/core/types';

const manifest: Manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../../generated/manifest.json'), 'utf8'));
const routes = manifest.routes.map((route) => ({ path: route.path }));

/** What the router opens at `pathname` given `given` routes: the winning pattern and its parameters. */
function opened(given: readonly { path: string }[], pathname: string) {
  const match = matchRoutes(given.map((r) => ({ path: r.path })), pathname)?.at(-1);
  return match && { path: match.route.path, params: match.params };
}

/** Addresses of a pattern: each optional part left out or filled, parameters with a sample value. */
function addressesOf(pattern: string): string[] {
  let paths = [''];
  for (const part of pattern.split('/').filter(Boolean)) {
    const optional = part.endsWith('?');
    const value = part.startsWith(':') ? `v${part.length}` : part.replace(/\?$/, '');
    paths = paths.flatMap((p) => (optional ? [p, `${p}/${value}`] : [`${p}/${value}`]));
  }
  return paths.map((p) => p || '/');
}

const addresses = [...new Set(routes.flatMap((r) => addressesOf(r.path)))];

describe('routeCandidates', () => {
  it('keeps, for every address of every manifest route, the route the router opens with all of them', () => {
    expect(addresses.length).toBeGreaterThan(routes.length);
    for (const address of addresses) {
      const variants = [address, address.toUpperCase(), `${address}/`, address.replace(/v(\d+)$/, 'a%20b%2Fc')];
      for (const pathname of variants) {
        expect({ pathname, opened: opened(routeCandidates(routes, pathname), pathname) }).toEqual({ pathname, opened: opened(routes, pathname) });
      }
    }
  });

  it('gives the router one or two routes for an address, not the manifest', () => {
    const counts = addresses.map((a) => routeCandidates(routes, a).length);
    expect(Math.max(...counts)).toBeLessThanOrEqual(3);
    expect(routeCandidates(routes, '/anagrafiche/anaBanca/formBanca/30480').map((r) => r.path)).toEqual(['/anagrafiche/anaBanca/formBanca/:codAbi?']);
  });

  it('tries an optional segment both ways, as the router does', () => {
    const pattern = [{ path: '/esercente/anagraficaesercente/E/:codEser?/:negozio?/:abi?/:pagina?/:posid?' }];
    expect(routeCandidates(pattern, '/esercente/anagraficaesercente/E')).toHaveLength(1);
    expect(routeCandidates(pattern, '/esercente/anagraficaesercente/E/0005678/5011/30480/2/30480512')).toHaveLength(1);
    expect(routeCandidates(pattern, '/esercente/anagraficaesercente/E/1/2/3/4/5/6')).toEqual([]);
    expect(routeCandidates([{ path: '/a/:x?/b' }], '/a/b')).toHaveLength(1);
    expect(routeCandidates([{ path: '/a/opzionale?/b' }], '/a/b')).toHaveLength(1);
  });

  it('drops what cannot match and keeps a splat', () => {
    expect(routeCandidates(routes, '/nessuna/pagina/qui')).toEqual([]);
    expect(routeCandidates([{ path: '/file/*' }, { path: '/file' }], '/file/a/b')).toEqual([{ path: '/file/*' }]);
    // A malformed escape stays as it is, as the router keeps it.
    expect(routeCandidates([{ path: '/a/:x' }], '/a/%E0%A4%A')).toHaveLength(1);
  });
});
