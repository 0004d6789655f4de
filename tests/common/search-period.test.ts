/**
 * The period rule of a list searched by period (common/search-period.ts), the same for the API and the list page:
 * calendar months (a day the month lacks is its last day), both ends, forward, at most maxMonths.
 */
import { describe, expect, it } from 'vitest';
import { addMonths, defaultPeriod, periodRefusal, type SearchPeriodModel } from '../../common/search-period.js';

const PERIOD: SearchPeriodModel = {
  from: 'dataDa', to: 'dataA', maxMonths: 3, defaultMonths: 1,
  messages: { required: 'manca', order: 'invertite', tooLong: 'troppo lungo' },
};

describe('calendar months', () => {
  it('moves by whole months, to the last day of a shorter month', () => {
    expect(addMonths('2026-11-26', -3)).toBe('2026-08-26');
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2028-05-31', -3)).toBe('2028-02-29');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
  });
});

describe('the period of a search', () => {
  it('needs both ends, the message on the missing one', () => {
    expect(periodRefusal(PERIOD, undefined, '2026-11-26')).toEqual({ param: 'dataDa', message: 'manca' });
    expect(periodRefusal(PERIOD, '2026-11-01', ' ')).toEqual({ param: 'dataA', message: 'manca' });
  });

  it('runs forward', () => {
    expect(periodRefusal(PERIOD, '2026-11-27', '2026-11-26')).toEqual({ param: 'dataDa', message: 'invertite' });
    expect(periodRefusal(PERIOD, '2026-11-26', '2026-11-26')).toBeUndefined();
  });

  it('spans at most maxMonths calendar months', () => {
    expect(periodRefusal(PERIOD, '2026-08-26', '2026-11-26')).toBeUndefined();
    expect(periodRefusal(PERIOD, '2026-08-25', '2026-11-26')).toEqual({ param: 'dataDa', message: 'troppo lungo' });
    expect(periodRefusal(PERIOD, '2026-02-28', '2026-05-31')).toBeUndefined();
    expect(periodRefusal(PERIOD, '2026-02-27', '2026-05-31')).toEqual({ param: 'dataDa', message: 'troppo lungo' });
  });

  it('opens on the last defaultMonths months', () => {
    expect(defaultPeriod(PERIOD, '2026-03-31')).toEqual({ from: '2026-02-28', to: '2026-03-31' });
  });
});
