/**
 * Idempotent transitions (docs/spec-language.md#transition-checks): a transition sent with an Idempotency-Key
 * header stores its answer, in its own transaction, under the caller and the key (the entity the bindings name
 * `idempotentAnswers`). A request repeated with the same key (an answer lost on the way, a double click) is
 * answered the stored answer and runs nothing; the same key on another request is refused (422). Two requests
 * with one key at once: the row lock makes the second wait, find the row moved (409), and then the first's
 * answer, which it replays.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { bound } from '../../common/bindings.js';
import type { RuntimeModel } from '../artifacts.js';
import { ApiError } from '../http/api-error.js';
import { isRecord } from '../records.js';

type Db = Knex | Knex.Transaction;

export interface IdempotentRequest {
  username: string;
  /** The client's Idempotency-Key. */
  key: string;
  /** Method and path: one key answers one request only. */
  request: string;
}

const idOf = (r: IdempotentRequest) => createHash('sha256').update(`${r.username}\u0000${r.key}`).digest('hex');

/** The answer stored for this caller's key, if any; 422 when the key was used on another request. */
export async function storedAnswer(db: Db, model: Pick<RuntimeModel, 'entities' | 'bindings'>, r: IdempotentRequest): Promise<Record<string, unknown> | undefined> {
  const table = bound(model, 'idempotentAnswers');
  const row: unknown = await db(table.entity.table).where(table.column('id'), idOf(r)).first();
  if (!isRecord(row)) return undefined;
  if (row[table.column('request')] !== r.request) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  const answer: unknown = JSON.parse(String(row[table.column('answer')]));
  return isRecord(answer) ? answer : undefined;
}

/** Keeps the answer of a request with a key, inside the transaction that produced it. */
export async function storeAnswer(trx: Knex.Transaction, model: Pick<RuntimeModel, 'entities' | 'bindings'>, r: IdempotentRequest, answer: unknown): Promise<void> {
  const table = bound(model, 'idempotentAnswers');
  await trx(table.entity.table).insert(table.columns({
    id: idOf(r), createdAt: new Date().toISOString(), username: r.username, request: r.request, answer: JSON.stringify(answer),
  }));
}
