/**
 * What the transition modal computes from the spec (ui/src/core/transitionInput.ts): the input prefilled from the
 * row, the inputs locked on it, the confirmation naming the typed amount in Italian, the checks decided before
 * sending, on the movement's refund as generated (generated/forms/Transazione.json).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { confirmNamesInput, failedCheck, filledConfirm, lockedInputs, prefilledInput } from '../../ui/src/core/transitionInput';
import type { TransitionDef } from '../../ui/src/core/types';

const form: { states: { transitions: TransitionDef[] } } = JSON.parse(readFileSync(new URL('../../generated/forms/Transazione.json', import.meta.url), 'utf8'));
const storna = form.states.transitions.find((t) => t.name === 'storna');
if (!storna) throw new Error('Transazione has no storna');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const movement = (row: Record<string, unknown> = {}) => ({ importo: '48.90', codCircuito: '01', dcc: false, dataOperazione: daysAgo(2), ...row });

describe('the refund modal of a movement', () => {
  it('starts at the original amount, as a number', () => {
    expect(prefilledInput(storna, movement())).toEqual({ importo: 48.9 });
  });

  it('locks the amount for PagoBancomat and DCC only', () => {
    expect(lockedInputs(storna, movement())).toEqual([]);
    expect(lockedInputs(storna, movement({ codCircuito: '00' }))).toEqual(['importo']);
    expect(lockedInputs(storna, movement({ dcc: true }))).toEqual(['importo']);
  });

  it('asks a confirmation naming the typed amount in euro, Italian style', () => {
    expect(confirmNamesInput(storna)).toBe(true);
    expect(filledConfirm(storna, { importo: 20.5 })).toBe('Confermare lo storno di 20,50 euro?');
    expect(filledConfirm(storna, { importo: 1234.5 })).toBe('Confermare lo storno di 1.234,50 euro?');
  });

  it('decides the amount and day checks as the server does, with its messages', () => {
    expect(failedCheck(storna, movement(), { importo: 48.9 })).toBeUndefined();
    expect(failedCheck(storna, movement(), { importo: 48.91 })).toEqual(expect.objectContaining({ field: 'importo', message: "L'importo dello storno non può superare l'importo della transazione" }));
    expect(failedCheck(storna, movement({ codCircuito: '00', dataOperazione: daysAgo(8) }), { importo: 48.9 })?.message).toBe('Non è possibile stornare una transazione Pagobancomat effettuata da più di 7 giorni');
    expect(failedCheck(storna, movement({ codCircuito: '00', dataOperazione: daysAgo(7) }), { importo: 48.9 })).toBeUndefined();
    expect(failedCheck(storna, movement({ dataOperazione: daysAgo(181) }), { importo: 1 })?.message).toBe('Operazione di Storno non consentita');
  });
});
