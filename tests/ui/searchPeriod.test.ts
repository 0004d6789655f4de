/**
 * The list page of a list searched by period (manifest `period`): it opens on the default period when the address
 * names none, keeps a period the user set, and says the API's message for a period the API would refuse.
 */
import { describe, expect, it } from 'vitest';
import { localToday, openingPeriod, periodMessage } from '../../ui/src/shell/list/searchPeriod';

const entity = {
  period: {
    from: 'dataDa', to: 'dataA', maxMonths: 3, defaultMonths: 1,
    messages: { required: 'Indicare il periodo', order: 'Date invertite', tooLong: 'Al massimo 3 mesi' },
  },
};

describe('the period of a list page', () => {
  it('opens on the last month up to today when the address names no period, and keeps one the user set', () => {
    expect(openingPeriod(entity, {}, '2026-03-31')).toEqual({ dataDa: '2026-02-28', dataA: '2026-03-31' });
    expect(openingPeriod(entity, { dataDa: '2026-01-01' }, '2026-03-31')).toBeUndefined();
    expect(openingPeriod({}, {}, '2026-03-31')).toBeUndefined();
  });

  it("says the API's message for a missing end, a reversed or a too long period, nothing for one that fits", () => {
    expect(periodMessage(entity, { dataDa: '2026-01-01' })).toBe('Indicare il periodo');
    expect(periodMessage(entity, { dataDa: '2026-03-02', dataA: '2026-03-01' })).toBe('Date invertite');
    expect(periodMessage(entity, { dataDa: '2025-12-31', dataA: '2026-04-01' })).toBe('Al massimo 3 mesi');
    expect(periodMessage(entity, { dataDa: '2026-01-01', dataA: '2026-04-01' })).toBeUndefined();
  });

  it("takes today from the user's calendar, not UTC", () => {
    expect(localToday(new Date(2026, 10, 26, 0, 30))).toBe('2026-11-26');
  });
});
