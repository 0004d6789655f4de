/**
 * A list's view in its address (ui/src/core/listView.ts): what the list writes it reads back the same, the
 * list as it opens has no query, and whatever the list could not have written is ignored.
 */
import { describe, expect, it } from 'vitest';
import {
  defaultView, pageSizeOptions, readListView, withFilter, withoutFilters, withPage, withPageMove, withSort, writeListView, type ListShape, type ListView,
} from '../../ui/src/core/listView';

const shape: ListShape = {
  pageSize: 30,
  maxPageSize: 200,
  defaultSort: { field: 'code', direction: 'asc' },
  columns: [
    { field: 'code', label: 'Codice', type: 'string' },
    { field: 'name', label: 'Nome', type: 'string' },
    { field: 'opened', label: 'Apertura', type: 'date' },
  ],
  filters: [
    { field: 'code', label: 'Codice', type: 'reference', param: 'code', search: 'exact', reference: 'Other' },
    { field: 'name', label: 'Nome', type: 'string', param: 'q_name', search: 'wildcard' },
    { field: 'active', label: 'Attivo', type: 'boolean', param: 'active', search: 'exact' },
    { field: 'kind', label: 'Tipo', type: 'enum', param: 'kind', search: 'exact', options: [{ value: 'A', label: 'Alfa' }, { value: 'B', label: 'Beta' }] },
    { field: 'opened', label: 'Apertura dal', type: 'date', param: 'openedDa', search: 'range' },
    { field: 'amount', label: 'Importo', type: 'decimal', param: 'amount', search: 'exact' },
    { field: 'count', label: 'Numero', type: 'integer', param: 'count', search: 'exact' },
  ],
};

describe('list view in the address', () => {
  it('the list as it opens has no query, and an empty query is the list as it opens', () => {
    expect(writeListView(defaultView(shape), shape)).toBe('');
    expect(readListView('', shape)).toEqual({ page: 0, size: 30, sort: [{ field: 'code', direction: 'asc' }], filters: {} });
  });

  it('writes page (from 1), size, sort and filters under the API names, and reads them back the same', () => {
    const view: ListView = {
      page: 1, size: 10, sort: [{ field: 'name', direction: 'desc' }],
      filters: { code: '30480', q_name: 'Sede centrale', active: 'true', kind: 'B', openedDa: '2024-02-29', amount: '12.50', count: '-3' },
    };
    const query = writeListView(view, shape);
    expect(query).toBe('code=30480&q_name=Sede+centrale&active=true&kind=B&openedDa=2024-02-29&amount=12.50&count=-3&sort=name%2Cdesc&size=10&page=2');
    expect(readListView(query, shape)).toEqual(view);
    expect(readListView(`?${query}`, shape)).toEqual(view);
  });

  it('keeps several sort columns in their order', () => {
    const view = withSort(defaultView(shape), [{ field: 'name', direction: 'asc' }, { field: 'code', direction: 'desc' }]);
    expect(readListView(writeListView(view, shape), shape).sort).toEqual(view.sort);
  });

  it('ignores what the list could not have written', () => {
    const bad = [
      'page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=99999999999',
      'size=7', 'size=500', 'size=x',
      'sort=secret,asc', 'sort=name', 'sort=name,up', 'sort=name,asc,x',
      'active=yes', 'kind=C', 'openedDa=2024-02-30', 'openedDa=05/03/2024', 'amount=1e9', 'count=2.5',
      'unknown=1', `q_name=${'x'.repeat(201)}`, 'q_name=%20%20',
    ];
    for (const query of bad) expect(readListView(query, shape), query).toEqual(defaultView(shape));
  });

  it('keeps the good values beside a bad one, and a repeated sort column once', () => {
    expect(readListView('page=3&size=7&kind=A&sort=name,desc&sort=name,asc&sort=secret,asc', shape)).toEqual({
      page: 2, size: 30, sort: [{ field: 'name', direction: 'desc' }], filters: { kind: 'A' },
    });
  });

  it('a filter set or cleared goes back to the first page; a cleared or blank filter leaves the address', () => {
    const onPage3 = withPage(defaultView(shape), 2, 30);
    const filtered = withFilter(onPage3, 'q_name', '  Monza ');
    expect(filtered).toMatchObject({ page: 0, filters: { q_name: 'Monza' } });
    expect(writeListView(withFilter(filtered, 'q_name', undefined), shape)).toBe('');
    expect(writeListView(withFilter(filtered, 'q_name', '   '), shape)).toBe('');
    expect(withoutFilters(withFilter(filtered, 'kind', 'A'))).toMatchObject({ page: 0, filters: {} });
  });

  it('a new sort goes back to the first page; a new page size keeps the first row on screen', () => {
    const onPage5 = withPage(defaultView(shape), 4, 30);
    expect(withSort(onPage5, [{ field: 'name', direction: 'asc' }]).page).toBe(0);
    // Rows 120-149 on screen; in pages of 100, row 120 is on page 1 (0-based).
    expect(withPage(onPage5, 4, 100)).toMatchObject({ page: 1, size: 100 });
    expect(withPage(onPage5, 4, 10)).toMatchObject({ page: 12, size: 10 });
  });

  it('offers the entity page size and common ones, none above what the API accepts', () => {
    expect(pageSizeOptions({ pageSize: 30, maxPageSize: 200 })).toEqual([10, 20, 30, 50, 100]);
    expect(pageSizeOptions({ pageSize: 10, maxPageSize: 50 })).toEqual([10, 20, 50]);
    expect(pageSizeOptions({ pageSize: 25, maxPageSize: 25 })).toEqual([10, 20, 25]);
  });
});

