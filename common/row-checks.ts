/**
 * The spec's entity `checks:` (docs/spec-language.md): conditions across fields a row must satisfy to be
 * stored, such as a promotion ending on or after its start. Pure, so the API (server/crud/row-checks.ts)
 * and the generator's demo-data check evaluate them identically.
 */
import type { EntityModel } from './model.js';
import { holds } from './rules.js';

export interface FailedCheck { field: string; message: string }

export function failedChecks(entity: Pick<EntityModel, 'checks'>, row: Record<string, unknown>): FailedCheck[] {
  return (entity.checks ?? [])
    .filter((check) => !holds(check.valid, row))
    .map((check) => ({ field: check.field, message: check.message }));
}
