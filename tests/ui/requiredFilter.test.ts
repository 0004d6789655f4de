/**
 * The list page of a list that needs a filter (manifest `requireOneFilter`) says the API's message while
 * none of its filters has a value, and asks the API once one has.
 */
import { describe, expect, it } from 'vitest';
import { missingRequiredFilter } from '../../ui/src/shell/list/requiredFilter';

const MESSAGE = "E' necessario compilare almeno un campo del form prima di poter effettuare una ricerca.";
const entity = { requireOneFilter: { params: ['codAbi', 'pIvaEser'], message: MESSAGE } };

describe('missingRequiredFilter', () => {
  it('answers the message with no filter, empty ones, or only filters that do not count', () => {
    expect(missingRequiredFilter(entity, {})).toBe(MESSAGE);
    expect(missingRequiredFilter(entity, { codAbi: '  ', pIvaEser: undefined })).toBe(MESSAGE);
    expect(missingRequiredFilter(entity, { ds: 'Bar' })).toBe(MESSAGE);
  });

  it('answers nothing once one of them has a value, or for a list without the rule', () => {
    expect(missingRequiredFilter(entity, { codAbi: '30480', ds: 'Bar' })).toBeUndefined();
    expect(missingRequiredFilter({}, {})).toBeUndefined();
  });
});
