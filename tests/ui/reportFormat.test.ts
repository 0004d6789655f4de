/** How a report page writes its figures (seed 002 §9: euro with comma decimals, Italian locale). */
import { describe, expect, it } from 'vitest';
import { formatMeasure } from '../../ui/src/shell/report/reportFormat';
import { reportAnswer } from '../../ui/src/shell/report/reportAnswer';

describe('a report\'s figures', () => {
  // Intl writes a no-break space before the euro sign.
  it('writes euro with comma decimals and a thousands dot, counts as integers, decimals with two digits', () => {
    expect(formatMeasure('euro', 23584.33)).toBe('23.584,33\u00a0€');
    expect(formatMeasure('euro', 0)).toBe('0,00\u00a0€');
    expect(formatMeasure('integer', 12345)).toBe('12.345');
    expect(formatMeasure('euro', 4123.94)).toBe('4.123,94\u00a0€');
    expect(formatMeasure('integer', 1234)).toBe('1.234');
    expect(formatMeasure('decimal', 37.625)).toBe('37,63');
  });

  it('leaves an average of no rows empty', () => {
    expect(formatMeasure('euro', null)).toBe('');
  });

  it('reads the answer\'s rows, a group without a value as key null, and refuses what is not a report', () => {
    expect(reportAnswer({ dimension: 'x', rows: [{ key: null, label: 'Non indicato', n: 1 }], totals: { n: 1 }, truncated: false }).rows)
      .toEqual([{ key: null, label: 'Non indicato', values: { key: null, label: 'Non indicato', n: 1 } }]);
    expect(() => reportAnswer({ rows: 'no' })).toThrow('La risposta del report non è valida');
  });
});
