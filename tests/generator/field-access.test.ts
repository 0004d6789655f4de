/**
 * The spec keys of issue 12 (docs/spec-language.md#field-access, #server-set-fields, #state-machines):
 * `writableBy`, `reservedValues`, server-set fields leaving the API's input schemas, and initial states
 * reached `via` a transition. A valid spec becomes the model and the documents; each mistake is reported at
 * its file:line:col.
 */
import { describe, expect, it } from 'vitest';
import { formsEmitter } from '../../generator/emitters/forms.js';
import { named, present } from '../support/present.js';
import { loadSpec, loadSpecWithError, MINIMAL_FUNCTIONS, FUNCTIONS_FILE } from '../support/spec-helpers.js';
import { emittedJson, openApiJson } from './emitted.js';

const GROUP = 'spec/sicurezza/gruppo.yaml';
const MOV = 'spec/magazzino/movimento.yaml';

// Line numbers below are those of this text (1-based).
const GROUP_YAML = `entity: Gruppo
table: gruppo
key: groupName
permission: ANAG_BANCHE
api:
  path: gruppi
fields:
  groupName: { type: string, required: true, maxLength: 20 }
  parentGroup: { type: string, writableBy: assistance, messages: { writableBy: Solo l'assistenza } }
  roleName:
    type: string
    pattern: '^[A-Z][A-Z0-9_]{1,49}$'
    reservedValues: { values: [ROLE_ADMIN, MERCHANT_OP], message: Ruolo riservato }
  creatoDa: { type: string, readOnly: true }
form:
  route: /gruppi/:groupName?
`;

const MOV_YAML = `entity: Movimento
table: movimento
key: id
permission: GES_MAG
api:
  path: movimenti
fields:
  id: { type: string, required: true, generate: uuid }
  qtaMov: { type: integer, minimum: 0 }
  esito: { type: string, readOnly: true }
  statoMov: { type: enum, default: S, values: { S: In attesa, A: Accettato, R: Rifiutato } }
states:
  field: statoMov
  initial: [S, { state: A, via: accetta }]
  transitions:
    accetta:
      from: [S]
      to: A
      permission: GES_MAG:AGGIORNAMENTO
      success: Accettato
      effects:
        - set: { esito: { expr: { var: caller.username } } }
    rifiuta:
      from: [S]
      to: R
      permission: GES_MAG:AGGIORNAMENTO
      success: Rifiutato
      input:
        nota: { type: string, required: true }
form:
  route: /movimenti/:id?
`;

const functions = `${MINIMAL_FUNCTIONS}  GES_MAG: Gestione magazzino\n`;
const group = (from = '', to = '') => ({ [GROUP]: GROUP_YAML.replace(from, () => to) });
const mov = (from = '', to = '') => ({ [FUNCTIONS_FILE]: functions, [MOV]: MOV_YAML.replace(from, () => to) });
type Schemas = Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }>;

describe('writableBy, reservedValues and server-set fields', () => {
  it('become the model, and the input schemas leave server-set fields out while forms show them read-only', async () => {
    const { model, diagnostics } = loadSpec(group());
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const fields = resolved.entities[0].fields;
    expect(fields.find((f) => f.name === 'parentGroup')).toMatchObject({ writableBy: 'assistance', messages: { writableBy: "Solo l'assistenza" } });
    expect(fields.find((f) => f.name === 'roleName')).toMatchObject({ reservedValues: { values: ['ROLE_ADMIN', 'MERCHANT_OP'], message: 'Ruolo riservato' } });
    expect(named(fields, 'groupName', 'fields').messages).not.toHaveProperty('writableBy');
    const schemas: Schemas = openApiJson(resolved).components.schemas;
    expect(Object.keys(schemas.GruppoInput.properties)).toEqual(['groupName', 'parentGroup', 'roleName']);
    expect(Object.keys(schemas.Gruppo.properties)).toContain('creatoDa');
    const form = await emittedJson(formsEmitter, resolved, 'forms/Gruppo.json');
    expect(form.schema.properties.creatoDa).toMatchObject({ readOnly: true });
  });

  it('a generated key and a field a transition sets are not in the create body', () => {
    const { model, diagnostics } = loadSpec(mov());
    expect(diagnostics).toEqual([]);
    const schemas: Schemas = openApiJson(present(model, 'the model')).components.schemas;
    expect(Object.keys(schemas.MovimentoCreateInput.properties)).toEqual(['qtaMov', 'statoMov', '_actions']);
  });

  it.each([
    ['a reserved value the pattern refuses', 'values: [ROLE_ADMIN, MERCHANT_OP]', 'values: [ROLE_ADMIN, merchant_op]', "Field 'roleName': reserved value 'merchant_op' does not match the field's pattern", 13, 44],
    ['reservedValues on a boolean', "  creatoDa: { type: string, readOnly: true }", "  creatoDa: { type: boolean, reservedValues: { values: ['true'], message: No } }", "Field 'creatoDa' of type boolean cannot have 'reservedValues'", 14, 46],
    ['an unknown writableBy', 'writableBy: assistance', 'writableBy: assistenza', 'writableBy', 9, 44],
    ['a writableBy message without writableBy', "  creatoDa: { type: string, readOnly: true }", "  creatoDa: { type: string, messages: { writableBy: No } }", "Field 'creatoDa' has a writableBy message but no 'writableBy'", 14, 53],
  ])('%s, at file:line:col', (_name, from, to, message, line, column) => {
    const d = loadSpecWithError(group(from, to), message);
    expect({ file: d.file, line: d.line, column: d.column }).toEqual({ file: GROUP, line, column });
  });
});

