/**
 * State machines in the spec language (docs/spec-language.md#state-machines): a valid machine becomes the
 * model, the API operations and the form's actions; every mistake is reported at its file:line:col with the
 * closest valid name (unknown states, fields, related rows, caller facts, functions and actions).
 */
import { describe, expect, it } from 'vitest';
import { named, present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError, MINIMAL_FUNCTIONS, FUNCTIONS_FILE } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const MOV = 'spec/magazzino/movimento.yaml';
const STOCK = 'spec/magazzino/giacenza.yaml';

const banca = BANCA_YAML.replace('  nomeBcc:\n', '  gruppoGestMagazzino: { type: string }\n  nomeBcc:\n');
const functions = `${MINIMAL_FUNCTIONS}  GES_MAG: Gestione magazzino\n`;

const STOCK_YAML = `entity: Giacenza
table: giacenza
key: [codAbi, codModpos]
fields:
  codAbi: { type: string, required: true }
  codModpos: { type: string, required: true }
  qtaGiacenza: { type: integer, minimum: 0 }
  nota: { type: string }
`;

// Line numbers below are those of this text (1-based).
const MOV_YAML = `entity: Movimento
table: movimento
key: id
permission: GES_MAG
api:
  path: movimenti
fields:
  id: { type: string, required: true, generate: uuid }
  codAbi: { type: string, required: true }
  codModpos: { type: string, required: true, readOnly: true }
  qtaMov: { type: integer, minimum: 0 }
  statoMov: { type: enum, default: A, values: { S: In attesa, A: Accettato, R: Rifiutato } }
related:
  banca: { entity: Banca, link: { codAbi: codAbi } }
editable:
  when: { '!!': [{ var: banca.gruppoGestMagazzino }] }
  message: Sola lettura
  hide: { qtaMov: 0 }
states:
  field: statoMov
  initial: [A, S]
  enter:
    A:
      success: Giacenza variata
      effects:
        - adjust: { entity: Giacenza, link: { codAbi: codAbi, codModpos: codModpos }, field: qtaGiacenza, by: { var: row.qtaMov }, message: Insufficiente, missing: Nessuna }
  transitions:
    accetta:
      label: Accetta
      from: [S]
      to: A
      permission: GES_MAG:AGGIORNAMENTO
      guard: { '==': [{ var: caller.group }, { var: banca.gruppoGestMagazzino }] }
      confirm: Accettare?
      success: Movimento aggiornato
      effects:
        - set: { codModpos: { expr: { var: row.codModpos } } }
`;

const spec = (mov = MOV_YAML) => ({ [FUNCTIONS_FILE]: functions, [BANCA]: banca, [STOCK]: STOCK_YAML, [MOV]: mov });
/** MOV_YAML with one piece of text replaced. */
const mov = (from: string, to: string) => {
  expect(MOV_YAML).toContain(from);
  return spec(MOV_YAML.replace(from, () => to));
};

describe('a valid state machine', () => {
  it('becomes the model: states, transitions, effects, related rows and the editable condition', () => {
    const { model, diagnostics } = loadSpec(spec());
    expect(diagnostics).toEqual([]);
    const entity = named(present(model, 'the model').entities, 'Movimento', 'entities');
    expect(entity.related).toEqual([{ name: 'banca', entity: 'Banca', link: { codAbi: 'codAbi' } }]);
    expect(entity.editable).toEqual({ when: { '!!': [{ var: 'banca.gruppoGestMagazzino' }] }, message: 'Sola lettura', hide: { qtaMov: 0 } });
    expect(entity.states?.[0]).toMatchObject({
      field: 'statoMov', initial: ['A', 'S'],
      enter: { A: { success: 'Giacenza variata', effects: [{ kind: 'adjust', entity: 'Giacenza', field: 'qtaGiacenza', by: { var: 'row.qtaMov' } }] } },
      transitions: [{ name: 'accetta', label: 'Accetta', from: ['S'], to: 'A', permission: 'GES_MAG:AGGIORNAMENTO', confirm: 'Accettare?', success: 'Movimento aggiornato', effects: [{ kind: 'set', values: { codModpos: { var: 'row.codModpos' } } }] }],
    });
    expect(entity.fields.find((f) => f.name === 'id')).toMatchObject({ generate: 'uuid' });
  });

  it('each transition is POST /<path>/{key}/<name> with its permission; the create body takes only initial states', () => {
    const doc = openApiJson(present(loadSpec(spec()).model, 'the model'));
    expect(doc.paths['/movimenti/{id}/accetta'].post).toMatchObject({
      operationId: 'accettaMovimento', 'x-operation': 'transition', 'x-transition': 'accetta', 'x-permission': 'GES_MAG:AGGIORNAMENTO', 'x-success-message': 'Movimento aggiornato',
    });
    expect(Object.keys(doc.paths['/movimenti/{id}/accetta'].post.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '409']));
    expect(doc.components.schemas.MovimentoCreateInput.properties.statoMov.enum).toEqual(['S', 'A', null]);
    expect(doc.components.schemas.MovimentoInput.properties.statoMov.enum).toEqual(['S', 'A', 'R', null]);
    expect(doc.components.schemas.MovimentoDetail.properties._actions).toMatchObject({ type: 'array', items: { enum: ['accetta', 'update', 'delete'] } });
    // A generated key is not required in the body.
    expect(doc.components.schemas.MovimentoCreateInput.required).not.toContain('id');
  });
});

