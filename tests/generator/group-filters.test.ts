/**
 * `groupFilters` (docs/spec-language.md#filters-over-an-enum-group): a valid one becomes a boolean query parameter
 * of the list (x-field, x-group) and a yes/no filter of the manifest; each mistake is reported at its file:line:col.
 */
import { describe, expect, it } from 'vitest';
import { manifestEmitter } from '../../generator/emitters/manifest.js';
import { present } from '../support/present.js';
import { loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { emittedJson, openApiJson } from './emitted.js';

const FILE = 'spec/esercenti/esercente.yaml';
// Line numbers below are those of this text (1-based).
const YAML = `entity: Esercente
table: esercente
key: codEser
permission: ANAG_BANCHE
api:
  path: esercenti
fields:
  codEser: { type: string, required: true, search: exact }
  tipo: { type: enum, values: { FI: POS, PW: PayWay, PWM: PayWayMail }, groups: { eCommerce: [PW, PWM] } }
  ds: { type: string }
groupFilters:
  soloCommElettronico: { field: tipo, group: eCommerce, label: Solo e-commerce }
list:
  route: /esercenti
  columns: [codEser, tipo]
`;
const spec = (from = '', to = '') => ({ [FILE]: YAML.replace(from, () => to) });

describe('groupFilters', () => {
  it('become the model, a boolean parameter of the list and a yes/no filter of the page', async () => {
    const { model, diagnostics } = loadSpec(spec());
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    expect(resolved.entities[0].groupFilters).toEqual([{ param: 'soloCommElettronico', field: 'tipo', group: 'eCommerce', label: 'Solo e-commerce' }]);
    const params: { name: string }[] = openApiJson(resolved).paths['/esercenti'].get.parameters;
    expect(params.find((p) => p.name === 'soloCommElettronico')).toEqual({
      name: 'soloCommElettronico', in: 'query', description: 'Filtro: Solo e-commerce', 'x-field': 'tipo', 'x-group': 'eCommerce', schema: { type: 'boolean' },
    });
    const manifest = await emittedJson(manifestEmitter, resolved, 'manifest.json');
    expect(manifest.entities.Esercente.filters).toContainEqual({ field: 'soloCommElettronico', label: 'Solo e-commerce', type: 'boolean', param: 'soloCommElettronico', search: 'exact' });
  });

  it.each([
    ['an unknown field', 'field: tipo, group', 'field: tip, group', "'tip' is not a field of Esercente. Did you mean 'tipo'?", 12, 33],
    ['a field that is not an enum', 'field: tipo, group', 'field: ds, group', "Field 'ds' is a string: a group filter reads an enum's groups.", 12, 33],
    ['an unknown group', 'group: eCommerce, label', 'group: ecommerce, label', "'ecommerce' is not a group of Esercente.tipo (eCommerce).", 12, 46],
    ['the name of another filter', '  soloCommElettronico: {', '  codEser: {', "Filter 'codEser' has the name of another filter of Esercente.", 12, 12],
  ])('%s, at file:line:col', (_name, from, to, message, line, column) => {
    const d = loadSpecWithError(spec(from, to), message);
    expect({ file: d.file, line: d.line, column: d.column }).toEqual({ file: FILE, line, column });
  });
});
