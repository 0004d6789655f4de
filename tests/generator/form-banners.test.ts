/**
 * A form's own banners when a save does not go through (`form.banners`, docs/spec-language.md#form-banners):
 * they reach the generated form as they are written, a form without them has none, and an unknown key or an
 * empty text is refused at its line.
 */
import { describe, expect, it } from 'vitest';
import { formsEmitter } from '../../generator/emitters/forms.js';
import { present } from '../support/present.js';
import { loadSpec, loadSpecWithError } from '../support/spec-helpers.js';
import { emittedJson } from './emitted.js';

const FILE = 'spec/x/esercente.yaml';
const INVALID = "ATTENZIONE : L'anagrafica non e' completa o contiene degli errori : correggere e riprovare";
const FAILED = "Si sono verificati dei problemi durante il salvataggio dell'anagrafica. Verificare e riprovare";

const esercente = (banners: string) => `entity: Esercente
table: esercente
key: codice
permission: ANAG_BANCHE
api:
  path: esercenti
fields:
  codice: { type: string, required: true }
form:
  route: /esercenti/:codice?
${banners}`;

describe('form banners', () => {
  it('reach the generated form as written; a form without them has none', async () => {
    const { model, diagnostics } = loadSpec({ [FILE]: esercente(`  banners:\n    invalid: "${INVALID}"\n    saveFailed: "${FAILED}"\n`) });
    expect(diagnostics).toEqual([]);
    const form = await emittedJson(formsEmitter, present(model, 'the model'), 'forms/Esercente.json');
    expect(form.banners).toEqual({ invalid: INVALID, saveFailed: FAILED });

    const plain = loadSpec({ [FILE]: esercente('') });
    expect(plain.diagnostics).toEqual([]);
    const without = await emittedJson(formsEmitter, present(plain.model, 'the model'), 'forms/Esercente.json');
    expect(without.banners).toBeUndefined();
  });

  it('takes one of the two alone', async () => {
    const { model, diagnostics } = loadSpec({ [FILE]: esercente(`  banners: { invalid: "${INVALID}" }\n`) });
    expect(diagnostics).toEqual([]);
    expect((await emittedJson(formsEmitter, present(model, 'the model'), 'forms/Esercente.json')).banners).toEqual({ invalid: INVALID });
  });

  it('refuses an unknown banner and an empty one, at their lines', () => {
    expect(loadSpecWithError({ [FILE]: esercente('  banners:\n    invalido: Errore\n') }, 'invalido').line).toBe(12);
    expect(loadSpecWithError({ [FILE]: esercente("  banners:\n    saveFailed: ''\n") }, 'saveFailed').line).toBe(12);
  });
});
