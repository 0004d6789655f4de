/** The role pages' groups above the user's own (ui/extensions/roles/groupsAbove.ts). */
import { describe, expect, it } from 'vitest';
import type { GroupRow } from '../../../ui/src/core/authApi';
import { groupLabel, groupsAbove } from '../../../ui/extensions/roles/groupsAbove';

const GROUPS: GroupRow[] = [
  { groupName: '11000', description: 'Acquirer', groupType: 'S', parentGroup: null },
  { groupName: '15000', description: 'Federazione', groupType: 'S', parentGroup: '11000' },
  { groupName: '60855', description: 'Banca Piemontese', groupType: 'B', parentGroup: '15000' },
  { groupName: '60855-0000001', description: 'Esercente', groupType: 'M', parentGroup: '60855' },
];

describe('groupsAbove', () => {
  it('follows the parents of the own group up the chain, nothing below or beside', () => {
    expect([...groupsAbove(GROUPS, '60855')]).toEqual(['15000', '11000']);
    expect([...groupsAbove(GROUPS, '11000')]).toEqual([]);
    expect([...groupsAbove(GROUPS, undefined)]).toEqual([]);
  });

  it('names an inherited group as read-only', () => {
    expect(groupLabel(GROUPS[0], true)).toBe('11000 - Acquirer (ruoli ereditati, sola lettura)');
    expect(groupLabel(GROUPS[2], false)).toBe('60855 - Banca Piemontese');
  });
});
