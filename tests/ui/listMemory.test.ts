/**
 * What the browser remembers of a list (ui/src/core/listMemory.ts): the query to go back to, the widths the
 * user dragged; and the widths and counts a list opens with (columnWidths.ts, resultCount.ts).
 */
import { describe, expect, it } from 'vitest';
import { columnFloor, columnWidth, fitWidths } from '../../ui/src/core/columnWidths';
import { listAddress, loadColumnWidths, rememberListQuery, saveColumnWidths, type KeyValueStore } from '../../ui/src/core/listMemory';
import { resultCount } from '../../ui/src/core/resultCount';

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => { data.set(k, v); } };
}

const broken: KeyValueStore = {
  getItem: () => { throw new Error('SecurityError'); },
  setItem: () => { throw new Error('QuotaExceededError'); },
};

describe('going back to a list', () => {
  it('answers the list route with the query it was last shown with, per list', () => {
    const store = memoryStore();
    expect(listAddress(store, '/a/list')).toBe('/a/list');
    rememberListQuery(store, '/a/list', 'name=Monza&page=2');
    rememberListQuery(store, '/other', 'page=3');
    expect(listAddress(store, '/a/list')).toBe('/a/list?name=Monza&page=2');
    rememberListQuery(store, '/a/list', '');
    expect(listAddress(store, '/a/list')).toBe('/a/list');
  });

  it('without a usable storage the list opens as new', () => {
    expect(() => rememberListQuery(broken, '/a/list', 'page=2')).not.toThrow();
    expect(listAddress(broken, '/a/list')).toBe('/a/list');
    expect(listAddress(undefined, '/a/list')).toBe('/a/list');
  });
});

describe('column widths the user chose', () => {
  it('are kept per entity, rounded', () => {
    const store = memoryStore();
    saveColumnWidths(store, 'One', { code: 90.4, name: 300 });
    expect(loadColumnWidths(store, 'One')).toEqual({ code: 90, name: 300 });
    expect(loadColumnWidths(store, 'Two')).toEqual({});
  });

  it('drops what is not a width: text, out of range, not JSON, not an object', () => {
    const store = memoryStore();
    store.data.set('webpos.list.widths:One', JSON.stringify({ code: '90', name: 10, other: 5000, fine: 120 }));
    expect(loadColumnWidths(store, 'One')).toEqual({ fine: 120 });
    for (const text of ['{', '[100]', 'null', '42']) {
      store.data.set('webpos.list.widths:One', text);
      expect(loadColumnWidths(store, 'One'), text).toEqual({});
    }
    expect(loadColumnWidths(broken, 'One')).toEqual({});
    expect(() => saveColumnWidths(broken, 'One', { code: 90 })).not.toThrow();
  });
});

describe('opening column widths', () => {
  const text = (label: string, maxLength?: number) => ({ type: 'string' as const, label, ...(maxLength ? { maxLength } : {}) });

  it('booleans and codes are narrow, names and references wide', () => {
    const flag = columnWidth({ type: 'boolean', label: 'Attiva' }, ['Sì', 'No']);
    const code = columnWidth(text('CAB'), ['01600', '46770']);
    const name = columnWidth(text('Nome', 100), ['Banca di Credito Cooperativo di Roma']);
    const reference = columnWidth({ type: 'reference', label: 'Banca' }, ['30480 - Banca di Credito Cooperativo di Esempio']);
    expect(flag).toBeLessThan(130);
    expect(code).toBeLessThan(110);
    expect(name).toBeGreaterThanOrEqual(250);
    expect(reference).toBeGreaterThan(name);
    expect(columnWidth({ type: 'date', label: 'Data' }, [])).toBeLessThan(columnWidth({ type: 'datetime', label: 'Data' }, []));
  });

  it('a header is never cut inside a word, and no column is wider than a long name needs', () => {
    const header = columnWidth({ type: 'boolean', label: 'Fatturazione diretta' }, ['Sì']);
    expect(header).toBeGreaterThanOrEqual('Fatturazione'.length * 8 + 56);
    expect(columnWidth(text('Note'), ['x'.repeat(2000)])).toBeLessThanOrEqual(340);
  });

  it('a declared short text stays narrow before any row arrives; an enum is as wide as its longest label', () => {
    expect(columnWidth(text('Sigla', 2), [])).toBeLessThan(columnWidth(text('Sigla'), []));
    expect(columnWidth({ type: 'enum', label: 'Tipo', options: [{ value: 'B', label: 'B2B' }, { value: 'C', label: 'Un tipo dal nome lungo' }] }, []))
      .toBeGreaterThan('Un tipo dal nome lungo'.length * 8);
  });
});