describe('state machine mistakes, at file:line:col', () => {
  it.each([
    ['an unknown state in from', 'from: [S]', 'from: [X]', "Unknown state 'X': the states of Movimento are the codes of 'statoMov' (S, A, R).", 30, 14],
    ['an unknown state in to, with a suggestion', 'to: A\n', 'to: AA\n', "Unknown state 'AA'", 31, 11],
    ['an unknown initial state', 'initial: [A, S]', 'initial: [A, Z]', "Unknown state 'Z'", 21, 16],
    ['an unknown state under enter', '  enter:\n    A:', '  enter:\n    Q:', "Unknown state 'Q'", 23, 5],
    ['a transition that does not change the state', 'from: [S]', 'from: [A]', "Transition 'accetta' goes from 'A' to 'A': a transition must change the state.", 31, 11],
    ['an action that keeps the state from several states', 'from: [S]\n      to: A\n', 'from: [S, A]\n      to: A\n      keepState: true\n', "Transition 'accetta' keeps the state: its 'from' must be exactly its 'to' ('A'), one state.", 32, 18],
    ['an action that keeps the state but names another', 'to: A\n', 'to: A\n      keepState: true\n', "Transition 'accetta' keeps the state: its 'from' must be exactly its 'to' ('A'), one state.", 32, 18],
    ['a state field that is not a field', 'field: statoMov', 'field: stato', "State field 'stato' is not a field of Movimento. Valid values: id, codAbi, codModpos, qtaMov, statoMov.", 20, 10],
    ['an unknown field of the row in a guard', '{ var: caller.group }', '{ var: row.qtaMovv }', "'qtaMovv' in 'row.qtaMovv' is not a field of Movimento. Did you mean 'qtaMov'?", 33, 30],
    ['an unknown field of a related row', "{ var: banca.gruppoGestMagazzino }] }\n      confirm", "{ var: banca.gruppoGest }] }\n      confirm", "'gruppoGest' in 'banca.gruppoGest' is not a field of Banca. Valid values: codAbi, gruppoGestMagazzino, nomeBcc.", 33, 53],
    ['an unknown caller fact', '{ var: caller.group }', '{ var: caller.gruppo }', "'gruppo' in 'caller.gruppo' is not a fact of the caller. Valid values: username, group,", 33, 30],
    ['an unknown name', '{ var: caller.group }', '{ var: utente.group }', "Unknown name 'utente.group'", 33, 30],
    ['an undeclared function', 'permission: GES_MAG:AGGIORNAMENTO', 'permission: GES_MAGG:AGGIORNAMENTO', "Function 'GES_MAGG' is not declared: add it under 'functions' in spec/platform/functions.yaml. Did you mean 'GES_MAG'?", 32, 19],
    ['an undeclared action', 'permission: GES_MAG:AGGIORNAMENTO', 'permission: GES_MAG:ACCETTAZIONE', "Permission 'GES_MAG:ACCETTAZIONE' names the undeclared action 'ACCETTAZIONE'.", 32, 19],
    ['editable.when with hide reading the row', '{ var: banca.gruppoGestMagazzino }] }\n  message', '{ var: row.codAbi }] }\n  message', "'editable.when' with 'hide' cannot read the row ('row.codAbi')", 16, 25],
    ['editable.when with hide using an operator the database does not evaluate', "{ '!!': [{ var: banca.gruppoGestMagazzino }] }\n  message", "{ '>': [{ var: banca.gruppoGestMagazzino }, 0] }\n  message", "'editable.when' with 'hide' is decided by the database on the related table: it may use 'var', '!!', '!', 'and', 'or', '==', '===', '!=', '!==', 'in', not '>'.", 16, 16],
    ['a hidden-row field that is not a field', 'hide: { qtaMov: 0 }', 'hide: { qta: 0 }', "Hidden-row field 'qta' is not a field of Movimento. Valid values: id, codAbi, codModpos, qtaMov, statoMov.", 18, 16],
    ['an unknown related entity', 'banca: { entity: Banca,', 'banca: { entity: Banka,', "Unknown entity 'Banka'. Did you mean 'Banca'?", 14, 20],
    ['an adjust of a field that is not a number', 'field: qtaGiacenza', 'field: nota', 'Field Giacenza.nota is a string: only integer and decimal fields can be adjusted.', 26, 94],
    ['an adjust of an unknown field', 'field: qtaGiacenza', 'field: qtaGiacenze', "'qtaGiacenze' is not a field of Giacenza. Did you mean 'qtaGiacenza'?", 26, 94],
    ['an effect that sets the state', '- set: { codModpos:', '- set: { statoMov:', "An effect cannot set the state field 'statoMov': the transition's 'to' does.", 37, 18],
    ['an effect that sets a field that is not readOnly', '- set: { codModpos:', '- set: { qtaMov:', "Field 'qtaMov' is set by an effect: mark it 'readOnly: true'", 37, 18],
    ['a default state that cannot start a row', 'initial: [A, S]', 'initial: [S]', "The default 'A' of state field 'statoMov' is not among the initial states (S)", 12, 36],
    ['an unknown key in a transition, with the right one', '      confirm: Accettare?', '      conferma: Accettare?', "Unknown key 'conferma' in 'states.transitions.accetta'.", 34, 7],
  ])('%s', (_name, from, to, message, line, column) => {
    const d = loadSpecWithError(mov(from, to), message);
    expect({ file: d.file, line: d.line, column: d.column }).toEqual({ file: MOV, line, column });
  });

  it("an action of a state (keepState, docs/spec-language.md#actions-that-keep-the-state) names it as from and to", () => {
    const { model, diagnostics } = loadSpec(mov('from: [S]\n      to: A\n', 'from: [A]\n      to: A\n      keepState: true\n'));
    expect(diagnostics).toEqual([]);
    const entity = named(present(model, 'the model').entities, 'Movimento', 'entities');
    expect(entity.states?.[0]?.transitions[0]).toMatchObject({ name: 'accetta', from: ['A'], to: 'A', keepState: true });
  });

  it('editable.when without hide may read the row (decided row by row: a push bank\'s store, seed 001 §6)', () => {
    const { diagnostics } = loadSpec(mov("{ '!!': [{ var: banca.gruppoGestMagazzino }] }\n  message: Sola lettura\n  hide: { qtaMov: 0 }", "{ '!=': [{ var: row.codAbi }, '99999'] }\n  message: Sola lettura"));
    expect(diagnostics).toEqual([]);
  });

  it('a row check may read a related row; an unknown field of it is reported at its line', () => {
    const checked = (v: string) => mov('states:\n  field', `checks:\n  - field: qtaMov\n    valid: { '!!': [{ var: ${v} }] }\n    message: Banca senza magazzino\nstates:\n  field`);
    const { model, diagnostics } = loadSpec(checked('banca.gruppoGestMagazzino'));
    expect(diagnostics).toEqual([]);
    expect(named(present(model, 'the model').entities, 'Movimento', 'entities').checks?.[0].valid).toEqual({ '!!': [{ var: 'banca.gruppoGestMagazzino' }] });
    const d = loadSpecWithError(checked('banca.gruppoGest'), "'gruppoGest' in 'banca.gruppoGest' is not a field of Banca. Valid values: codAbi, gruppoGestMagazzino, nomeBcc.");
    expect({ file: d.file, line: d.line, column: d.column }).toEqual({ file: MOV, line: 21, column: 28 });
  });

  it('creatable: a valid condition becomes the model; an unknown name in it is reported at its line', () => {
    const creatable = (when: string) => mov('states:\n  field', `creatable:\n  when: ${when}\n  message: Nessun nuovo movimento\nstates:\n  field`);
    const { model, diagnostics } = loadSpec(creatable("{ or: [{ var: row.qtaMov }, { var: banca.gruppoGestMagazzino }] }"));
    expect(diagnostics).toEqual([]);
    expect(named(present(model, 'the model').entities, 'Movimento', 'entities').creatable).toEqual({
      when: { or: [{ var: 'row.qtaMov' }, { var: 'banca.gruppoGestMagazzino' }] }, message: 'Nessun nuovo movimento',
    });
    const d = loadSpecWithError(creatable('{ var: banca.gruppoGest }'), "'gruppoGest' in 'banca.gruppoGest' is not a field of Banca.");
    expect(d).toMatchObject({ file: MOV, line: 20, column: 16 });
  });

  it('a state field that is not an enum', () => {
    const d = loadSpecWithError(mov("statoMov: { type: enum, default: A, values: { S: In attesa, A: Accettato, R: Rifiutato } }", 'statoMov: { type: string }'), "State field 'statoMov' must be an enum");
    expect(d).toMatchObject({ file: MOV, line: 20, column: 10 });
  });

  it('a transition named like a child list', () => {
    const d = loadSpecWithError(mov('related:\n', 'children:\n  accetta: { entity: Giacenza, kind: many, link: { codAbi: codAbi } }\nrelated:\n'), "Transition 'accetta' has the name of a child list");
    expect(d).toMatchObject({ file: MOV, line: 30, column: 5 });
  });

  it("'generate' on a field that is not a string", () => {
    const d = loadSpecWithError(mov('qtaMov: { type: integer, minimum: 0 }', 'qtaMov: { type: integer, minimum: 0, generate: uuid }'), "Field 'qtaMov' of type integer cannot have 'generate'");
    expect(d).toMatchObject({ file: MOV, line: 11 });
  });
});

