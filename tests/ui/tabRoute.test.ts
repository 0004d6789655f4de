/**
 * Where a related list's tabs keep the open row and the page (ui/src/core/tabRoute.ts): route segments where
 * the record's route has them, in order; a value whose earlier segments are empty, and any parameter the route
 * lacks, in the query string.
 */
import { describe, expect, it } from 'vitest';
import { tabAddress, tabParam } from '../../ui/src/core/tabRoute';

const RECORD = '/esercente/anagraficaesercente/E/:codEser?/:negozio?/:abi?/:pagina?/:posid?';
const at = (route: Record<string, string>, query = '') => ({ route, search: new URLSearchParams(query) });

describe('tabAddress', () => {
  it('writes the open store, its bank, the page and the terminal as route segments', () => {
    const { route, search } = at({ codEser: '0005678' });
    expect(tabAddress(RECORD, route, search, { negozio: '5011', abi: '30480', pagina: '2' })).toBe('/esercente/anagraficaesercente/E/0005678/5011/30480/2');
    expect(tabAddress(RECORD, { codEser: '0005678', negozio: '5011', abi: '30480', pagina: '2' }, search, { posid: '30480512' }))
      .toBe('/esercente/anagraficaesercente/E/0005678/5011/30480/2/30480512');
  });

  it('puts a page without a store in the query, and moves it back into the route once the store is chosen', () => {
    const { route, search } = at({ codEser: '0005678', negozio: '5001', abi: '30480', pagina: '1' });
    const paged = tabAddress(RECORD, route, search, { negozio: undefined, abi: undefined, posid: undefined, pagina: '2' });
    expect(paged).toBe('/esercente/anagraficaesercente/E/0005678?pagina=2');
    expect(tabAddress(RECORD, { codEser: '0005678' }, new URLSearchParams('pagina=2'), { negozio: '5012', abi: '30480', pagina: '2' }))
      .toBe('/esercente/anagraficaesercente/E/0005678/5012/30480/2');
  });

  it('keeps parameters a route lacks, and the other query parameters, in the query string', () => {
    const address = tabAddress('/esercente/negozi/negozio/:pdvid?', { pdvid: '1001' }, new URLSearchParams('tab=indirizzo'), { posid: '30480002' });
    expect(address).toBe('/esercente/negozi/negozio/1001?tab=indirizzo&posid=30480002');
    expect(tabAddress('/esercente/negozi/negozio/:pdvid?', { pdvid: '1001' }, new URLSearchParams('posid=30480002'), { posid: undefined })).toBe('/esercente/negozi/negozio/1001');
  });
});

describe('tabParam', () => {
  it('reads the route first, then the query', () => {
    expect(tabParam('pagina', { pagina: '2' }, new URLSearchParams('pagina=3'))).toBe('2');
    expect(tabParam('pagina', {}, new URLSearchParams('pagina=3'))).toBe('3');
    expect(tabParam('pagina', {}, new URLSearchParams())).toBeUndefined();
  });
});