describe('columns fitted to the table\'s box', () => {
  // The merchant search of sede.30480 at 1400 px: about 1100 px for six columns that open at about 1150.
  const columns = [
    { field: 'codEser', type: 'string' as const, label: 'Codice esercente', cells: ['0001234'] },
    { field: 'ds', type: 'string' as const, label: 'Ragione sociale', cells: ['Ferramenta Verdi di Luigi Verdi'] },
    { field: 'codAbi', type: 'reference' as const, label: 'Banca', cells: ['30480 - Banca di Credito Cooperativo di Esempio'] },
    { field: 'tipo', type: 'enum' as const, label: 'Tipo esercente', cells: ['PayWay'] },
    { field: 'pivaEser', type: 'string' as const, label: 'Partita IVA', cells: ['01234560124'] },
    { field: 'enable', type: 'boolean' as const, label: 'Abilitato', cells: ['Sì'] },
  ];
  const opened = Object.fromEntries(columns.map((c) => [c.field, columnWidth(c, c.cells)]));
  const floors = Object.fromEntries(columns.map((c) => [c.field, columnFloor(c, opened[c.field])]));
  const sum = (w: Record<string, number>) => Object.values(w).reduce((a, b) => a + b, 0);

  it('too wide for the box: every column narrows towards its floor, the sum fits exactly or a few pixels less', () => {
    expect(sum(opened)).toBeGreaterThan(1100);
    const fitted = fitWidths(opened, floors, 1100);
    expect(sum(fitted)).toBeLessThanOrEqual(1100);
    expect(sum(fitted)).toBeGreaterThan(1100 - columns.length);
    for (const c of columns) expect(fitted[c.field]).toBeGreaterThanOrEqual(floors[c.field]);
    // The wide reference gives the most; the flag keeps its width.
    expect(opened.codAbi - fitted.codAbi).toBeGreaterThan(opened.codEser - fitted.codEser);
    expect(fitted.enable).toBe(opened.enable);
  });

  it('widths that fit stay as they open; when even the floors do not fit (a phone) the floors, and the table scrolls', () => {
    expect(fitWidths(opened, floors, 5000)).toEqual(opened);
    expect(fitWidths(opened, floors, 340)).toEqual(floors);
    expect(sum(floors)).toBeGreaterThan(340);
  });

  it('a text column never narrows below its header\'s longest word nor below a readable floor', () => {
    expect(columnFloor({ type: 'string', label: 'Ragione sociale' }, 274)).toBeGreaterThanOrEqual('Ragione'.length * 8.5 + 72);
    expect(columnFloor({ type: 'reference', label: 'Banca' }, 340)).toBe(130);
    expect(columnFloor({ type: 'string', label: 'CAB' }, 100)).toBe(100);
    expect(columnFloor({ type: 'date', label: 'Data' }, 142)).toBe(142);
  });
});

describe('result count', () => {
  it('singular, plural and none, in Italian', () => {
    expect(resultCount(0)).toBe('Nessun risultato');
    expect(resultCount(1)).toBe('1 risultato');
    expect(resultCount(12)).toBe('12 risultati');
    expect(resultCount(12345)).toBe('12.345 risultati');
  });

  it('says "more than" a count that stopped at the spec\'s countLimit (Italian groups digits from five up)', () => {
    expect(resultCount(1000, true)).toBe('Più di 1.000 risultati');
    expect(resultCount(10000, true)).toBe('Più di 10.000 risultati');
    expect(resultCount(1000, false)).toBe('1.000 risultati');
  });
});
