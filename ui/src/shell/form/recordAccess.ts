/**
 * What the caller may do with a record on screen, from its grants and the row's own `_actions`: save it
 * whole, save only the fields whose own permission it holds, delete it, or only read it (a record view,
 * not a grey disabled form). The form page and a related list's tab decide alike.
 */
import { permissionForRow } from '../../../../common/model';
import { isStringArray } from '../../core/guards';
import { mayCall } from '../operationAccess';
import type { EntityMeta, FormDef, Row } from '../../core/types';

interface RecordAccess {
  canSave: boolean;
  canDelete: boolean;
  /** Without the update permission, the fields whose own permission the user holds (else undefined). */
  restrictedFields: string[] | undefined;
  /** Who may read but not change the row reads it: labels and values. */
  readOnlyView: boolean;
}

export function recordAccess(entity: EntityMeta, form: FormDef | undefined, record: Row | undefined, editing: boolean, can: (permission: string | undefined) => boolean): RecordAccess {
  // A row with a lifecycle says itself what the caller may do with it now (`_actions`: a read-only bank's stock).
  const actions = record?._actions;
  const rowActions = isStringArray(actions) ? actions : undefined;
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