describe('initial states via a transition', () => {
  it('become initialVia: the state and the transition whose permission, guard and effects a create in it takes', () => {
    const { model } = loadSpec(mov());
    expect(present(model, 'the model').entities[0].states?.[0]).toMatchObject({ initial: ['S', 'A'], initialVia: { A: 'accetta' } });
  });

  it.each([
    ['an unknown transition', 'via: accetta', 'via: acceta', "Unknown transition 'acceta' in initial state 'A'", 14, 33],
    ['a transition into another state', 'initial: [S, { state: A, via: accetta }]', 'initial: [S, { state: R, via: accetta }]', "Transition 'accetta' leads to 'A', not to 'R'", 14, 33],
    ['a transition that asks for an input', 'initial: [S, { state: A, via: accetta }]', 'initial: [S, { state: R, via: rifiuta }]', "Transition 'rifiuta' asks for an input (nota)", 14, 33],
    ['a default reached only via a transition', 'default: S,', 'default: A,', "The default 'A' of state field 'statoMov' is reached only through 'accetta'", 11, 36],
  ])('%s, at file:line:col', (_name, from, to, message, line, column) => {
    const d = loadSpecWithError(mov(from, to), message);
    expect({ file: d.file, line: d.line, column: d.column }).toEqual({ file: MOV, line, column });
  });
});

// Line numbers below are those of this text (1-based).
const WRITABLE_YAML = `entity: Gruppo
table: gruppo
key: groupName
permission: ANAG_BANCHE
api:
  path: gruppi
fields:
  groupName: { type: string, required: true, maxLength: 20 }
  parentGroup: { type: string }
  description:
    type: string
    writableWhen:
      when: { or: [{ var: caller.isAssistenza }, { in: [{ var: caller.group }, { var: figli }] }, { '==': [{ var: row.parentGroup }, null] }] }
      message: Solo i gruppi figli
related:
  figli: { entity: Gruppo, link: { parentGroup: groupName }, values: groupName }
`;
const writable = (from = '', to = '') => ({ [GROUP]: WRITABLE_YAML.replace(from, () => to) });

describe('writableWhen and related lists of values (seed 001 §6: the company name)', () => {
  it('become the model, and GET answers the locked fields in _readOnly', () => {
    const { model, diagnostics } = loadSpec(writable());
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const entity = resolved.entities[0];
    expect(named(entity.fields, 'description', 'fields').writableWhen).toMatchObject({ message: 'Solo i gruppi figli' });
    expect(entity.related).toEqual([{ name: 'figli', entity: 'Gruppo', link: { parentGroup: 'groupName' }, values: 'groupName' }]);
    const schemas: Schemas = openApiJson(resolved).components.schemas;
    expect(schemas.GruppoDetail.properties._readOnly).toMatchObject({ type: 'array', items: { enum: ['description'] } });
    expect(schemas.GruppoInput.properties._readOnly).toMatchObject({ description: 'Ignorato: i campi bloccati che GET aggiunge alla riga' });
  });

  it.each([
    ['an unknown caller fact', '{ var: caller.group }', '{ var: caller.gruppo }', "'gruppo' in 'caller.gruppo' is not a fact of the caller", 13, 64],
    ['an unknown field of the row', '{ var: row.parentGroup }', '{ var: row.parent }', "'parent' in 'row.parent' is not a field of Gruppo. Valid values: groupName, parentGroup, description.", 13, 115],
    ['a list of values read as a row', '{ var: figli }', '{ var: figli.groupName }', "'figli' is a list of values (related 'values'): read it whole, as { var: figli }", 13, 87],
    ['values naming an unknown field', 'values: groupName', 'values: nome', "'nome' is not a field of Gruppo.", 16, 70],
    ['a row check reading a list of values', 'related:', "checks:\n  - { field: description, valid: { '!!': [{ var: figli }] }, message: No }\nrelated:", "A row check cannot read 'figli', a list of values", 16, 50],
  ])('%s, at file:line:col', (_name, from, to, message, line, column) => {
    const d = loadSpecWithError(writable(from, to), message);
    expect({ file: d.file, line: d.line, column: d.column }).toEqual({ file: GROUP, line, column });
  });
});
