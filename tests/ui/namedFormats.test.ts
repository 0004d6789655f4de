/**
 * Named formats in a form, through the real rjsf validator and the fixture's generated supplier form: the
 * form says before saving what the API would say after (tests/server/platform/named-formats.test.ts),
 * the reason's message included ('BBAN non valido' for a wrong Italian check letter).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTransformErrors, valuePath } from '../../ui/src/core/errorMessages';
import { getPath } from '../../ui/src/core/objectPath';
import type { FormDef } from '../../ui/src/core/types';
import { validatorFor } from '../../ui/src/shell/form/validator';
import { FIXTURE_GENERATED_DIR } from '../support/fixture-paths';

// A generated form, read as the shell reads it (its JSON is the generator's, typed by FormDef).
const form: FormDef = JSON.parse(readFileSync(join(FIXTURE_GENERATED_DIR, 'forms', 'Fornitore.json'), 'utf8'));

function errorsOf(data: Record<string, unknown>): [string | undefined, string][] {
  const transform = createTransformErrors(form, (property) => getPath(data, valuePath(property)));
  return validatorFor(form.schema).validateFormData(data, form.schema, undefined, transform).errors.map((e) => [e.property, e.message ?? '']);
}

describe('named formats in the form', () => {
  it('accepts valid values', () => {
    expect(errorsOf({ codice: 'F1', ragioneSociale: 'Rossi', partitaIva: '00743110157', codiceFiscale: 'RSSMRAURTMLARSNL', iban: 'IT60X0542811101000000123456', cap: '20121', provincia: 'MI' })).toEqual([]);
  });

  it('gives each wrong value the message of its format and reason, or the field\'s own', () => {
    expect(errorsOf({ codice: 'F1', ragioneSociale: 'Rossi', partitaIva: '00743110158', iban: 'IT60Y0542811101000000123456', cap: '2012', provincia: 'XX' })).toEqual([
      ['.partitaIva', 'Partita IVA non valida: 11 cifre con la cifra di controllo'],
      ['.iban', 'BBAN non valido'],
      ['.cap', 'Il CAP è di 5 cifre'],
      ['.provincia', 'Sigla di provincia inesistente: indicare la sigla di 2 lettere maiuscole (es. MI)'],
    ]);
    expect(errorsOf({ codice: 'F1', ragioneSociale: 'Rossi', iban: 'IT61X0542811101000000123456' })).toEqual([['.iban', "L'iban inserito non risulta essere valido"]]);
  });
});
