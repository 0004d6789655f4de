/** Italian number formats (ui/src/core/numberFormats.ts): counts grouped by hand say what Intl's Italian format says. */
import { describe, expect, it } from 'vitest';
import { countFormat, euroFormat } from '../../ui/src/core/numberFormats';
import { resultCount } from '../../ui/src/core/resultCount';

describe('countFormat', () => {
  it("groups thousands with a point, as the Italian format with grouping from 1.000 on", () => {
    const intl = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
    for (const n of [0, 7, 999, 1000, 1840, 12345, 100000, 1234567, 987654321012, -1, -1234, -999999, 1234.4, 1234.6]) {
      expect(countFormat.format(n), String(n)).toBe(intl.format(n));
    }
  });

  it('reads as the lists say their size', () => {
    expect(resultCount(1234)).toBe('1.234 risultati');
    expect(resultCount(10000, true)).toBe('Più di 10.000 risultati');
  });
});

describe('euroFormat', () => {
  it('formats euros with comma decimals, as before it was made at its first use', () => {
    expect(euroFormat.format(1840.5)).toBe('1.840,50\u00a0€');
    expect(euroFormat.format(12840.5)).toBe('12.840,50\u00a0€');
  });
});
