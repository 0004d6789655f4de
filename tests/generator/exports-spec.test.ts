/**
 * `api.export` (docs/spec-language.md#exports): every list is exportable to CSV and Excel unless the
 * entity opts out; columns default to the list's, secret fields are never exported, and a mistake is
 * reported at file:line:col. The document gets POST <list path>/esportazioni and the job operations.
 */
import { describe, expect, it } from 'vitest';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const withSecret = BANCA_YAML.replace('fields:\n', 'fields:\n  token: { type: string, label: Token, secret: true }\n');
const withExport = (exportYaml: string, yaml = BANCA_YAML) => yaml.replace('  path: banche\n', `  path: banche\n  export: ${exportYaml}\n`);

describe('api.export', () => {
  it('is on by default with both formats and the list columns', () => {
    const model = present(loadSpec({ [BANCA]: BANCA_YAML }).model, 'the model');
    expect(model.entities[0].api.export).toEqual({ formats: ['csv', 'xlsx'], columns: ['codAbi', 'nomeBcc'] });
    const doc = openApiJson(model);
    const post = doc.paths['/banche/esportazioni'].post;
    expect(post).toMatchObject({ operationId: 'exportBanca', 'x-operation': 'export', 'x-permission': 'ANAG_BANCHE:VISUALIZZAZIONE', 'x-entity': 'Banca' });
    // q: the display-name search of the list (docs/spec-language.md#references) exports the rows the list shows.
    expect(post.parameters.map((p: { name: string }) => p.name)).toEqual(['formato', 'sort', 'q']);
    expect(doc.paths['/esportazioni/{id}'].get).toMatchObject({ 'x-access': 'authenticated', 'x-operation': 'exportStatus' });
    expect(doc.paths['/esportazioni/{id}/file'].get).toMatchObject({ 'x-access': 'authenticated', 'x-operation': 'exportFile' });
  });

  it('false turns it off; formats and columns restrict it', () => {
    const off = present(loadSpec({ [BANCA]: withExport('false') }).model, 'the model');
    expect(off.entities[0].api.export).toBeUndefined();
    expect(openApiJson(off).paths['/banche/esportazioni']).toBeUndefined();
    const csv = present(loadSpec({ [BANCA]: withExport('{ formats: [csv], columns: [nomeBcc] }') }).model, 'the model');
    expect(csv.entities[0].api.export).toEqual({ formats: ['csv'], columns: ['nomeBcc'] });
  });

  it('an entity without a list operation is not exportable', () => {
    const model = present(loadSpec({ [BANCA]: BANCA_YAML.replace('  path: banche\n', '  path: banche\n  operations: [get]\n') }).model, 'the model');
    expect(model.entities[0].api.export).toBeUndefined();
  });

  it('secret fields are left out of the default columns, and naming one is a mistake at file:line:col', () => {
    const secretListed = withSecret.replace('columns: [codAbi, nomeBcc]', 'columns: [codAbi, token]');
    const model = present(loadSpec({ [BANCA]: secretListed }).model, 'the model');
    expect(present(model.entities[0].api.export, 'api.export').columns).toEqual(['codAbi']);
    const d = loadSpecWithError({ [BANCA]: withExport('{ columns: [codAbi, token] }', withSecret) }, "Export column 'token' is a secret field");
    expect(d).toMatchObject({ file: BANCA, line: 7, column: 31 });
  });

  it('an unknown column or format is reported with the closest valid one', () => {
    const d = loadSpecWithError({ [BANCA]: withExport('{ columns: [nomeBc] }') }, "Export column 'nomeBc' is not a field of Banca");
    expect(d.message).toContain('nomeBcc');
    expect(d).toMatchObject({ file: BANCA, line: 7, column: 23 });
    loadSpecWithError({ [BANCA]: withExport('{ formats: [pdf] }') }, '');
  });
});
