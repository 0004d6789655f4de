/**
 * Conditional fields in the generator (docs/spec-language.md#conditional-fields): the model keeps the
 * conditions and the messages, clearWhen becomes a field rule, and a condition that reads no field is
 * refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { present } from '../../server/lookup.js';
import { BANCA_YAML, loadSpec, loadSpecWithError } from '../support/spec-helpers.js';

const BANK = 'spec/banca.yaml';
const withFlag = (field: string) => BANCA_YAML.replace('list:\n', `  flgAttiva: { type: boolean, label: Attiva }\n${field}list:\n`);
const REGIONE = "  regione: { type: string, label: Regione, requiredWhen: { var: flgAttiva }, readOnlyWhen: { '!': { var: flgAttiva } }, clearWhen: { '!': { var: flgAttiva } } }\n";

describe('conditional fields', () => {
  it('keeps requiredWhen and readOnlyWhen with their messages, and turns clearWhen into a rule', () => {
    const model = present(loadSpec({ [BANK]: withFlag(REGIONE) }).model, 'model');
    const banca = present(model.entities.find((e) => e.name === 'Banca'), 'Banca');
    const regione = present(banca.fields.find((f) => f.name === 'regione'), 'regione');
    expect(regione.when).toEqual({ requiredWhen: { var: 'flgAttiva' }, readOnlyWhen: { '!': { var: 'flgAttiva' } } });
    // The minimal messages have no readOnlyWhen text: the platform fallback (spec/platform/messages.yaml has one).
    expect(regione.messages.readOnlyWhen).toBe('Valore non valido');
    expect(banca.rules).toContainEqual({ when: { '!': { var: 'flgAttiva' } }, set: { regione: null } });
  });

  it('refuses a condition that reads something that is not a field, at its line, with a suggestion', () => {
    const spec = withFlag(REGIONE.replace('requiredWhen: { var: flgAttiva }', 'requiredWhen: { var: flgAtiva }'));
    const found = loadSpecWithError({ [BANK]: spec }, "requiredWhen of 'regione' reads 'flgAtiva', which is not a field of Banca.");
    expect(found.message).toContain("'flgAttiva'");
    expect(found.line).toBe(spec.split('\n').findIndex((l) => l.includes('flgAtiva')) + 1);
  });
});
