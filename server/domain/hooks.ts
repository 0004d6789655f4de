/**
 * Behaviour of one entity that the spec cannot say, run by the generic service inside the save's (or the
 * delete's) transaction (after defaults and rules, before writing). Registered by entity name in index.ts.
 */
import type { Knex } from 'knex';
import type { ChildModel, EntityModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import type { Row } from '../crud/row-mapping.js';
import type { Caller } from './auth/caller.js';

export interface SaveContext {
  trx: Knex.Transaction;
  /** Runs `task` once the save has committed, never after a rollback (a mail about the new row). */
  afterCommit: (task: () => void) => void;
  /** The spec, so a hook names tables and columns through it rather than by hand. */
  model: RuntimeModel;
  /** The entity being saved. */
  entity: EntityModel;
  /** Absent for internal saves (demo data), which hooks let through. */
  caller?: Caller;
  /** The row as it will be stored. */
  row: Row;
  /** The request body: children appear here under their names when the call sends them. */
  body: Row;
  /**
   * Where a child row's error is reported: `authorities.0.` in a save of the user, `0.` when the call's
   * body is the child list itself (PUT users/{username}/authorities). Absent: the former.
   */
  pathOf?: (child: ChildModel, index?: number) => string;
}

export interface DeleteContext {
  trx: Knex.Transaction;
  /** Runs `task` once the delete has committed, never after a rollback. */
  afterCommit: (task: () => void) => void;
  model: RuntimeModel;
  entity: EntityModel;
  caller?: Caller;
  /** The stored row about to be deleted (locked). */
  row: Row;
}

export interface EntityHooks {
  /** Throw an ApiError to refuse the save; the transaction is rolled back. */
  beforeSave?(ctx: SaveContext): Promise<void>;
  /**
   * Inside the delete's transaction, after scope and `editable`, before the row goes: throw an ApiError to
   * refuse (a role still held by users), or remove what the spec does not show (a user's credential).
   */
  beforeDelete?(ctx: DeleteContext): Promise<void>;
}

/** Several hooks of one entity, run in order (the grant checks and the account hooks of Utente). */
export function combineHooks(...all: (EntityHooks | undefined)[]): EntityHooks {
  return {
    async beforeSave(ctx) {
      for (const hooks of all) await hooks?.beforeSave?.(ctx);
    },
    async beforeDelete(ctx) {
      for (const hooks of all) await hooks?.beforeDelete?.(ctx);
    },
  };
}
