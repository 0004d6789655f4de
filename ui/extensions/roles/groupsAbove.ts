/**
 * The groups above the user's own (its parent, the parent's parent, ...) among those GET users/me/gruppi
 * answers: the server lets a bank read their roles, which its users inherit along the group chain, and never
 * change them (spec/sicurezza/ruolo.yaml `readAbove`). The role pages show those roles read-only.
 */
import type { GroupRow } from '../../src/core/authApi';

export function groupsAbove(groups: readonly GroupRow[], ownGroup: string | undefined): Set<string> {
  const byName = new Map(groups.map((g) => [g.groupName, g]));
  const above = new Set<string>();
  for (let parent = byName.get(ownGroup ?? '')?.parentGroup; parent && !above.has(parent) && byName.has(parent); parent = byName.get(parent)?.parentGroup) {
    above.add(parent);
  }
  return above;
}

/** How the group picker names a group; an inherited one says so. */
export function groupLabel(group: GroupRow, inherited: boolean): string {
  const name = group.description ? `${group.groupName} - ${group.description}` : group.groupName;
  return inherited ? `${name} (ruoli ereditati, sola lettura)` : name;
}
