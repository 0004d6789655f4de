/**
 * How a report's period is cut for a month rollup and a day rollup (server/reports/rollup-read.ts splitPeriod):
 * the whole months in the middle, the days at either end, across a year's end and a leap February.
 */
import { describe, expect, it } from 'vitest';
import { splitPeriod } from '../../../server/reports/rollup-read.js';

const period = { from: 'da', to: 'a' };
const split = (da: string, a: string) => splitPeriod(period, { da, a, per: 'mese' });

describe('splitPeriod', () => {
  it('answers the screens\' default year up to today as eleven whole months and the days at either end', () => {
    expect(split('2025-11-29', '2026-11-29')).toEqual({
      months: { da: '2025-12-01', a: '2026-10-31', per: 'mese' },
      edges: [{ da: '2025-11-29', a: '2025-11-30', per: 'mese' }, { da: '2026-11-01', a: '2026-11-29', per: 'mese' }],
    });
  });

  it('keeps a leap February whole and cuts only the end that is not a month\'s', () => {
    expect(split('2024-02-01', '2024-03-15')).toEqual({ months: { da: '2024-02-01', a: '2024-02-29', per: 'mese' }, edges: [{ da: '2024-03-01', a: '2024-03-15', per: 'mese' }] });
    expect(split('2023-12-31', '2024-01-31')).toEqual({ months: { da: '2024-01-01', a: '2024-01-31', per: 'mese' }, edges: [{ da: '2023-12-31', a: '2023-12-31', per: 'mese' }] });
  });

  it('gives nothing to cut for whole months, a period inside one month, or one with no whole month', () => {
    expect(split('2026-01-01', '2026-03-31')).toBeUndefined();
    expect(split('2026-02-03', '2026-02-27')).toBeUndefined();
    expect(split('2026-01-15', '2026-02-14')).toBeUndefined();
    expect(splitPeriod(period, { da: '2026-01-15' })).toBeUndefined();
  });
});
