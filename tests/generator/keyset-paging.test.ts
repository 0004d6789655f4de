/**
 * `api.paging: keyset` (docs/spec-language.md#paging-by-cursor): the model keeps it, the document declares the
 * `cursor` query parameter of the list and the page's `nextCursor` and `prevCursor` (an entity without it has
 * neither, and its export never takes a cursor), and another value is refused at the line.
 */
import { describe, expect, it } from 'vitest';
import { loadSpec, loadSpecWithError, format } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const FILE = 'spec/cassa/incasso.yaml';
const spec = (paging: string) => `entity: Incasso
table: incasso
key: codice
permission: ANAG_BANCHE
api:
  path: incassi
  paging: ${paging}
  export: { formats: [csv] }
fields:
  codice: { type: string, label: Codice, required: true }
  data: { type: date, label: Data, required: true, search: range }
`;

const names = (params: { name: string }[] | undefined) => (params ?? []).map((p) => p.name);

describe('paging by cursor', () => {
  it('is kept in the model and declared by the list\'s parameters and page in the document', () => {
    const { model, diagnostics } = loadSpec({ [FILE]: spec('keyset') });
    expect(diagnostics.map(format)).toEqual([]);
    if (!model) throw new Error('no model');
    expect(model.entities.find((e) => e.name === 'Incasso')?.api.paging).toBe('keyset');
    const doc = openApiJson(model);
    const cursor = doc.paths['/incassi'].get.parameters.find((p: { name: string }) => p.name === 'cursor');
    expect(cursor).toMatchObject({ in: 'query', schema: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' } });
    expect(names(doc.paths['/incassi/esportazioni'].post.parameters)).not.toContain('cursor');
    const page = doc.components.schemas.IncassoPage;
    expect(page.properties.nextCursor).toMatchObject({ type: 'string' });
    expect(page.properties.prevCursor).toMatchObject({ type: 'string' });
    expect(page.required).toEqual(['results', 'totalCount']);
  });

  it('leaves a list paged by number without cursors', () => {
    const { model } = loadSpec({ [FILE]: spec('offset') });
    if (!model) throw new Error('no model');
    expect(model.entities.find((e) => e.name === 'Incasso')?.api.paging).toBeUndefined();
    const doc = openApiJson(model);
    expect(names(doc.paths['/incassi'].get.parameters)).not.toContain('cursor');
    expect(doc.components.schemas.IncassoPage.properties).not.toHaveProperty('nextCursor');
  });

  it('refuses any other way of paging, at the line', () => {
    const error = loadSpecWithError({ [FILE]: spec('cursor') }, 'paging');
    expect(`${error.file}:${error.line}`).toBe(`${FILE}:7`);
  });
});
