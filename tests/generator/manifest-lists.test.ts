/**
 * What the manifest tells a list about its columns and filters beyond their type: the entity a reference
 * points to (its filter picks the row by name) and a text's longest value (its column's width).
 */
import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../generator/emitters/manifest';
import { BANCA_YAML, format, loadSpec } from '../support/spec-helpers.js';

const SPORTELLO_YAML = `entity: Sportello
table: sportello
key: [codAbi, numero]
permission: ANAG_BANCHE
api:
  path: sportelli
fields:
  codAbi: { type: reference, entity: Banca, label: Banca, required: true, search: exact }
  numero: { type: string, label: Numero, required: true, maxLength: 5, search: exact }
  nome: { type: string, label: Nome, search: wildcard }
list:
  route: /sportelli
  columns: [codAbi, numero, nome]
`;

describe('manifest: list columns and filters', () => {
  it('names the entity a reference points to and the longest value a text may hold', () => {
    const { model, diagnostics } = loadSpec({ 'spec/banca.yaml': BANCA_YAML, 'spec/sportello.yaml': SPORTELLO_YAML });
    if (!model) throw new Error(diagnostics.map(format).join('\n'));
    const sportello = buildManifest(model).entities.Sportello;
    expect(sportello.columns).toEqual([
      { field: 'codAbi', label: 'Banca', type: 'reference', reference: 'Banca' },
      { field: 'numero', label: 'Numero', type: 'string', maxLength: 5 },
      { field: 'nome', label: 'Nome', type: 'string' },
    ]);
    expect(sportello.filters.find((f) => f.field === 'codAbi')).toMatchObject({ type: 'reference', reference: 'Banca', param: 'codAbi' });
  });
});

const PRATICA_YAML = `entity: Pratica
table: pratica
key: [id]
permission: ANAG_BANCHE
api:
  path: pratiche
fields:
  id: { type: string, label: Identificativo, required: true, maxLength: 10 }
  stato: { type: enum, label: Stato, values: { S: Sospesa, A: Accettata, R: Rifiutata } }
list:
  route: /pratiche
states:
  field: stato
  initial: [S]
  transitions:
    accetta: { label: Accetta, from: [S], to: A, permission: ANAG_BANCHE:AGGIORNAMENTO, confirm: Accettare la pratica?, bulk: each, success: Pratica accettata }
    rifiuta:
      label: Rifiuta
      from: [S]
      to: R
      permission: ANAG_BANCHE:AGGIORNAMENTO
      bulk: all
      success: Pratica rifiutata
      input:
        nota: { type: string, label: Motivo, required: true, maxLength: 50 }
    riapri: { label: Riapri, from: [R], to: S, permission: ANAG_BANCHE:AGGIORNAMENTO, success: Pratica riaperta }
`;

describe('manifest: bulk actions of a list', () => {
  it('lists the transitions with bulk, with their question, mode and whether they ask an input; none without bulk', () => {
    const { model, diagnostics } = loadSpec({ 'spec/banca.yaml': BANCA_YAML, 'spec/pratica.yaml': PRATICA_YAML, 'spec/sportello.yaml': SPORTELLO_YAML });
    if (!model) throw new Error(diagnostics.map(format).join('\n'));
    const { entities } = buildManifest(model);
    expect(entities.Pratica.bulkActions).toEqual([
      { name: 'accetta', label: 'Accetta', confirm: 'Accettare la pratica?', mode: 'each', hasInput: false, permission: 'ANAG_BANCHE:AGGIORNAMENTO' },
      { name: 'rifiuta', label: 'Rifiuta', mode: 'all', hasInput: true, permission: 'ANAG_BANCHE:AGGIORNAMENTO' },
    ]);
    expect(entities.Sportello.bulkActions).toBeUndefined();
  });
});

describe('manifest: data scope', () => {
  it('names the field of each dimension, so a form and a list lock the one the caller is fixed to; an entity without scope has none', () => {
    const scoped = SPORTELLO_YAML.replace('table: sportello\n', 'table: sportello\nscope: { bank: codAbi, branch: numero }\n');
    const { model, diagnostics } = loadSpec({ 'spec/banca.yaml': BANCA_YAML, 'spec/sportello.yaml': scoped });
    if (!model) throw new Error(diagnostics.map(format).join('\n'));
    const manifest = buildManifest(model);
    expect(manifest.entities.Sportello.scope).toEqual({ bank: 'codAbi', branch: 'numero' });
    expect(manifest.entities.Banca).not.toHaveProperty('scope');
  });
});
