/**
 * Two small pieces of the shell's forms: the decimal input's value as Mantine hands it over (a number, or its text
 * while it ends in zeros: "25,50" typed is '25.50', which was read as no amount at all), and a transition's
 * confirmation naming fields of the row (seed 002 §4: the pay-by-mail actions name the amount in euro and the
 * shop user reference).
 */
import { describe, expect, it } from 'vitest';
import { decimalValue } from '../../ui/src/shell/form/DecimalWidget';
import { filledConfirm } from '../../ui/src/core/transitionInput';
import type { TransitionDef } from '../../ui/src/core/types';

describe('decimalValue', () => {
  it('takes numbers and the texts of numbers ending in zeros; a partial value is none', () => {
    expect(decimalValue(25.5)).toBe(25.5);
    expect(decimalValue('25.50')).toBe(25.5);
    expect(decimalValue('10.0')).toBe(10);
    expect(decimalValue('25.')).toBeUndefined();
    expect(decimalValue('-')).toBeUndefined();
    expect(decimalValue('')).toBeUndefined();
  });
});

describe('filledConfirm', () => {
  const t: TransitionDef = { name: 'conferma', label: 'Conferma pagamento', from: ['PR'], to: 'AP', permission: 'PWMAIL:AGGIORNAMENTO', success: 'ok', confirm: 'Confermare il pagamento di {row.importo} euro di {row.shopUserRef}?' };
  it('fills {row.<field>}, amounts in Italian, whether the API answered a number or its text', () => {
    expect(filledConfirm(t, {}, { importo: 1210, shopUserRef: 'Paolo Greco' })).toBe('Confermare il pagamento di 1.210,00 euro di Paolo Greco?');
    expect(filledConfirm(t, {}, { importo: '48.90', shopUserRef: 'Anna' })).toBe('Confermare il pagamento di 48,90 euro di Anna?');
  });
  it('leaves an empty value empty rather than inventing one', () => {
    expect(filledConfirm(t, {}, { importo: null, shopUserRef: 'Anna' })).toBe('Confermare il pagamento di  euro di Anna?');
  });
});
