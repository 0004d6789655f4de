/**
 * `states: inherit` on a view (docs/spec-language.md#a-views-transitions): the view runs its entity's transitions,
 * written once there, as its own API operations and form actions; a view without viewOf, over an entity without
 * machines, or lacking a field a transition reads or sets, is refused at its `states: inherit` line.
 */
import { describe, expect, it } from 'vitest';
import { named, present } from '../support/present.js';
import { loadSpec, loadSpecWithError, MINIMAL_FUNCTIONS, FUNCTIONS_FILE } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const functions = `${MINIMAL_FUNCTIONS}  GES_ORD: Ordini\n  ORD_CLIENTE: Ordini del cliente\n`;
const ORDINE = `entity: Ordine
table: ordine
key: id
permission: GES_ORD
api: { path: ordini, operations: [list, get] }
fields:
  id: { type: string, required: true }
  importo: { type: decimal, required: true }
  stato: { type: enum, required: true, values: { A: Aperto, R: Rimborsato } }
  rimborsoDa: { type: string, readOnly: true }
states:
  field: stato
  initial: [A, R]
  transitions:
    rimborsa:
      label: Rimborsa
      from: [A]
      to: R
      permission: GES_ORD:AGGIORNAMENTO
      success: Rimborso eseguito
      input:
        importo: { type: decimal, required: true }
      checks:
        - { field: importo, valid: { '<=': [{ var: input.importo }, { var: row.importo }] }, message: Troppo }
      effects:
        - set: { rimborsoDa: { expr: { var: caller.username } } }
`;
// Line numbers below are those of this text (1-based).
const VIEW = `entity: OrdineCliente
viewOf: Ordine
table: ordine
key: id
permission: ORD_CLIENTE
api: { path: cliente/ordini, operations: [list, get] }
fields:
  id: { type: string, required: true }
  importo: { type: decimal, required: true }
  stato: { type: enum, required: true, values: { A: Aperto, R: Rimborsato } }
  rimborsoDa: { type: string, readOnly: true }
states: inherit
`;
const spec = (view = VIEW, ordine = ORDINE) => ({ [FUNCTIONS_FILE]: functions, 'spec/ordini/ordine.yaml': ordine, 'spec/ordini/ordine-cliente.yaml': view });

describe('a view that runs its entity\'s transitions', () => {
  it('has the same machine, and each transition is an operation of its own path with the same permission and message', () => {
    const { model, diagnostics } = loadSpec(spec());
    expect(diagnostics).toEqual([]);
    const built = present(model, 'the model');
    expect(named(built.entities, 'OrdineCliente', 'entities').states).toEqual(named(built.entities, 'Ordine', 'entities').states);
    const doc = openApiJson(built);
    expect(doc.paths['/cliente/ordini/{id}/rimborsa'].post).toMatchObject({ 'x-operation': 'transition', 'x-transition': 'rimborsa', 'x-permission': 'GES_ORD:AGGIORNAMENTO', 'x-success-message': 'Rimborso eseguito' });
  });

  it.each([
    ['a view lacking a field a transition sets', "  rimborsoDa: { type: string, readOnly: true }\nstates", 'states', "'rimborsoDa'", 11],
    ['a view lacking a field a check reads', "  importo: { type: decimal, required: true }\n  stato", '  stato', "'importo' in 'row.importo' is not a field of OrdineCliente", 11],
    ['an entity that is not a view', 'viewOf: Ordine\n', '', 'states: inherit takes the state machines of the entity a view shows: OrdineCliente has no viewOf.', 11],
  ])('refuses %s at its states line', (_, from, to, message, line) => {
    expect(VIEW).toContain(from);
    const found = loadSpecWithError(spec(VIEW.replace(from, to)), message);
    expect(found).toMatchObject({ file: 'spec/ordini/ordine-cliente.yaml', line });
  });

  it('refuses inherit over an entity without a state machine', () => {
    const plain = ORDINE.slice(0, ORDINE.indexOf('states:'));
    const found = loadSpecWithError(spec(VIEW, plain), 'states: inherit: Ordine declares no state machine of its own for OrdineCliente to run.');
    expect(found).toMatchObject({ file: 'spec/ordini/ordine-cliente.yaml', line: 12 });
  });
});