describe('a list paged by cursor in the address (docs/spec-language.md#paging-by-cursor)', () => {
  const at = (page: number, cursor?: string): ListView => ({ ...defaultView(shape), page, ...(cursor ? { cursor } : {}) });

  it('keeps the cursor with the page number, so Back asks the very page again', () => {
    const view = at(7, 'eyJvIjoiLWRhdGEifQ');
    const written = writeListView(view, shape);
    expect(written).toBe('page=8&cursor=eyJvIjoiLWRhdGEifQ');
    expect(readListView(written, shape)).toEqual(view);
  });

  it('ignores a cursor the API could not have answered', () => {
    expect(readListView("page=3&cursor=a'%3B--", shape)).toEqual(at(2));
    expect(readListView(`cursor=${'a'.repeat(2049)}`, shape)).toEqual(at(0));
  });

  it('goes to the next and previous page by the cursors the list answered, any other page by number', () => {
    const cursors = { next: 'NEXT', prev: 'PREV' };
    expect(withPageMove(at(4, 'HERE'), 5, 30, cursors)).toEqual(at(5, 'NEXT'));
    expect(withPageMove(at(4, 'HERE'), 3, 30, cursors)).toEqual(at(3, 'PREV'));
    // The first page, a jump, another size, or no cursor answered: by number, no cursor kept.
    expect(withPageMove(at(1, 'HERE'), 0, 30, cursors)).toEqual(at(0));
    expect(withPageMove(at(4, 'HERE'), 8, 30, cursors)).toEqual(at(8));
    expect(withPageMove(at(4, 'HERE'), 5, 30, {})).toEqual(at(5));
    expect(withPageMove(at(4, 'HERE'), 5, 10, cursors)).toMatchObject({ size: 10, page: 12 });
    expect(withPageMove(at(4, 'HERE'), 5, 10, cursors)).not.toHaveProperty('cursor');
  });

  it('drops the cursor when a filter, the sort or the filters change', () => {
    expect(withFilter(at(4, 'HERE'), 'kind', 'A')).not.toHaveProperty('cursor');
    expect(withSort(at(4, 'HERE'), [{ field: 'name', direction: 'asc' }])).not.toHaveProperty('cursor');
    expect(withoutFilters(at(4, 'HERE'))).not.toHaveProperty('cursor');
    expect(withPage(at(4, 'HERE'), 2, 30)).not.toHaveProperty('cursor');
  });
});
