/**
 * `list.selectSingle` (docs/spec-language.md#a-filter-chosen-when-there-is-one; seed 002 §6: acquiring contracts
 * "auto-selects if only one" shop): the manifest carries the filters, and the generator refuses one that is not a
 * reference among the list's filters, at the line.
 */
import { describe, expect, it } from 'vitest';
import { manifestEmitter } from '../../generator/emitters/manifest.js';
import { emittedJson } from './emitted.js';
import { present } from '../support/present.js';
import { format, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const FILE = 'spec/cassa/contratto.yaml';
const spec = (selectSingle: string) => `entity: Contratto
table: contratto
key: id
permission: ANAG_BANCHE
api:
  path: contratti
fields:
  id: { type: string, label: Codice, required: true }
  banca: { type: reference, entity: Banca, label: Banca }
  nota: { type: string, label: Nota }
list:
  route: /contratti
  filters: [banca, nota]
  selectSingle: ${selectSingle}
`;
const BANCA = `entity: Banca
table: banca
key: codAbi
permission: ANAG_BANCHE
api:
  path: banche
fields:
  codAbi: { type: string, label: Codice ABI, required: true }
`;

describe('a filter chosen when there is one row to choose', () => {
  it('is in the manifest as the list declares it', async () => {
    const { model, diagnostics } = loadSpec({ [FILE]: spec('[banca]'), 'spec/banca.yaml': BANCA });
    expect(diagnostics.map(format)).toEqual([]);
    expect(model?.entities.find((e) => e.name === 'Contratto')?.list?.selectSingle).toEqual(['banca']);
    const manifest = await emittedJson(manifestEmitter, present(model, 'the model'), 'manifest.json');
    expect(manifest.entities.Contratto.selectSingle).toEqual(['banca']);
  });

  it('refuses a field that is not a reference filter of the list, at the line', () => {
    const text = loadSpecWithError({ [FILE]: spec('[nota]'), 'spec/banca.yaml': BANCA }, "selectSingle names 'nota', which is not a reference among the list's filters (banca, nota).");
    expect(`${text.file}:${text.line}`).toBe(`${FILE}:14`);
    loadSpecWithError({ [FILE]: spec('[id]'), 'spec/banca.yaml': BANCA }, "selectSingle names 'id'");
  });
});
