/**
 * Several state machines per entity and the transition effects that reach other entities and systems
 * (docs/spec-language.md#several-state-machines, #transition-effects): the map form becomes one machine per
 * field, and every mistake is reported at its file:line:col (a transition name used twice, a field held by two
 * machines, an insert into an unknown field, an outbox target that is not a configuration key...).
 */
import { describe, expect, it } from 'vitest';
import { named, present } from '../support/present.js';
import { BANCA_YAML, FUNCTIONS_FILE, loadSpec, loadSpecWithError, MINIMAL_FUNCTIONS } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const CONFIG = 'spec/platform/config.yaml';
const REQ = 'spec/richieste/richiesta.yaml';
const NOTE = 'spec/richieste/nota.yaml';
const functions = `${MINIMAL_FUNCTIONS}  RIC: Richieste\n`;

const CONFIG_YAML = `config:
  ESTERNO_URL: { type: string, label: Indirizzo esterno }
  TENTATIVI: { type: integer, label: Tentativi, default: 3 }
`;

const NOTE_YAML = `entity: Nota
table: nota
key: id
permission: RIC
api:
  path: note
  operations: [list, create]
fields:
  id: { type: string, required: true, generate: uuid, readOnly: true }
  richiesta: { type: string, required: true }
  testo: { type: string, maxLength: 100 }
`;

// Line numbers below are those of this text (1-based).
const REQ_YAML = `entity: Richiesta
table: richiesta
key: id
permission: RIC
api:
  path: richieste
fields:
  id: { type: string, required: true }
  stato: { type: enum, default: S, values: { S: In attesa, P: In pausa } }
  statoPos: { type: enum, default: '0', values: { '0': Non preso, '3': Installato } }
  esito: { type: string, readOnly: true }
states:
  stato:
    field: stato
    transitions:
      sospendi:
        from: [S]
        to: P
        permission: RIC:AGGIORNAMENTO
        success: Sospesa
        effects:
          - outbox: { target: ESTERNO_URL, payload: { id: { expr: { var: row.id } } } }
          - insert: { entity: Nota, values: { richiesta: { expr: { var: row.id } }, testo: Sospesa } }
  statoPos:
    field: statoPos
    transitions:
      chiudi:
        from: ['0']
        to: '3'
        permission: RIC:AGGIORNAMENTO
        success: Chiuso
        effects:
          - set: { esito: { expr: { var: caller.username } } }
`;

const spec = (req = REQ_YAML) => ({ [FUNCTIONS_FILE]: functions, [BANCA]: BANCA_YAML, [CONFIG]: CONFIG_YAML, [NOTE]: NOTE_YAML, [REQ]: req });
const req = (from: string, to: string) => {
  expect(REQ_YAML).toContain(from);
  return spec(REQ_YAML.replace(from, () => to));
};

describe('several machines on one entity', () => {
  it('each named machine holds its field, initial states and transitions; each transition is an operation', () => {
    const { model, diagnostics } = loadSpec(spec());
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const machines = present(named(resolved.entities, 'Richiesta', 'entities').states, 'machines');
    expect(machines.map((m) => [m.name, m.field, m.initial, m.transitions.map((t) => t.name)])).toEqual([
      ['stato', 'stato', ['S'], ['sospendi']], ['statoPos', 'statoPos', ['0'], ['chiudi']],
    ]);
    expect(machines[0].transitions[0].effects).toEqual([
      { kind: 'outbox', target: 'ESTERNO_URL', payload: { id: { var: 'row.id' } } },
      { kind: 'insert', entity: 'Nota', values: { richiesta: { var: 'row.id' }, testo: 'Sospesa' } },
    ]);
    const doc = openApiJson(resolved);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/richieste/{id}/sospendi', '/richieste/{id}/chiudi']));
    // A create starts each machine in one of its initial states.
    expect(doc.components.schemas.RichiestaCreateInput.properties.stato.enum).toEqual(['S', null]);
    expect(doc.components.schemas.RichiestaCreateInput.properties.statoPos.enum).toEqual(['0', null]);
  });

  it('the single-machine form is still one machine, without a name', () => {
    const single = REQ_YAML.slice(0, REQ_YAML.indexOf('states:')) + `states:
  field: stato
  transitions:
    sospendi: { from: [S], to: P, permission: 'RIC:AGGIORNAMENTO', success: Sospesa }
`;
    const { model, diagnostics } = loadSpec(spec(single));
    expect(diagnostics).toEqual([]);
    const [machine] = present(named(present(model, 'the model').entities, 'Richiesta', 'entities').states, 'machines');
    expect(machine).toMatchObject({ field: 'stato', transitions: [{ name: 'sospendi' }] });
    expect(machine.name).toBeUndefined();
  });
});

describe('mistakes, at file:line:col', () => {
  it.each([
    ['a transition name used in two machines', '      chiudi:\n', '      sospendi:\n', "Transition 'sospendi' is declared in machine 'stato' too: transition names are unique in an entity", 27, 7],
    ['two machines over one field', '    field: statoPos', '    field: stato', "State field 'stato' is already the field of machine 'stato': each machine holds its own field.", 25, 12],
    ["an effect setting another machine's state", '- set: { esito:', '- set: { stato:', "An effect cannot set the state field 'stato': the transition's 'to' does.", 33, 20],
    ['an insert into an unknown entity', 'insert: { entity: Nota,', 'insert: { entity: Note,', "Unknown entity 'Note'. Did you mean 'Nota'?", 23, 31],
    ['an insert of an unknown field', 'testo: Sospesa', 'test: Sospesa', "'test' is not a field of Nota. Did you mean 'testo'?", 23, 91],
    ['an outbox target that is not a configuration key', 'target: ESTERNO_URL', 'target: ESTERNA_URL', "Outbox target 'ESTERNA_URL' must be a configuration key of type string (its value is the URL the message is posted to). Did you mean 'ESTERNO_URL'?", 22, 31],
    ['an outbox target that is not a string key', 'target: ESTERNO_URL', 'target: TENTATIVI', "Outbox target 'TENTATIVI' must be a configuration key of type string", 22, 31],
    ['an unknown name in a payload', '{ var: row.id } } } }', '{ var: row.idd } } } }', "'idd' in 'row.idd' is not a field of Richiesta. Did you mean 'id'?", 22, 59],
  ])('%s', (_name, from, to, message, line, column) => {
    const d = loadSpecWithError(req(from, to), message);
    expect({ file: d.file, line: d.line, column: d.column }).toEqual({ file: REQ, line, column });
  });

  it('an insert into an entity without create', () => {
    const d = loadSpecWithError({ ...spec(), [NOTE]: NOTE_YAML.replace('[list, create]', '[list]') }, 'Nota has no create operation');
    expect(d).toMatchObject({ file: REQ, line: 23, column: 31 });
  });

  it('an insert or outbox effect on entering a state (a create enters it too)', () => {
    const d = loadSpecWithError(req('    transitions:\n      chiudi:', `    enter:
      '3':
        effects:
          - outbox: { target: ESTERNO_URL, payload: { id: 1 } }
    transitions:
      chiudi:`), "An 'outbox' effect belongs to a transition, not to entering '3'");
    expect(d).toMatchObject({ file: REQ, line: 29, column: 13 });
  });
});
