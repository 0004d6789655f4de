/** The menu's search box: which entries a query keeps (ui/src/core/menuSearch.ts). */
import { describe, expect, it } from 'vitest';
import { filterMenu, menuResultCount } from '../../ui/src/core/menuSearch';
import type { MenuGroup } from '../../ui/src/core/types';

const MENU: MenuGroup[] = [
  { label: 'Anagrafiche', icon: 'IconAddressBook', items: [{ label: 'Banche', route: '/banche' }, { label: 'Filiali', route: '/filiali' }] },
  { label: 'Sicurezza', items: [{ label: 'Utenti', route: '/utenti' }, { label: 'Cambio password', route: '/password' }] },
  { label: 'Attività', items: [{ label: 'Città servite', route: '/citta' }] },
];
const labels = (groups: MenuGroup[]) => groups.map((g) => [g.label, g.items.map((i) => i.label)]);

describe('the menu search', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(filterMenu(MENU, '')).toEqual(MENU);
    expect(filterMenu(MENU, '   ')).toEqual(MENU);
  });

  it('keeps the entries whose label holds the text, ignoring case, and drops empty groups', () => {
    expect(labels(filterMenu(MENU, 'BAN'))).toEqual([['Anagrafiche', ['Banche']]]);
  });

  it('ignores accents both ways (Italian)', () => {
    expect(labels(filterMenu(MENU, 'citta'))).toEqual([['Attività', ['Città servite']]]);
    expect(labels(filterMenu(MENU, 'fìliàli'))).toEqual([['Anagrafiche', ['Filiali']]]);
  });

  it("keeps a whole group whose name matches, and needs every word in the entry or its group's name", () => {
    expect(labels(filterMenu(MENU, 'sicurezza'))).toEqual([['Sicurezza', ['Utenti', 'Cambio password']]]);
    expect(labels(filterMenu(MENU, 'sicurezza pass'))).toEqual([['Sicurezza', ['Cambio password']]]);
    expect(filterMenu(MENU, 'banche utenti')).toEqual([]);
  });

  it('says how many entries are left in Italian, singular and plural', () => {
    expect(menuResultCount(filterMenu(MENU, 'zzz'))).toBe('Nessuna voce');
    expect(menuResultCount(filterMenu(MENU, 'banche'))).toBe('1 voce');
    expect(menuResultCount(filterMenu(MENU, 'i'))).toBe('5 voci');
  });
});
