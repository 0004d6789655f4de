/**
 * Queues a message for an external system in the outbox (the entity spec/platform/bindings.yaml binds as
 * `outbox`), inside the caller's transaction: the message exists exactly when the transition that queued it
 * committed. The worker (worker.ts) posts it later.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { bound } from '../../common/bindings.js';
import type { RuntimeModel } from '../artifacts.js';

export const OUTBOX_STATUS = { pending: 'P', sent: 'S', failed: 'F' } as const;

export interface OutboxMessage {
  /** The configuration key whose value is the URL the message is posted to. */
  target: string;
  entity: string;
  entityKey: string;
  transition: string;
  payload: Record<string, unknown>;
}

export async function enqueueOutbox(trx: Knex.Transaction, model: Pick<RuntimeModel, 'entities' | 'bindings'>, message: OutboxMessage): Promise<string> {
  const outbox = bound(model, 'outbox');
  const id = randomUUID();
  const now = new Date().toISOString();
  await trx(outbox.entity.table).insert(outbox.columns({
    id, createdAt: now, target: message.target, entity: message.entity, entityKey: message.entityKey, transition: message.transition,
    payload: JSON.stringify(message.payload), status: OUTBOX_STATUS.pending, attempts: 0, nextAttempt: now,
  }));
  return id;
}
