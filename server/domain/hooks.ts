/**
 * Behaviour of one entity that the spec cannot say, run by the generic service inside the save's (or the
 * delete's) transaction (after defaults and rules, before writing). Registered by entity name in index.ts.
 */
import type { Knex } from 'knex';
import type { ChildModel, EntityModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import type { Row } from '../crud/row-mapping.js';
import type { Caller } from './auth/caller.js';

/** The part of an entity's generic service a hook may use (server/crud/entity-service.ts implements it). */
export interface RowReader {
  listAll(caller?: Caller, where?: Row): Promise<Row[]>;
  /** A stored file of the entity's file fields by its id (the row's value), with its name and type; undefined: none. */
  readFile(id: string): Promise<{ name: string; contentType: string; bytes: Buffer } | undefined>;
}

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
  /** A new row (create), not a change of a stored one. */
  creating: boolean;
  /** A configuration key in force, read in the save's transaction (server/config-value.ts). */
  config: (key: string) => Promise<string>;
  /**
   * Reads through the generic service of another entity, for what a hook needs once the save has committed (a
   * mail's texts): the rows whose fields equal `where`, in `caller`'s scope (none: an internal read).
   */
  service: (entity: string) => RowReader;
  /**
   * The same reads inside the save's transaction, for what decides whether the save may happen (the rows of another
   * entity the saved row depends on): they see the save's own writes and wait for no other connection.
   */
  read: (entity: string) => RowReader;
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
