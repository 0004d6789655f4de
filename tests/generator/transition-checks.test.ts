/**
 * A transition's prefill, lock, checks and reauthenticate (docs/spec-language.md#transition-checks): the model
 * and the document they give (the password in the body, the Idempotency-Key header, the 422 answer), and each
 * mistake reported at its file:line.
 */
import { describe, expect, it } from 'vitest';
import { named, present } from '../support/present.js';
import { BANCA_YAML, FUNCTIONS_FILE, loadSpec, loadSpecWithError, MINIMAL_FUNCTIONS } from '../support/spec-helpers.js';
import { openApiJson } from './emitted.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const PAG = 'spec/pagamenti/pagamento.yaml';
const functions = `${MINIMAL_FUNCTIONS}  PAG: Pagamenti\n`;

const PAG_YAML = `entity: Pagamento
table: pagamento
key: id
permission: PAG
api:
  path: pagamenti
  operations: [list, get]
fields:
  id: { type: string, required: true }
  importo: { type: decimal, required: true }
  circuito: { type: string }
  data: { type: date }
  stato: { type: enum, default: A, values: { A: Approvato, R: Rimborsato } }
states:
  field: stato
  transitions:
    rimborsa:
      from: [A]
      to: R
      permission: PAG:AGGIORNAMENTO
      success: Rimborsato
      reauthenticate: true
      input:
        importo: { type: decimal, required: true, minimum: 0.01 }
      prefill: { importo: { var: row.importo } }
      lock:
        importo: { when: { '==': [{ var: row.circuito }, '00'] }, message: Solo l'intero importo }
      checks:
        - { field: importo, valid: { '<=': [{ var: input.importo }, { var: row.importo }] }, message: Troppo }
        - { valid: { '<=': [{ daysBetween: [{ var: row.data }, { var: today }] }, 7] }, message: Troppo tardi }
`;

const spec = (text = PAG_YAML) => ({ [FUNCTIONS_FILE]: functions, [BANCA]: BANCA_YAML, [PAG]: text });
const replaced = (from: string, to: string) => {
  expect(PAG_YAML).toContain(from);
  return PAG_YAML.replace(from, () => to);
};
const lineOf = (text: string, part: string) => text.slice(0, text.indexOf(part)).split('\n').length;

describe('a transition with prefill, lock, checks and re-authentication', () => {
  it('keeps them in the model; the password is a body field of the document, not an input the effects read', () => {
    const { model, diagnostics } = loadSpec(spec());
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const [machine] = present(named(resolved.entities, 'Pagamento', 'entities').states, 'machines');
    const t = machine.transitions[0];
    expect(t.input?.map((f) => f.name)).toEqual(['importo']);
    expect(t.reauthenticate).toMatchObject({ name: 'password', type: 'string', required: true });
    expect(t.prefill).toEqual({ importo: { var: 'row.importo' } });
    expect(t.lock).toEqual({ importo: { when: { '==': [{ var: 'row.circuito' }, '00'] }, message: "Solo l'intero importo" } });
    expect(t.checks?.map((c) => c.message)).toEqual(['Troppo', 'Troppo tardi']);
    const doc = openApiJson(resolved);
    const body = doc.components.schemas.PagamentoRimborsaInput;
    expect(body.required).toEqual(['importo', 'password']);
    const op = doc.paths['/pagamenti/{id}/rimborsa'].post;
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['422', '429']));
  });
});

describe('mistakes, at file:line', () => {
  it.each([
    ['a locked input without prefill', "      prefill: { importo: { var: row.importo } }\n", '', "Locked input 'importo' has no prefill", '        importo: { when:'],
    ['a prefill of an unknown input', 'prefill: { importo:', 'prefill: { importi:', "'importi' is not an input of transition 'rimborsa' (importo). Did you mean 'importo'?", 'prefill: { importi:'],
    ['a check on an unknown input', '- { field: importo,', '- { field: importi,', "'importi' is not an input of transition 'rimborsa'", '- { field: importi,'],
    ['an unknown input read by a check', "{ var: input.importo }, { var: row.importo }", "{ var: input.importi }, { var: row.importo }", "'importi' in 'input.importi' is not an input of the transition. Did you mean 'importo'?", 'input.importi'],
    ['a prefill reading the input', 'prefill: { importo: { var: row.importo } }', 'prefill: { importo: { var: input.importo } }', "Unknown name 'input.importo'", 'prefill: { importo:'],
    ['a critical operation in bulk', '      reauthenticate: true\n', '      reauthenticate: true\n      bulk: each\n', 'runs on one row at a time, not in bulk', 'bulk: each'],
  ])('%s', (_name, from, to, message, at) => {
    const text = replaced(from, to);
    const d = loadSpecWithError(spec(text), message);
    expect({ file: d.file, line: d.line }).toEqual({ file: PAG, line: lineOf(text, at) });
  });
});

describe("a transition's failure message, a confirmation naming the row, a text to copy", () => {
  const WITH = replaced('      success: Rimborsato\n', "      success: Rimborsato\n      failure: Rimborso fallito\n      confirm: 'Rimborsare {row.importo} euro del {row.data}?'\n")
    .replace('  circuito: { type: string }', '  circuito: { type: string, ui: { copy: { label: Copia circuito, success: Copiato, missing: Nessun circuito } } }');

  it('keeps the failure, the confirmation as written and the copy rule in the model', () => {
    const { model, diagnostics } = loadSpec(spec(WITH));
    expect(diagnostics).toEqual([]);
    const entity = named(present(model, 'the model').entities, 'Pagamento', 'entities');
    const t = present(entity.states, 'machines')[0].transitions[0];
    expect(t.failure).toBe('Rimborso fallito');
    expect(t.confirm).toBe('Rimborsare {row.importo} euro del {row.data}?');
    expect(named(entity.fields, 'circuito', 'fields').ui.copy).toEqual({ label: 'Copia circuito', success: 'Copiato', missing: 'Nessun circuito' });
  });

  it('refuses a confirmation naming a field the entity lacks, at its line', () => {
    const text = WITH.replace('{row.data}', '{row.giorno}');
    const d = loadSpecWithError(spec(text), "names {row.giorno}, which is not a field of the entity");
    expect({ file: d.file, line: d.line }).toEqual({ file: PAG, line: lineOf(text, 'confirm:') });
  });
});
