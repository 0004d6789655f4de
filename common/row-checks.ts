/**
 * The spec's entity `checks:` (docs/spec-language.md): conditions across fields a row must satisfy to be
 * stored, such as a promotion ending on or after its start. Pure, so the API (server/crud/row-checks.ts)
 * and the generator's demo-data check evaluate them identically.
 */
import type { EntityModel } from './model.js';
import { holds } from './rules.js';

export interface FailedCheck { field: string; message: string }

/**
 * `today` (YYYY-MM-DD, as state-machine conditions read it) lets a check say "not after today" (seed 001 §5:
 * a date of birth); a field of the row named `today` would hide it.
 */
export function failedChecks(entity: Pick<EntityModel, 'checks'>, row: Record<string, unknown>, today: string = new Date().toISOString().slice(0, 10)): FailedCheck[] {
  const data = { today, ...row };
  return (entity.checks ?? [])
    .filter((check) => !holds(check.valid, data))
    .map((check) => ({ field: check.field, message: check.message }));
}
