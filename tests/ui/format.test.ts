import { describe, expect, it } from 'vitest';
import { formatBoolean, formatCell, formatDate, formatDateTime, formatEuro } from '../../ui/src/core/format';

describe('Italian formats', () => {
  it('formats dates as dd/MM/yyyy without time-zone shifts', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate(null)).toBe('');
  });

  it('formats date-times as dd/MM/yyyy HH:mm in local time', () => {
    const local = new Date(2024, 2, 5, 9, 7);
    expect(formatDateTime(local.toISOString())).toBe('05/03/2024 09:07');
  });

  it('formats euro with comma decimals', () => {
    expect(formatEuro(1234567.891).replace(/\s/g, ' ')).toBe('1.234.567,89 €');
    expect(formatEuro(0.5).replace(/\s/g, ' ')).toBe('0,50 €');
  });

  it('groups thousands from 1.000 on, as Italian locale data do not for four digits', () => {
    expect(formatEuro(1840.5).replace(/\s/g, ' ')).toBe('1.840,50 €');
    expect(formatCell({ type: 'decimal' }, '1840.5').replace(/\s/g, ' ')).toBe('1.840,50 €');
  });

  it('formats booleans and enums', () => {
    expect(formatBoolean(true)).toBe('Sì');
    expect(formatBoolean(false)).toBe('No');
    expect(formatCell({ type: 'enum', options: [{ value: 'B', label: 'B2B' }] }, 'B')).toBe('B2B');
    expect(formatCell({ type: 'boolean' }, undefined)).toBe('');
    expect(formatCell({ type: 'string' }, 30480)).toBe('30480');
  });

  it('names a month (format mese) and leaves anything else as it is', () => {
    expect(formatCell({ type: 'string', format: 'mese' }, '2026-07')).toBe('luglio 2026');
    expect(formatCell({ type: 'string', format: 'mese' }, '2026-12')).toBe('dicembre 2026');
    expect(formatCell({ type: 'string', format: 'mese' }, '2026-13')).toBe('2026-13');
    expect(formatCell({ type: 'string', format: 'mese' }, null)).toBe('');
  });
});
