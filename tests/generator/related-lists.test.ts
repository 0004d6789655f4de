/**
 * `relatedLists` (docs/spec-language.md#related-lists): the listed entity, its link and its columns are
 * checked where the analyst wrote them; defaults come from the listed entity; the document gets
 * GET <item>/<name> with the listed entity's filters but the linked ones. As tabs, their options default and
 * are checked, and the listed entity's own lists get a nested path one level down.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../generator/emitters/openapi.js';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const FILIALE_YAML = `entity: Filiale
table: filiale
key: [codAbi, cab]
permission: ANAG_BANCHE
api:
  path: filiali
  pageSize: 30
fields:
  codAbi: { type: reference, entity: Banca, required: true, search: exact }
  cab: { type: string, required: true, search: exact }
  nome: { type: string, search: wildcard }
list:
  route: /filiali
  columns: [cab, nome]
`;
const withRelated = (related: string) => BANCA_YAML.replace('fields:\n', `relatedLists:\n  filiali: ${related}\nfields:\n`);

describe('related lists', () => {
  it('default to the listed entity\'s label, columns and page size, and get a path without the linked filter', () => {
    const { model } = loadSpec({ 'spec/banca.yaml': withRelated('{ entity: Filiale, link: { codAbi: codAbi } }'), 'spec/filiale.yaml': FILIALE_YAML });
    const banca = present(present(model, 'the model').entities.find((e) => e.name === 'Banca'), 'Banca');
    expect(banca.relatedLists).toEqual([{ name: 'filiali', entity: 'Filiale', label: 'Filiale', link: { codAbi: 'codAbi' }, columns: ['cab', 'nome'], pageSize: 30 }]);
    const doc = buildOpenApi(present(model, 'the model'));
    const op = JSON.stringify(doc.paths);
    expect(op).toContain('"/banche/{codAbi}/filiali"');
    expect(op).toContain('"x-operation":"relatedList"');
    expect(op).toContain('"operationId":"listBancaFiliali"');
  });

  it('refuse an unknown entity, a link field either side lacks and an unknown column, at their lines', () => {
    const files = (related: string) => ({ 'spec/banca.yaml': withRelated(related), 'spec/filiale.yaml': FILIALE_YAML });
    expect(loadSpecWithError(files('{ entity: Filiali, link: { codAbi: codAbi } }'), "Related list 'filiali' names the unknown entity 'Filiali'. Did you mean 'Filiale'?").line).toBe(8);
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: abi } }'), "Link value 'abi' is not a field of Banca").line).toBe(8);
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: codAbi }, columns: [cab, citta] }'), "Column 'citta' is not a field of Filiale").line).toBe(8);
  });
});

describe('related lists as tabs', () => {
  // Filiale lists its terminals, so the bank's branch tabs get a nested path one level down.
  const TERMINALE_YAML = `entity: Terminale
table: terminale
key: posid
permission: ANAG_BANCHE
api:
  path: terminali
fields:
  posid: { type: string, required: true }
  codAbi: { type: string, search: exact }
  cab: { type: string, search: exact }
`;
  const filialeWithTerminals = FILIALE_YAML.replace('fields:\n', 'relatedLists:\n  terminali: { entity: Terminale, link: { codAbi: codAbi, cab: cab } }\nfields:\n');
  const files = (related: string, route = '/banche/edit/:codAbi?') => ({
    'spec/banca.yaml': withRelated(related).replace('/banche/edit/:codAbi?', route),
    'spec/filiale.yaml': filialeWithTerminals,
    'spec/terminale.yaml': TERMINALE_YAML,
  });

  it('default the tab to the display fields, the parameters to the key, the page to pagina-<name>; the nested path renames a repeated key', () => {
    const { model } = loadSpec(files('{ entity: Filiale, link: { codAbi: codAbi }, widget: tabs }', '/banche/edit/:codAbi?/:cab?'));
    const banca = present(present(model, 'the model').entities.find((e) => e.name === 'Banca'), 'Banca');
    expect(banca.relatedLists[0].tabs).toEqual({ label: '{codAbi} - {cab}', params: { codAbi: 'codAbi', cab: 'cab' }, pageParam: 'pagina-filiali' });
    const doc = buildOpenApi(present(model, 'the model'));
    const paths = JSON.stringify(doc.paths);
    expect(paths).toContain('"/banche/{codAbi}/filiali/{filialiCodAbi}/{cab}/terminali"');
    expect(paths).toContain('"operationId":"listBancaFilialiTerminali"');
    expect(paths).toContain('"x-nested-key":{"codAbi":"filialiCodAbi","cab":"cab"}');
  });

  it('refuse tab options without widget: tabs, parameters that miss the key, a label naming no field, a route parameter no tab fills', () => {
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: codAbi }, tabLabel: x }'), "Related list 'filiali': tabLabel needs widget: tabs.").line).toBe(8);
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: codAbi }, widget: tabs, tabParams: { filiale: cab } }'),
      'tabParams must hold the key of Filiale, so a link reopens the same tab: add codAbi: codAbi.').line).toBe(8);
    expect(loadSpecWithError(files("{ entity: Filiale, link: { codAbi: codAbi }, widget: tabs, tabLabel: '{citta}' }"), "tabLabel names '{citta}', not a field of Filiale").line).toBe(8);
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: codAbi }, widget: tabs }', '/banche/edit/:codAbi?/:negozio?'),
      "Form route parameter :negozio is not a tab parameter of Banca's related lists (tabParams, pageParam).").line).toBeGreaterThan(8);
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: codAbi }, widget: tabs }', '/banche/edit/:codAbi?/:cab'),
      'Form route parameters after the key (cab) must be optional: write :cab?.').line).toBeGreaterThan(8);
  });
});

describe('lookups', () => {
  const USER_YAML = (lookup: string) => `entity: Utente
table: utente
key: username
fields:
  username: { type: string, required: true }
  codAbi: { type: string }
  cab: { type: string, lookup: ${lookup} }
`;
  const files = (lookup: string) => ({ 'spec/banca.yaml': BANCA_YAML, 'spec/filiale.yaml': FILIALE_YAML, 'spec/utente.yaml': USER_YAML(lookup) });

  it('default the value to the listed key and keep filterBy and fill', () => {
    const { model } = loadSpec(files('{ entity: Banca, fill: { codAbi: codAbi } }'));
    const user = present(present(model, 'the model').entities.find((e) => e.name === 'Utente'), 'Utente');
    expect(user.fields.find((f) => f.name === 'cab')?.lookup).toEqual({ entity: 'Banca', value: 'codAbi', filterBy: {}, fill: { codAbi: 'codAbi' } });
  });

  it('refuse a composite key without value, an unknown field and a filter the list lacks, at the line', () => {
    expect(loadSpecWithError(files('{ entity: Filiale }'), 'Filiale has a composite key; say which of its fields the value is').line).toBe(7);
    expect(loadSpecWithError(files('{ entity: Filiale, value: cab, filterBy: { codAbi: abi } }'), "'abi' is not a field of Utente").line).toBe(7);
    expect(loadSpecWithError(files('{ entity: Filiale, value: cab, filterBy: { codAbi: codAbi }, fill: { codAbi: citta } }'), "'citta' is not a field of Filiale").line).toBe(7);
    const unfiltered = FILIALE_YAML.replace('nome: { type: string, search: wildcard }', 'nome: { type: string }');
    expect(loadSpecWithError({ ...files('{ entity: Filiale, value: cab, filterBy: { nome: codAbi } }'), 'spec/filiale.yaml': unfiltered }, 'Filiale.nome is not a filter of its list').line).toBe(7);
  });
});

describe('filters over related rows (existsFilters)', () => {
  const withFilter = (filter: string) => BANCA_YAML.replace('fields:\n', `existsFilters:\n  filiale: ${filter}\nfields:\n`);
  const files = (filter: string) => ({ 'spec/banca.yaml': withFilter(filter), 'spec/filiale.yaml': `${FILIALE_YAML}indexes:\n  - { fields: [cab] }\n` });

  it("default the label to the searched field's and become a query parameter of the list (x-exists) and a filter of the page", () => {
    const { model, diagnostics } = loadSpec(files('{ entity: Filiale, link: { codAbi: codAbi }, field: cab }'));
    expect(diagnostics).toEqual([]);
    const banca = present(present(model, 'the model').entities.find((e) => e.name === 'Banca'), 'Banca');
    expect(banca.existsFilters).toEqual([{ param: 'filiale', entity: 'Filiale', link: { codAbi: 'codAbi' }, field: 'cab', label: 'cab' }]);
    const params = JSON.stringify(buildOpenApi(present(model, 'the model')).paths);
    expect(params).toContain('"name":"filiale","in":"query","description":"Filtro: cab","x-exists":"filiale"');
  });

  it('refuse an unknown entity, a link field either side lacks, an unknown field and a field no index leads, at their lines', () => {
    expect(loadSpecWithError(files('{ entity: Filiali, link: { codAbi: codAbi }, field: cab }'), "Filter 'filiale' names the unknown entity 'Filiali'. Did you mean 'Filiale'?").line).toBe(8);
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: abi }, field: cab }'), "Link value 'abi' is not a field of Banca").line).toBe(8);
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: codAbi }, field: citta }'), "'citta' is not a field of Filiale").line).toBe(8);
    expect(loadSpecWithError(files('{ entity: Filiale, link: { codAbi: codAbi }, field: nome }'), "Filiale.nome leads no index: searching it would read the whole table. Add 'indexes: [{ fields: [nome] }]' to Filiale.").line).toBe(8);
  });
});
