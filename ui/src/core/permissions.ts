/**
 * Grants as the UI sees them (seed 000 §6): for each function the caller holds, the actions GET
 * funzioni/{fn}/permessi returned. A check passes only when every requested FUNCTION:ACTION is held.
 */
export type Grants = ReadonlyMap<string, ReadonlySet<string>>;

export function holdsPermission(grants: Grants, permission: string): boolean {
  const [fn, action] = permission.split(':');
  if (!fn || !action) return false;
  return grants.get(fn)?.has(action) ?? false;
}

export function holdsAll(grants: Grants, permissions: readonly (string | undefined)[]): boolean {
  return permissions.every((p) => p === undefined || p === '' || holdsPermission(grants, p));
}
