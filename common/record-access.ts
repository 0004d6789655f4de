/**
 * What a caller may do with a record on screen, from its grants and the row's own `_actions`: save it whole, save
 * only the fields whose own permission it holds, delete it, or only read it (a record view, not a grey disabled
 * form). The shell's form page and related tabs decide with it, and so does the server's first paint of a record
 * page (server/http/first-paint.ts), so the title it writes ("Modifica …" or not) is the one the page shows.
 */
import { permissionForRow, permissionsOf, type ChildOperation, type Operation, type RowPermissionModel } from './model.js';

type Can = (permission: string | undefined) => boolean;

/** An entity as the manifest describes it, for what its operations need. */
export interface AccessEntity {
  operations: readonly string[];
  permissions: Partial<Record<Operation | ChildOperation, string>>;
  permissionsAnyOf?: Partial<Record<Operation | ChildOperation, string[]>>;
  rowPermissions?: readonly RowPermissionModel[];
}

/** A form definition, for the fields with a permission of their own and whether it has a state machine. */
export interface AccessForm { fieldPermissions?: Readonly<Record<string, string>>; states?: unknown }

/**
 * Whether the caller may call an entity's create, update or delete: the operation's permission, or any one of them
 * where the spec lists several (docs/spec-language.md#any-of-permissions), as the server's authorize() decides.
 * `forRow` turns each into the one that governs the row on screen (rowPermissions).
 */
export function mayCall(entity: Pick<AccessEntity, 'permissions' | 'permissionsAnyOf'>, op: 'create' | 'update' | 'delete', can: Can, forRow: (permission: string) => string = (p) => p): boolean {
  const permissions = permissionsOf(entity, op);
  // An entity that names no permission for it: as `can` answers for none.
  return permissions.length ? permissions.some((p) => can(forRow(p))) : can(undefined);
}

export interface RecordAccess {
  canSave: boolean;
  canDelete: boolean;
  /** Without the update permission, the fields whose own permission the user holds (else undefined). */
  restrictedFields: string[] | undefined;
  /** Who may read but not change the row reads it: labels and values. */
  readOnlyView: boolean;
}

export function recordAccess(entity: AccessEntity, form: AccessForm | undefined, record: Readonly<Record<string, unknown>> | undefined, editing: boolean, can: Can): RecordAccess {
  // A row with a lifecycle says itself what the caller may do with it now (`_actions`: a read-only bank's stock).
  const actions = record?._actions;
  const rowActions = Array.isArray(actions) && actions.every((a) => typeof a === 'string') ? actions : undefined;
  const allowsOnRow = (op: 'update' | 'delete') => !rowActions || rowActions.includes(op);
  // A row another function governs (a virtual merchant: GES_ESER_VIRTUALE) needs that function's actions.
  // An operation any of several permissions allows (the spec's list) shows its button to holders of any.
  const forRow = (permission: string) => (record ? permissionForRow(entity.rowPermissions, permission, record) : permission);
  const fullUpdate = entity.operations.includes('update') && mayCall(entity, 'update', can, forRow) && allowsOnRow('update');
  const canSave = editing ? fullUpdate : mayCall(entity, 'create', can);
  const canDelete = entity.operations.includes('delete') && mayCall(entity, 'delete', can, forRow) && allowsOnRow('delete');
  const restrictedFields = editing && !fullUpdate && allowsOnRow('update') && form
    ? Object.entries(form.fieldPermissions ?? {}).filter(([, p]) => can(p)).map(([f]) => f)
    : undefined;
  // A row with a state machine stays in its form (its transition buttons sit by Salva), unless the API never
  // writes it (neither create nor update: a card movement, refunded by its actions), where the record view
  // shows it with those actions.
  const neverWritten = !entity.operations.includes('update') && !entity.operations.includes('create');
  const readOnlyView = Boolean(editing && record && !canSave && !restrictedFields?.length && form && (form.states === undefined || neverWritten));
  return { canSave, canDelete, restrictedFields, readOnlyView };
}
