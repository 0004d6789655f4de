/**
 * Grants as the UI sees them (seed 000 §6): for each function the caller holds, its actions, from the
 * FUNCTION:ACTION pairs GET permessi answers. A check passes only when every requested pair is held.
 */
export type Grants = ReadonlyMap<string, ReadonlySet<string>>;

export function grantsOf(pairs: readonly string[]): Grants {
  const grants = new Map<string, Set<string>>();
  for (const pair of pairs) {
    const [fn, action] = pair.split(':');
    if (!fn || !action) continue;
    let actions = grants.get(fn);
    if (!actions) grants.set(fn, (actions = new Set()));
    actions.add(action);
  }
  return grants;
}

export function holdsPermission(grants: Grants, permission: string): boolean {
  const [fn, action] = permission.split(':');
  if (!fn || !action) return false;
  return grants.get(fn)?.has(action) ?? false;
}

export function holdsAll(grants: Grants, permissions: readonly (string | undefined)[]): boolean {
  return permissions.every((p) => p === undefined || p === '' || holdsPermission(grants, p));
}
