/**
 * Whether the signed-in user may call an entity's create, update or delete: the operation's permission, or any
 * one of them where the spec lists several (`permissions: { update: [GES_NEG:AGGIORNAMENTO, GES_NEG:VARIAZIONE] }`,
 * docs/spec-language.md#any-of-permissions), as the server's authorize() decides. `forRow` turns each into the
 * one that governs the row on screen (rowPermissions).
 */
import { permissionsOf } from '../../../common/model';
import type { EntityMeta } from '../core/types';

export function mayCall(
  entity: Pick<EntityMeta, 'permissions' | 'permissionsAnyOf'>, op: 'create' | 'update' | 'delete',
  can: (permission: string | undefined) => boolean, forRow: (permission: string) => string = (p) => p,
): boolean {
  const permissions = permissionsOf(entity, op);
  // An entity that names no permission for it: as `can` answers for none.
  return permissions.length ? permissions.some((p) => can(forRow(p))) : can(undefined);
}
