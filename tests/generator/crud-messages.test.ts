/**
 * Spec-language additions for issue 5 (push agents, municipalities, promotions): per-operation success
 * messages (`success:`), the question asked before a delete (`deleteConfirmation:`), cross-field row
 * checks (`checks:`), a `many` child shown as a transfer list (`widget: transferList`) and a custom
 * operation answering a list of objects (`response: { shape: list, fields }`). Valid uses reach the
 * generated files; mistakes are reported at file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { formsEmitter } from '../../generator/emitters/forms.js';
import { openapiEmitter } from '../../generator/emitters/openapi.js';
import { present } from '../support/present.js';
import { loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { emittedJson } from './emitted.js';

const PROMO = 'spec/x/promo.yaml';
const PB = 'spec/x/promo-banca.yaml';
const BANCA = 'spec/x/banca.yaml';
const OPS = 'spec/x/ops.yaml';

const banca = `entity: Banca
table: banca
key: codAbi
permission: ANAG_BANCHE
api:
  path: banche
  compact: [codAbi, nomeBcc]
fields:
  codAbi: { type: string, required: true }
  nomeBcc: { type: string }
`;

const promo = (extra = '', operations = '') => `entity: Promo
table: promo
key: id
permission: ANAG_BANCHE
api:
  path: promo
${operations}fields:
  id: { type: string, required: true }
  dal: { type: date }
  al: { type: date }
children:
  banche: { entity: PromoBanca, kind: many, link: { id: id }, label: Banche associate, widget: transferList }
form:
  route: /promo/:id?
${extra}`;

const promoBanca = (extraField = '') => `entity: PromoBanca
table: promo_banca
key: [id, codAbi]
fields:
  id: { type: reference, entity: Promo, required: true }
  codAbi: { type: reference, entity: Banca, required: true }
${extraField}`;

const files = (p: string, pb = promoBanca()) => ({ [BANCA]: banca, [PROMO]: p, [PB]: pb });

describe('success messages, delete confirmation, checks, transfer list', () => {
  const extra = `success: { create: Salvata, delete: Eliminata }
deleteConfirmation: { title: Operazione irreversibile, message: Procedere? }
checks:
  - { field: al, valid: { '>=': [{ var: al }, { var: dal }] }, message: Fine prima dell'inizio }
`;

  it('reach the form, the OpenAPI operations and the model', async () => {
    const { model, diagnostics } = loadSpec(files(promo(extra)));
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const json = await emittedJson(formsEmitter, resolved, 'forms/Promo.json');
    expect(json.success).toEqual({ create: 'Salvata', delete: 'Eliminata' });
    expect(json.deleteConfirmation).toEqual({ title: 'Operazione irreversibile', message: 'Procedere?' });
    expect(json.checks).toEqual([{ field: 'al', valid: { '>=': [{ var: 'al' }, { var: 'dal' }] }, message: "Fine prima dell'inizio" }]);
    expect(json.uiSchema.banche).toEqual({
      'ui:field': 'transferList',
      'ui:options': { childField: 'codAbi', entity: 'Banca', valueField: 'codAbi', labelField: 'nomeBcc', chosenTitle: 'Banche associate', availableTitle: 'Banca disponibili' },
    });
    const doc = await emittedJson(openapiEmitter, resolved, 'openapi.json');
    expect(doc.paths['/promo'].post['x-success-message']).toBe('Salvata');
    expect(doc.paths['/promo/{id}'].delete['x-success-message']).toBe('Eliminata');
    expect(doc.paths['/promo/{id}'].put['x-success-message']).toBeUndefined();
    expect(doc.paths['/promo/{id}/banche'].put['x-success-message']).toBeUndefined();
  });

  it('a demo row failing a check is refused at the row, with the check message', () => {
    const demo = `demo: Promo
rows:
  - { id: P1, dal: '2026-02-01', al: '2026-01-31' }
`;
    const d = loadSpecWithError({ ...files(promo(extra)), 'spec/x/demo.yaml': demo }, 'Demo row 1: al');
    expect(d.message).toBe("Demo row 1: al: Fine prima dell'inizio.");
    expect(d).toMatchObject({ file: 'spec/x/demo.yaml', line: 3 });
  });

  it('a check on a missing field is reported at its line', () => {
    const d = loadSpecWithError(files(promo(`checks:\n  - { field: fine, valid: true, message: X }\n`)), "Check field 'fine'");
    expect(d).toMatchObject({ file: PROMO, line: 16 });
  });

  it('a success message for an operation the entity does not offer is refused', () => {
    const d = loadSpecWithError(files(promo('success: { delete: Eliminata }\n', '  operations: [list, get, create, update]\n')), "Success message for 'delete'");
    expect(d).toMatchObject({ file: PROMO, line: 16, column: 20 });
  });

  it('a delete confirmation without delete is refused', () => {
    const d = loadSpecWithError(files(promo('deleteConfirmation: { message: X }\n', '  operations: [list, get]\n')), 'Delete confirmation on Promo');
    expect(d).toMatchObject({ file: PROMO, line: 16 });
  });

  it('a transfer list over a child with more than one own field is refused at the widget', () => {
    const d = loadSpecWithError(files(promo(), promoBanca('  note: { type: string }\n')), 'shows as a transferList');
    expect(d.message).toContain('it has codAbi, note');
    expect(d).toMatchObject({ file: PROMO, line: 12 });
  });

  it('an unknown widget is refused by the schema', () => {
    const { model, diagnostics } = loadSpec(files(promo().replace('widget: transferList', 'widget: dualList')));
    expect(model).toBeUndefined();
    expect(diagnostics[0]).toMatchObject({ file: PROMO, line: 12 });
  });
});

describe('custom operation answering a list of objects', () => {
  it('becomes an array of the declared object in the OpenAPI document', async () => {
    const ops = `operations:
  report:
    method: get
    path: report
    summary: Report
    permission: ANAG_BANCHE:VISUALIZZAZIONE
    response:
      shape: list
      fields:
        codice: { type: string, required: true }
        totale: { type: integer, required: true }
`;
    const { model, diagnostics } = loadSpec({ [BANCA]: banca, [OPS]: ops });
    expect(diagnostics).toEqual([]);
    const doc = await emittedJson(openapiEmitter, present(model, 'the model'), 'openapi.json');
    const schema = doc.paths['/report'].get.responses['200'].content['application/json'].schema;
    expect(schema.type).toBe('array');
    expect(schema.items.properties).toHaveProperty('totale');
  });
});
