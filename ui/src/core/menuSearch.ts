/**
 * The menu's search box (issue 15 item 9): which entries a query keeps. Every word of the query must appear in
 * the entry's label or in its group's, ignoring case and accents (Italian: "attivita" finds "attività"), so
 * "sicurezza" keeps the whole Sicurezza group and "pos fis" its one entry. Empty groups disappear.
 */
import { folded } from '../../../common/text';
import type { MenuGroup } from './types';

export function filterMenu(groups: readonly MenuGroup[], query: string): MenuGroup[] {
  const words = folded(query).split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => {
        const text = `${folded(group.label)} ${folded(item.label)}`;
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.items.length > 0);
}

/** What a screen reader hears after each keystroke: "3 voci", "1 voce", "Nessuna voce". */
export function menuResultCount(groups: readonly MenuGroup[]): string {
  const count = groups.reduce((n, g) => n + g.items.length, 0);
  if (count === 0) return 'Nessuna voce';
  return count === 1 ? '1 voce' : `${count} voci`;
}
