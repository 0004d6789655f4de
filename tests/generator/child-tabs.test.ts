/**
 * A `many` child shown as tabs (`widget: tabs`, `itemLabel`) and bounded (`minItems`, `maxItems`, their
 * `messages`), docs/spec-language.md#children: valid uses reach the form, the OpenAPI input and the model;
 * mistakes are reported at file:line:column.
 */
import { describe, expect, it } from 'vitest';
import { formsEmitter } from '../../generator/emitters/forms.js';
import { openapiEmitter } from '../../generator/emitters/openapi.js';
import { present } from '../support/present.js';
import { loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { emittedJson } from './emitted.js';

const ESE = 'spec/x/esercente.yaml';
const TIT = 'spec/x/titolare.yaml';

const esercente = (child: string) => `entity: Esercente
table: esercente
key: codice
permission: ANAG_BANCHE
api:
  path: esercenti
fields:
  codice: { type: string, required: true }
children:
  titolari:
${child}form:
  route: /esercenti/:codice?
`;
const TABS = `    entity: Titolare
    kind: many
    label: Titolari effettivi
    link: { codice: codice }
    widget: tabs
    itemLabel: Titolare {n}
    minItems: 1
    maxItems: 4
`;
const titolare = `entity: Titolare
label: Titolare effettivo
table: titolare
key: [codice, numero]
fields:
  codice: { type: reference, entity: Esercente, required: true }
  numero: { type: integer, required: true }
  cognome: { type: string }
`;
const files = (child: string) => ({ [ESE]: esercente(child), [TIT]: titolare });

describe('a child shown as tabs', () => {
  it('reaches the form (ui:field childTabs, the item label, the bounds and their default messages) and the API input', async () => {
    const { model, diagnostics } = loadSpec(files(TABS));
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    const form = await emittedJson(formsEmitter, resolved, 'forms/Esercente.json');
    expect(form.uiSchema.titolari).toMatchObject({ 'ui:field': 'childTabs', 'ui:options': { orderable: false, itemLabel: 'Titolare {n}' }, items: { codice: { 'ui:widget': 'hidden' } } });
    expect(form.schema.properties.titolari).toMatchObject({ type: 'array', minItems: 1, maxItems: 4 });
    expect(form.messages.titolari).toEqual({ minItems: 'Numero minimo di elementi: 1', maxItems: 'Numero massimo di elementi: 4' });
    const doc = await emittedJson(openapiEmitter, resolved, 'openapi.json');
    expect(doc.components.schemas.EsercenteInput.properties.titolari).toMatchObject({ minItems: 1, maxItems: 4 });
    expect(doc.paths['/esercenti/{codice}/titolari'].put.requestBody.content['application/json'].schema).toMatchObject({ type: 'array', minItems: 1, maxItems: 4 });
  });

  it("takes the child's own messages, and titles tabs by the child entity's label without itemLabel", async () => {
    const child = TABS.replace('    itemLabel: Titolare {n}\n', '') + '    messages: { minItems: Indicare almeno un titolare }\n';
    const { model, diagnostics } = loadSpec(files(child));
    expect(diagnostics).toEqual([]);
    const form = await emittedJson(formsEmitter, present(model, 'the model'), 'forms/Esercente.json');
    expect(form.uiSchema.titolari['ui:options'].itemLabel).toBe('Titolare effettivo {n}');
    expect(form.messages.titolari).toEqual({ minItems: 'Indicare almeno un titolare', maxItems: 'Numero massimo di elementi: 4' });
  });

  it.each([
    ['tabs on a kind one child', TABS.replace('kind: many', 'kind: one').replace(/ {4}(itemLabel|minItems|maxItems).*\n/g, ''), "Child 'titolari' shows as tabs: it must be kind many", 15, 13],
    ['an itemLabel without tabs', TABS.replace('    widget: tabs\n', ''), "itemLabel of 'titolari' titles the tabs", 15, 16],
    ['an itemLabel without {n}', TABS.replace('Titolare {n}', 'Titolare'), "itemLabel of 'titolari' must contain {n}", 16, 16],
    ['minItems on a kind one child', TABS.replace('kind: many', 'kind: one').replace(/ {4}(widget|itemLabel|maxItems).*\n/g, ''), "minItems of 'titolari' counts the items of a list", 15, 15],
    ['maxItems below minItems', TABS.replace('minItems: 1', 'minItems: 5'), "maxItems of 'titolari' (4) is below its minItems (5)", 18, 15],
    ['a message without its bound', TABS.replace('    maxItems: 4\n', '    messages: { maxItems: Troppi }\n'), "messages.maxItems of 'titolari' has no maxItems", 18, 27],
  ])('%s is refused at its line', (_name, child, message, line, column) => {
    const d = loadSpecWithError(files(child), message);
    expect(d).toMatchObject({ file: ESE, line, column });
  });

  it('dropEmpty reaches the model, and the form lets an empty slot be sent (its fields not required in the item)', async () => {
    const child = TABS + '    dropEmpty: [cognome]\n';
    const required = titolare.replace('cognome: { type: string }', 'cognome: { type: string, required: true }');
    const { model, diagnostics } = loadSpec({ [ESE]: esercente(child), [TIT]: required });
    expect(diagnostics).toEqual([]);
    const resolved = present(model, 'the model');
    expect(resolved.entities.find((e) => e.name === 'Esercente')?.children[0].dropEmpty).toEqual(['cognome']);
    const form = await emittedJson(formsEmitter, resolved, 'forms/Esercente.json');
    expect(form.schema.properties.titolari.items.required ?? []).not.toContain('cognome');
  });

  it.each([
    ['dropEmpty on a kind one child', TABS.replace('kind: many', 'kind: one').replace(/ {4}(widget|itemLabel|minItems|maxItems).*\n/g, '') + '    dropEmpty: [cognome]\n', "dropEmpty of 'titolari' drops empty items of a list: it must be kind many"],
    ['a dropEmpty field the child lacks', TABS + '    dropEmpty: [nome]\n', "dropEmpty field 'nome' is not a field of Titolare"],
  ])('%s is refused', (_name, child, message) => {
    expect(loadSpecWithError(files(child), message)).toMatchObject({ file: ESE });
  });

  it('an unknown widget or a negative minItems is refused by the schema', () => {
    for (const child of [TABS.replace('widget: tabs', 'widget: accordion'), TABS.replace('minItems: 1', 'minItems: -1')]) {
      const { model, diagnostics } = loadSpec(files(child));
      expect(model).toBeUndefined();
      expect(diagnostics[0]).toMatchObject({ file: ESE });
    }
  });
});
