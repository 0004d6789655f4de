/**
 * `relatedLists` (docs/spec-language.md#related-lists): the listed entity, its link and its columns are
 * checked where the analyst wrote them; defaults come from the listed entity; the document gets
 * GET <item>/<name> with the listed entity's filters but the linked ones.
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
