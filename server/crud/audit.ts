/**
 * The audit trail (issue 5 item 5): who changed which row, when, and its values before and after. The
 * generic service records every create, update and delete made by a caller, in the change's own
 * transaction (a rolled-back change leaves no trace, a committed one always has its row). Hand-written
 * code records its own changes with `recordAudit` (state transitions: operation 'transition').
 *
 * Nothing secret is copied: entities declared `audit: false` are never recorded, and fields declared
 * `secret: true` (password and token hashes) are left out of before and after, children included.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';
import { bound, type RoleField } from '../../common/bindings.js';
import { entityByName } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { throughValue } from './data-scope.js';
import { Repository } from './repository.js';
import type { Row } from './row-mapping.js';
import { expectRecords, isRecord } from '../records.js';
import { textOf } from '../../common/text.js';

export type AuditOperation = 'create' | 'update' | 'delete' | 'transition';

export interface AuditEvent {
  /** Name of the changed entity (Banca, PosFisico ...). */
  entity: string;
  /** Its key values (only the key fields are read). */
  key: Row;
  operation: AuditOperation;
  /** The row before the change as the API shows it, children included; null or absent on create. */
  before?: Row | null;
  /** The row after the change; null or absent on delete. */
  after?: Row | null;
  /** Who made the change; absent for the system's own changes. */
  username?: string;
  /** For operation 'transition': the transition's name (e.g. 'attiva'). */
  transition?: string;
  /** Defaults to now. */
  at?: Date;
}

/**
 * Writes one row of the trail inside `trx`. Call it in the transaction of the change it records, after the
 * change, with the row as the API would answer it before and after. Does nothing for `audit: false` entities.
 */
export async function recordAudit(trx: Knex.Transaction, model: Pick<RuntimeModel, 'entities' | 'bindings'>, event: AuditEvent): Promise<void> {
  const entity = entityByName(model, event.entity);
  if (entity.audit === false) return;
  const scoped = event.after ?? event.before ?? {};
  const { bank = entity.scope.group, branch } = entity.scope;
  // The trail is the entity the bindings name (spec/platform/bindings.yaml `auditLog`).
  const log = bound(model, 'auditLog');
  const values: Record<RoleField<'auditLog'>, unknown> = {
    id: nextAuditId(event.at),
    changedAt: (event.at ?? new Date()).toISOString(),
    username: event.username ?? null,
    entity: entity.name,
    entityKey: auditKey(entity, event.key),
    operation: event.operation,
    transition: event.transition ?? null,
    scopeBank: bank && scoped[bank] != null ? textOf(scoped[bank]) : null,
    // A branch taken through a reference (a terminal's store's cab) is read now: the trail keeps it after the row is gone.
    scopeBranch: branch ? (scoped[branch] != null ? textOf(scoped[branch]) : null) : await throughValue(trx, model, entity, scoped, 'branch'),
    before: event.before ? JSON.stringify(withoutSecrets(model, entity, event.before)) : null,
    after: event.after ? JSON.stringify(withoutSecrets(model, entity, event.after)) : null,
  };
  await new Repository(log.entity).insert(trx, log.row(values));
}

/** Whether the service records changes of `entity` made by this caller (internal saves have none: demo data). */
export function audited(entity: EntityModel, username: string | undefined): boolean {
  return entity.audit !== false && username !== undefined;
}

/** The key as the row's item path writes it: values in key order, URI-encoded, joined by '/' (30480/01600). */
export function auditKey(entity: Pick<EntityModel, 'key'>, key: Row): string {
  return entity.key.map((k) => encodeURIComponent(textOf(key[k] ?? ''))).join('/');
}

/** The row without `secret` fields, and its children without theirs. */
export function withoutSecrets(model: Pick<RuntimeModel, 'entities'>, entity: EntityModel, row: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(row)) {
    const field = entity.fields.find((f) => f.name === name);
    if (field?.secret) continue;
    const child = field ? undefined : entity.children.find((c) => c.name === name);
    if (child && Array.isArray(value)) {
      const childEntity = entityByName(model, child.entity);
      out[name] = expectRecords(value, `${entity.name}.${name}`).map((v) => withoutSecrets(model, childEntity, v));
    } else if (child && isRecord(value)) {
      out[name] = withoutSecrets(model, entityByName(model, child.entity), value);
    } else {
      out[name] = value;
    }
  }
  return out;
}

let sequence = 0;
/** Sorts like the changes happened: milliseconds, a per-process sequence, then randomness across servers. */
function nextAuditId(at = new Date()): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${String(at.getTime()).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${randomBytes(6).toString('hex')}`;
}
