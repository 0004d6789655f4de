/**
 * The period rule of a list searched by period (common/search-period.ts), the same for the API and the list page:
 * calendar months (a day the month lacks is its last day), both ends, forward, at most maxMonths.
 */
import { describe, expect, it } from 'vitest';
import { addMonths, defaultPeriod, latestEndOf, periodRefusal, romeToday, type SearchPeriodModel } from '../../common/search-period.js';

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

describe('a period that ends at the start of the previous month (seed 002 §5, debit letters)', () => {
  const LETTERS: SearchPeriodModel = {
    ...PERIOD, maxMonths: 12, latestEnd: 'startOfPreviousMonth',
    messages: { ...PERIOD.messages, tooLate: 'non oltre il {data}' },
  };

  it('refuses an end after the first day of the previous month, with that day in the message', () => {
    expect(periodRefusal(LETTERS, '2026-09-01', '2026-10-01', '2026-11-27')).toBeUndefined();
    expect(periodRefusal(LETTERS, '2026-09-01', '2026-10-02', '2026-11-27')).toEqual({ param: 'dataA', message: 'non oltre il 01/10/2026' });
    expect(periodRefusal(LETTERS, '2025-12-01', '2025-12-02', '2026-01-05')).toEqual({ param: 'dataA', message: 'non oltre il 01/12/2025' });
  });

  it('opens on a period that ends there', () => {
    expect(defaultPeriod(LETTERS, '2026-11-27')).toEqual({ from: '2026-09-01', to: '2026-10-01' });
  });

  it('counts today on the Italian calendar', () => {
    expect(romeToday(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
  });
});

describe('a period that ends at the download month limit (seed 002 §5: today minus 5 days minus one month)', () => {
  const DOWNLOADS: SearchPeriodModel = {
    ...PERIOD, maxMonths: 12, latestEnd: 'endOfDownloadMonth',
    messages: { ...PERIOD.messages, tooLate: 'non oltre il {data}' },
  };

  it('ends on the last day of the month before the one of five days ago', () => {
    expect(latestEndOf(DOWNLOADS, '2026-11-27')).toBe('2026-10-31');
    expect(latestEndOf(DOWNLOADS, '2026-12-03')).toBe('2026-10-31');
    expect(latestEndOf(DOWNLOADS, '2026-12-06')).toBe('2026-11-30');
    expect(latestEndOf(DOWNLOADS, '2026-03-06')).toBe('2026-02-28');
    expect(latestEndOf(DOWNLOADS, '2026-01-05')).toBe('2025-11-30');
  });

  it('refuses a later end with that day in the message, and opens on the 12 months up to it', () => {
    expect(periodRefusal(DOWNLOADS, '2025-11-01', '2026-10-31', '2026-11-27')).toBeUndefined();
    expect(periodRefusal(DOWNLOADS, '2025-11-01', '2026-11-01', '2026-11-27')).toEqual({ param: 'dataA', message: 'non oltre il 31/10/2026' });
    expect(defaultPeriod({ ...DOWNLOADS, defaultMonths: 12 }, '2026-11-27')).toEqual({ from: '2025-10-31', to: '2026-10-31' });
  });
});

describe('a period that starts no earlier than a day (seed 002 §5: the downloads start at July 2019)', () => {
  const FROM_2019: SearchPeriodModel = { ...PERIOD, maxMonths: 12, earliestStart: '2019-07-01', messages: { ...PERIOD.messages, tooEarly: 'non prima del {data}' } };

  it('refuses an earlier start with that day in the message', () => {
    expect(periodRefusal(FROM_2019, '2019-07-01', '2019-12-31', '2026-11-27')).toBeUndefined();
    expect(periodRefusal(FROM_2019, '2019-06-30', '2019-12-31', '2026-11-27')).toEqual({ param: 'dataDa', message: 'non prima del 01/07/2019' });
  });
});
