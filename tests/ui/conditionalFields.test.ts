/**
 * Conditional fields as the form evaluates them (common/field-conditions.ts), on the fixture's generated
 * supplier form: the same conditions the API enforces, over the data as the user fills it in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldState } from '../../common/field-conditions';
import { applyRules } from '../../common/rules';
import type { FormDef } from '../../ui/src/core/types';
import { FIXTURE_GENERATED_DIR } from '../support/fixture-paths';

const form: FormDef = JSON.parse(readFileSync(join(FIXTURE_GENERATED_DIR, 'forms', 'Fornitore.json'), 'utf8'));
const state = (field: string, data: Record<string, unknown>) => fieldState(form.conditions?.[field] ?? {}, data);

describe('conditional fields in the form', () => {
  it('VAT number only: the VAT number required, the tax code hidden and cleared as the user picks the type', () => {
    expect(state('partitaIva', { tipoSoggetto: '2' })).toEqual({ required: true, readOnly: false, hidden: false });
    expect(state('codiceFiscale', { tipoSoggetto: '2' })).toEqual({ required: false, readOnly: false, hidden: true });
    expect(applyRules(form.rules, { tipoSoggetto: '2', codiceFiscale: 'RSSMRA85T10A562S' }).codiceFiscale).toBeNull();
  });

  it('tax code only: the other way round; no type yet: nothing required, nothing hidden', () => {
    expect(state('partitaIva', { tipoSoggetto: '4' })).toEqual({ required: false, readOnly: false, hidden: true });
    expect(state('codiceFiscale', { tipoSoggetto: '4' })).toMatchObject({ required: true, hidden: false });
    expect(state('partitaIva', {})).toEqual({ required: false, readOnly: false, hidden: false });
  });

  it('the account locks while the supplier is under review', () => {
    expect(state('iban', { inVerifica: true }).readOnly).toBe(true);
    expect(state('iban', { inVerifica: false }).readOnly).toBe(false);
  });
});
