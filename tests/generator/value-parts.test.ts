/**
 * A value typed in parts (`ui: { widget: parts, parts, partsPrefixes }`, docs/spec-language.md#a-value-typed-in-parts;
 * seed 001 §3, §9: the IBAN in 2, 2, 1, 5, 5, 12): what reaches the form, and each mistake at its line.
 */
import { describe, expect, it } from 'vitest';
import { formsEmitter } from '../../generator/emitters/forms.js';
import { present } from '../support/present.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { emittedJson } from './emitted.js';

const BANCA = 'spec/anagrafiche/banca.yaml';
const IBAN = `  iban:
    type: string
    label: IBAN
    format: iban
    ui:
      widget: parts
      parts:
        - { length: 2, label: 'IBAN, paese' }
        - { length: 25, label: Resto }
      partsPrefixes: [IT]
`;
const banca = (field: string) => ({ [BANCA]: BANCA_YAML.replace('list:\n', () => `${field}list:\n`) });

describe('a field typed in parts', () => {
  it('reaches the form as the parts widget with its pieces and prefixes; the API still takes one string', async () => {
    const { model, diagnostics } = loadSpec(banca(IBAN));
    expect(diagnostics).toEqual([]);
    const form = await emittedJson(formsEmitter, present(model, 'the model'), 'forms/Banca.json');
    expect(form.uiSchema.iban).toEqual({ 'ui:widget': 'parts', 'ui:options': { parts: [{ length: 2, label: 'IBAN, paese' }, { length: 25, label: 'Resto' }], prefixes: ['IT'] } });
    expect(form.schema.properties.iban).toMatchObject({ type: ['string', 'null'], format: 'iban' });
  });
});

describe('mistakes', () => {
  it('parts without the widget, and the widget without parts', () => {
    expect(loadSpecWithError(banca(IBAN.replace('      widget: parts\n', '')), 'Declare both or neither')).toMatchObject({ file: BANCA, line: 22 });
    expect(loadSpecWithError(banca(IBAN.replace(/ {6}parts:\n.*\n.*\n/, '')), 'Declare both or neither')).toMatchObject({ file: BANCA, line: 21 });
  });
  it('partsPrefixes without the widget', () => {
    const plain = IBAN.replace(/ {6}widget: parts\n {6}parts:\n.*\n.*\n/, '');
    expect(loadSpecWithError(banca(plain), 'partsPrefixes says which values')).toMatchObject({ file: BANCA, line: 21 });
  });
  it('a field that is not a string, and pieces longer than the field', () => {
    expect(loadSpecWithError(banca(IBAN.replace('    type: string\n    label: IBAN\n    format: iban\n', '    type: integer\n')), 'cannot be typed in parts')).toMatchObject({ file: BANCA });
    expect(loadSpecWithError(banca(IBAN.replace('    format: iban\n', '    maxLength: 20\n')), 'more than its maxLength 20')).toMatchObject({ file: BANCA, line: 23 });
  });
});
