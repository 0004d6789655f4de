/**
 * A transition run on many selected rows (docs/spec-language.md#bulk-transitions, issue 14 item 9). Each
 * row goes through the same service call as a single run (scope, grants, guard, `from` state, effects,
 * audit), so a row refuses exactly what its own POST would. `each`: every row in its own transaction, each
 * with its outcome. `all`: one transaction; the first refusal undoes every row, which is reported as the
 * refusal of that row and `skipped` for the others.
 */
import type { Knex } from 'knex';
import type { RuntimeModel } from '../artifacts.js';
import type { Caller } from '../domain/auth/caller.js';
import { ApiError, fillMessage } from '../http/api-error.js';
import type { EntityService } from './entity-service.js';
import type { Row } from './row-mapping.js';

export interface BulkResult { key: Row; outcome: 'ok' | 'error' | 'skipped'; message: string; code?: string }
export interface BulkOutcome { results: BulkResult[]; done: number; failed: number }

export async function runBulkTransition(
  db: Knex, model: RuntimeModel, service: EntityService, name: string, mode: 'each' | 'all', keys: Row[], input: Row, caller: Caller,
): Promise<BulkOutcome> {
  // The rows' keys as the entity's key fields, whatever else a client put in them.
  const rowKeys = keys.map((k) => Object.fromEntries(service.entity.key.map((f) => [f, k[f]])));
  const refusal = (error: unknown): BulkResult['message'] | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const details = error.details.map((d) => d.message).filter((m) => m !== '');
    return details.length ? details.join(' ') : fillMessage(model.messages.errors[error.code] ?? model.messages.errors.INTERNAL_ERROR, error.values);
  };
  const results: BulkResult[] = [];
  if (mode === 'each') {
    for (const key of rowKeys) {
      try {
        results.push({ key, outcome: 'ok', message: (await service.transition(key, name, caller, {}, input)).message });
      } catch (error) {
        const message = refusal(error);
        if (message === undefined || !(error instanceof ApiError)) throw error;
        results.push({ key, outcome: 'error', message, code: error.code });
      }
    }
  } else {
    let failedAt = -1;
    let failure: BulkResult | undefined;
    try {
      await db.transaction(async (trx) => {
        const inTrx = service.within(trx);
        for (const [i, key] of rowKeys.entries()) {
          try {
            results.push({ key, outcome: 'ok', message: (await inTrx.transition(key, name, caller, {}, input)).message });
          } catch (error) {
            const message = refusal(error);
            if (message === undefined || !(error instanceof ApiError)) throw error;
            failedAt = i;
            failure = { key, outcome: 'error', message, code: error.code };
            throw error;
          }
        }
      });
    } catch (error) {
      if (!failure) throw error;
      // Nothing was kept: the rows before the refusal were undone with it, those after it never ran.
      const errors: Partial<Record<string, string>> = model.messages.errors;
      const undone = errors.BULK_UNDONE ?? model.messages.errors.INTERNAL_ERROR;
      return {
        results: rowKeys.map((key, i) => (i === failedAt && failure ? failure : { key, outcome: 'skipped', message: undone, code: 'BULK_UNDONE' })),
        done: 0, failed: rowKeys.length,
      };
    }
  }
  const done = results.filter((r) => r.outcome === 'ok').length;
  return { results, done, failed: results.length - done };
}
