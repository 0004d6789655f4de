/**
 * `POST <item>/<transition>` (docs/spec-language.md#state-machines, #transition-checks): a request repeated with
 * its Idempotency-Key gets the first answer again; a critical operation (`reauthenticate`) checks the caller's
 * own password before the row is read, and that password never reaches the transition's input, the audit
 * trail or the stored answer; then the generic service runs the transition (scope, state, checks, effects).
 * If-Match is optional: the state itself guards the row.
 */
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { transitionsOf } from '../../common/model.js';
import { REAUTHENTICATION_FIELD } from '../../common/reauthentication.js';
import type { RuntimeModel } from '../artifacts.js';
import type { Caller } from '../domain/auth/caller.js';
import { ApiError } from '../http/api-error.js';
import { expectRecord } from '../records.js';
import { ifMatchOf, versionOf } from './concurrency.js';
import type { EntityService } from './entity-service.js';
import { storeAnswer, storedAnswer, type IdempotentRequest } from './idempotency.js';
import { keyFromPath } from './path-key.js';
import type { Row } from './row-mapping.js';

/** Refuses (throws) unless `password` is the current password of `username`, counting the attempt. */
export type Reauthenticate = (username: string, password: string) => Promise<void>;

export async function runTransition(
  db: Knex, model: RuntimeModel, service: EntityService, name: string, req: Request, res: Response, caller: Caller, reauthenticate?: Reauthenticate,
): Promise<void> {
  const key = req.header('Idempotency-Key');
  const idempotent: IdempotentRequest | undefined = key ? { username: caller.username, key, request: `POST ${req.baseUrl}${req.path}` } : undefined;
  if (idempotent) {
    const stored = await storedAnswer(db, model, idempotent);
    if (stored) {
      res.json(stored);
      return;
    }
  }
  const body: unknown = req.body;
  const whole: Row = body === undefined || body === null ? {} : expectRecord(body, 'The request body');
  const { [REAUTHENTICATION_FIELD]: password, ...withoutPassword } = whole;
  const critical = transitionsOf(service.entity).find((t) => t.name === name)?.reauthenticate;
  if (critical) {
    // The document requires the password of a critical operation; a server without the check refuses it.
    if (!reauthenticate || typeof password !== 'string') throw new ApiError('FORBIDDEN');
    await reauthenticate(caller.username, password);
  }
  const onSaved = (row: Row) => { res.set('ETag', versionOf(row)); };
  const beforeCommit = idempotent ? (trx: Knex.Transaction, answer: unknown) => storeAnswer(trx, model, idempotent, answer) : undefined;
  const options = { ...(req.header('If-Match') ? { ifMatch: ifMatchOf(req) } : {}), onSaved, ...(beforeCommit ? { beforeCommit } : {}) };
  try {
    res.json(await service.transition(keyFromPath(service.entity, req), name, caller, options, critical ? withoutPassword : whole));
  } catch (error) {
    // The same key sent twice at once: the second waited for the first's row lock and found the row moved.
    const stored = idempotent && error instanceof ApiError && error.code === 'INVALID_TRANSITION' ? await storedAnswer(db, model, idempotent) : undefined;
    if (!stored) throw error;
    res.json(stored);
  }
}
