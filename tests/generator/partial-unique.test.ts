/**
 * A partial unique rule (docs/spec-language.md#partial-unique-rules) in the model: its index name, condition and
 * message (the field defaults to the index's last), and what `npm run gen` refuses, at the line.
 */
import { describe, expect, it } from 'vitest';
import { entityByName } from '../../common/model.js';
import { present } from '../support/present.js';
import { loadSpec } from '../support/spec-helpers.js';

const FILE = 'spec/sconto.yaml';
const sconto = (indexes: string) => ({
  [FILE]: `entity: Sconto
table: sconto
key: id
fields:
  id: { type: integer, label: Id, required: true }
  negozio: { type: string, label: Negozio, required: true, maxLength: 10 }
  tipo: { type: enum, label: Tipo, required: true, values: { SI: Sconto immediato, VC: Ventis City } }
  stato: { type: enum, label: Stato, required: true, default: A, values: { A: Attivo, D: Disattivato } }
  attivo: { type: boolean, label: Attivo }
  livello: { type: integer, label: Livello }
indexes:
${indexes}`,
});
const problems = (indexes: string) => loadSpec(sconto(indexes)).diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);

describe('the model of a partial unique rule', () => {
  it('names the index after its fields and its condition, and puts the message on the last field unless told', () => {
    const { model, diagnostics } = loadSpec(sconto(`  - { fields: [negozio, tipo] }
  - { fields: [negozio, tipo], unique: true, where: { stato: A }, message: Servizio già attivo }
  - { fields: [negozio], unique: true, where: { attivo: true, livello: 2 }, field: negozio, message: Un solo negozio attivo di livello 2 }
`));
    expect(diagnostics).toEqual([]);
    expect(entityByName(present(model, 'the model'), 'Sconto').indexes).toEqual([
      { name: 'sconto_negozio_tipo_idx', fields: ['negozio', 'tipo'], unique: false },
      { name: 'sconto_negozio_tipo_when_stato_uq', fields: ['negozio', 'tipo'], unique: true, where: { stato: 'A' }, message: 'Servizio già attivo', field: 'tipo' },
      { name: 'sconto_negozio_when_attivo_livello_uq', fields: ['negozio'], unique: true, where: { attivo: true, livello: 2 }, message: 'Un solo negozio attivo di livello 2', field: 'negozio' },
    ]);
  });
});

describe('what npm run gen refuses', () => {
  it('a condition, message or field on an index that is not unique', () => {
    expect(problems('  - { fields: [negozio, tipo], where: { stato: A }, message: Già attivo }\n')).toEqual([
      "12:39 'where' belongs to a unique index: add 'unique: true' to { fields: [negozio, tipo] }.",
      "12:62 'message' belongs to a unique index: add 'unique: true' to { fields: [negozio, tipo] }.",
    ]);
  });

  it('a condition on an unknown field, a code the enum lacks, a value of another type', () => {
    expect(problems('  - { fields: [negozio, tipo], unique: true, where: { statoX: A, tipo: XX, attivo: si, livello: due } }\n')).toEqual([
      "12:63 Index condition field 'statoX' is not a field of this entity.",
      "12:72 'XX' is not a code of tipo (SI, VC).",
      "12:84 Index condition attivo: \"si\" is not a value of a boolean field.",
      "12:97 Index condition livello: \"due\" is not a value of a integer field.",
    ]);
  });

  it("a message's field that is not one of the index's, a field without a message, a '?' in a value", () => {
    expect(problems('  - { fields: [negozio], unique: true, where: { stato: A }, field: tipo, message: Già attivo }\n')).toEqual([
      "12:68 The message's field 'tipo' is not one of the index's fields (negozio).",
    ]);
    expect(problems('  - { fields: [negozio], unique: true, field: negozio }\n')).toEqual([
      "12:47 'field' says where the index's 'message' goes: add the message.",
    ]);
    expect(problems("  - { fields: [negozio], unique: true, where: { negozio: 'a?b' } }\n")).toEqual([
      "12:58 Index condition negozio: a value with '?' cannot be written into the index's SQL.",
    ]);
  });
});
