/**
 * The values a read-only record shows (ui/src/core/recordValues.ts), from the real generated bank form:
 * enum labels, Italian dates, Sì/No, a dash for a blank, the file's presence, names of referenced rows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordAt } from '../../ui/src/core/guards';
import { EMPTY_VALUE, recordField, shownField } from '../../ui/src/core/recordValues';
import type { FormDef } from '../../ui/src/core/types';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (entity: string): FormDef => JSON.parse(readFileSync(join(root, 'generated', 'forms', `${entity}.json`), 'utf8'));
const banca = read('Banca');
const value = (form: FormDef, name: string, row: Record<string, unknown>) => recordField(name, recordAt(recordAt(form.schema, 'properties'), name), form.uiSchema[name], row).value;

describe('record values', () => {
  it('reads each type as the lists do', () => {
    expect(value(banca, 'tipoGt', { tipoGt: 'W' })).toBe('Prima rete');
    expect(value(banca, 'flgAttiva', { flgAttiva: false })).toBe('No');
    expect(value(banca, 'dataAdesione', { dataAdesione: '2024-03-05' })).toBe('05/03/2024');
    expect(value(banca, 'regione', { regione: null })).toBe(EMPTY_VALUE);
    expect(value(banca, 'logo', { logo: 'f-1' })).toBe('File presente');
    expect(value(banca, 'logo', { logo: null })).toBe('Nessun file');
    expect(recordField('nomeBcc', recordAt(recordAt(banca.schema, 'properties'), 'nomeBcc'), undefined, {}).label).toBe('Denominazione');
  });

  it('names a referenced row by the API\'s _labels', () => {
    const filiale = read('Filiale');
    expect(value(filiale, 'codAbi', { codAbi: '30480', _labels: { codAbi: '30480 - Banca di Credito Cooperativo di Esempio' } })).toBe('30480 - Banca di Credito Cooperativo di Esempio');
    expect(value(filiale, 'codAbi', { codAbi: '30480' })).toBe('30480');
  });

  it('leaves out what the form would not show', () => {
    expect(shownField({ 'ui:widget': 'hidden' })).toBe(false);
    expect(shownField({ 'ui:widget': 'password' })).toBe(false);
    expect(shownField({ 'ui:widget': 'checkbox' })).toBe(true);
    expect(shownField(undefined)).toBe(true);
  });
});
