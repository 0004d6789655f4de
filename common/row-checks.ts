/**
 * The spec's entity `checks:` (docs/spec-language.md): conditions across fields a row must satisfy to be
 * stored, such as a promotion ending on or after its start. Pure, so the API (server/crud/row-checks.ts)
 * and the generator's demo-data check evaluate them identically.
 */
import jsonLogic from 'json-logic-js';
import type { EntityModel } from './model.js';

export interface FailedCheck { field: string; message: string }

export function failedChecks(entity: Pick<EntityModel, 'checks'>, row: Record<string, unknown>): FailedCheck[] {
  return (entity.checks ?? [])
    .filter((check) => !jsonLogic.truthy(jsonLogic.apply(check.valid as never, row) as never))
    .map((check) => ({ field: check.field, message: check.message }));
}
