/**
 * `api.countLimit` (docs/spec-language.md#a-count-that-stops): the model keeps it, the document's page of that
 * entity carries the required `totalCountCapped` (and the others do not), and a limit below 1 is refused at the line.
 */
import { describe, expect, it } from 'vitest';
import { loadSpec, loadSpecWithError, format } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const FILE = 'spec/cassa/incasso.yaml';
const spec = (limit: string) => `entity: Incasso
table: incasso
key: codice
permission: ANAG_BANCHE
api:
  path: incassi
  countLimit: ${limit}
fields:
  codice: { type: string, label: Codice, required: true }
  data: { type: date, label: Data, search: range }
`;

describe('a count that stops', () => {
  it('is kept in the model and described by the entity\'s page in the document', () => {
    const { model, diagnostics } = loadSpec({ [FILE]: spec('1000') });
    expect(diagnostics.map(format)).toEqual([]);
    if (!model) throw new Error('no model');
    expect(model.entities.find((e) => e.name === 'Incasso')?.api.countLimit).toBe(1000);
    const page = openApiJson(model).components.schemas.IncassoPage;
    expect(page.required).toEqual(['results', 'totalCount', 'totalCountCapped']);
    expect(page.properties.totalCount).toMatchObject({ type: 'integer', minimum: 0, maximum: 1000 });
    expect(page.properties.totalCountCapped).toMatchObject({ type: 'boolean' });
  });

  it('leaves an entity without it with exact counts and no flag', () => {
    const { model } = loadSpec({ [FILE]: spec('1000').replace('  countLimit: 1000\n', '') });
    if (!model) throw new Error('no model');
    const page = openApiJson(model).components.schemas.IncassoPage;
    expect(page.required).toEqual(['results', 'totalCount']);
    expect(page.properties).not.toHaveProperty('totalCountCapped');
  });

  it('refuses a limit below 1, at the line', () => {
    const error = loadSpecWithError({ [FILE]: spec('0') }, 'countLimit');
    expect(`${error.file}:${error.line}`).toBe(`${FILE}:7`);
  });
});
