/**
 * common/rules.ts with the compiled rules of Banca from generated/model.json: the same rules the form
 * runs on every change and the API runs before saving (seed 000 §3, §4).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Model } from '../../common/model.js';
import { applyRules, evaluate } from '../../common/rules.js';
import { ROOT_DIR } from '../../server/config.js';
import { named } from '../support/present.js';

const model: Model = JSON.parse(readFileSync(join(ROOT_DIR, 'generated', 'model.json'), 'utf8'));
const bancaRules = named(model.entities, 'Banca', 'generated/model.json entities').rules;

const bank = (data: Record<string, unknown>) => ({
  codAbi: '30480', flgFatDir: true, flgFatDirForce: true, dataPassaggioFattdir: '2024-01-01', termidPrefix: '3048', ...data,
});

describe('Banca rules', () => {
  it('are compiled into generated/model.json', () => {
    expect(bancaRules.length).toBeGreaterThanOrEqual(3);
  });

  it('flgFatDir false -> flgFatDirForce false -> dataPassaggioFattdir null (chained)', () => {
    expect(applyRules(bancaRules, bank({ flgFatDir: false }))).toMatchObject({ flgFatDir: false, flgFatDirForce: false, dataPassaggioFattdir: null });
  });

  it('flgFatDirForce false clears only the date', () => {
    expect(applyRules(bancaRules, bank({ flgFatDirForce: false }))).toEqual(bank({ flgFatDirForce: false, dataPassaggioFattdir: null }));
  });

  it('with direct billing forced nothing changes', () => {
    expect(applyRules(bancaRules, bank({}))).toEqual(bank({}));
  });

  it('fills termidPrefix with the first 4 digits of a 5-character ABI', () => {
    expect(applyRules(bancaRules, bank({ codAbi: '12345', termidPrefix: null })).termidPrefix).toBe('1234');
    expect(applyRules(bancaRules, bank({ codAbi: '12345', termidPrefix: undefined })).termidPrefix).toBe('1234');
  });

  it('does not fill termidPrefix from an ABI shorter than 5 characters', () => {
    expect(applyRules(bancaRules, bank({ codAbi: '123', termidPrefix: null })).termidPrefix).toBeNull();
  });

  it('keeps an explicit termidPrefix', () => {
    expect(applyRules(bancaRules, bank({ codAbi: '12345', termidPrefix: '9999' })).termidPrefix).toBe('9999');
  });

  it('does not modify the object it is given', () => {
    const input = bank({ flgFatDir: false });
    applyRules(bancaRules, input);
    expect(input).toEqual(bank({ flgFatDir: false }));
  });
});

describe('applyRules', () => {
  it('refuses rules that keep undoing each other', () => {
    const flipFlop = [
      { when: { '===': [{ var: 'a' }, true] }, set: { a: false } },
      { when: { '===': [{ var: 'a' }, false] }, set: { a: true } },
    ];
    expect(() => applyRules(flipFlop, { a: true })).toThrow(/do not settle/);
  });
});

describe('matches (a regular expression of the spec)', () => {
  it('holds for a text matching the pattern, not for another text nor for a value that is not text', () => {
    const allDigits = { matches: [{ var: 'v' }, '^[0-9]+$'] };
    expect([{ v: '01234560124' }, { v: '0123A' }, { v: 12345 }, { v: null }, {}].map((data) => evaluate(allDigits, data))).toEqual([true, false, false, false, false]);
  });
});

describe('Esercente: the subject type inferred as the form and the API apply it (seed 001 §5)', () => {
  const esercenteRules = named(model.entities, 'Esercente', 'generated/model.json entities').rules;
  const inferred = (ids: Record<string, unknown>) => applyRules(esercenteRules, { tipoSoggettoEser: null, pivaEser: null, codFiscaleEser: null, ...ids }).tipoSoggettoEser;

  it('VAT number only 2; tax code only 4 if all digits, else 3; both 2 if the tax code is all digits, else 1', () => {
    expect(inferred({ pivaEser: '01234560124' })).toBe('2');
    expect(inferred({ codFiscaleEser: '09876540155' })).toBe('4');
    expect(inferred({ codFiscaleEser: 'CLMSRA90M50A944J' })).toBe('3');
    expect(inferred({ pivaEser: '01234560124', codFiscaleEser: '09876540155' })).toBe('2');
    expect(inferred({ pivaEser: '01234560124', codFiscaleEser: 'CLMSRA90M50A944J' })).toBe('1');
  });

  it('waits for whole identifiers (the form runs rules on each keystroke) and never overrides a type given', () => {
    expect(inferred({})).toBeNull();
    expect(inferred({ pivaEser: '0123' })).toBeNull();
    expect(inferred({ codFiscaleEser: 'CLMSRA90M50' })).toBeNull();
    expect(inferred({ pivaEser: '01234560124', codFiscaleEser: 'CLMS' })).toBeNull();
    expect(inferred({ tipoSoggettoEser: '3', pivaEser: '01234560124' })).toBe('3');
  });
});