describe('a transition input (the body the caller fills in, e.g. a rejection reason)', () => {
  // Line 34 of MOV_YAML is `      confirm: Accettare?`: the input is inserted before it, so `input:` is line 34.
  const withInput = (input: string, effect = '- set: { codModpos: { expr: { var: row.codModpos } } }') => spec(MOV_YAML
    .replace('      confirm: Accettare?\n', `      input:\n${input}      confirm: Accettare?\n`)
    .replace('- set: { codModpos: { expr: { var: row.codModpos } } }', effect));
  const NOTA = '        nota: { type: string, label: Nota, required: true, maxLength: 20, messages: { required: Indicare la nota } }\n';

  it('becomes the body schema of the operation, the form input and a name its effects read', () => {
    const { model, diagnostics } = loadSpec(withInput(NOTA, '- set: { codModpos: { expr: { var: input.nota } } }'));
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const t = present(named(resolved.entities, 'Movimento', 'entities').states, 'Movimento states')[0].transitions[0];
    expect(t.input).toMatchObject([{ name: 'nota', label: 'Nota', required: true, maxLength: 20, messages: { required: 'Indicare la nota' } }]);
    const doc = openApiJson(resolved);
    expect(doc.paths['/movimenti/{id}/accetta'].post.requestBody).toEqual({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/MovimentoAccettaInput' } } } });
    expect(doc.components.schemas.MovimentoAccettaInput).toMatchObject({ type: 'object', additionalProperties: false, required: ['nota'], properties: { nota: { type: 'string', maxLength: 20 } } });
  });

  it('an input nobody declared, read by an effect', () => {
    const d = loadSpecWithError(withInput(NOTA, '- set: { codModpos: { expr: { var: input.motivo } } }'), "'motivo' in 'input.motivo' is not an input of the transition. Valid values: nota.");
    expect(d).toMatchObject({ file: MOV, line: 39, column: 44 });
  });

  it('input read where there is none: entering a state happens on create too', () => {
    const d = loadSpecWithError(spec(MOV_YAML.replace('by: { var: row.qtaMov }', 'by: { var: input.x }')), "Unknown name 'input.x'");
    expect(d).toMatchObject({ file: MOV, line: 26 });
  });

  it('a mistake in an input field is reported at its own line', () => {
    const d = loadSpecWithError(withInput('        nota: { type: string, maxLenght: 5 }\n'), "Unknown key 'maxLenght'");
    expect(d).toMatchObject({ file: MOV, line: 35 });
  });
});
