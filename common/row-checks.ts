/**
 * The spec's entity `checks:` (docs/spec-language.md): conditions across fields a row must satisfy to be
 * stored, such as a promotion ending on or after its start. Pure, so the API (server/crud/row-checks.ts)
 * and the generator's demo-data check evaluate them identically.
 *
 * A check may also read the entity's `related` rows by name (`comuneRif.provincia`): those need the database,
 * so they are told apart (`readsRelated`) and evaluated by the API once it has read the rows.
 */
import { logicVars } from './lifecycle.js';
import type { EntityModel } from './model.js';
import { holds } from './rules.js';

export interface FailedCheck { field: string; message: string }

type Check = NonNullable<EntityModel['checks']>[number];

/** The related rows (by their name in `related:`) a check reads; none for a check of the row alone. */
export function relatedReadBy(entity: Pick<EntityModel, 'related'>, check: Check): string[] {
  const roots = new Set(logicVars(check.valid).map((v) => v.name.split('.')[0]));
  return (entity.related ?? []).filter((r) => roots.has(r.name)).map((r) => r.name);
}

/**
 * `today` (YYYY-MM-DD, as state-machine conditions read it) lets a check say "not after today" (seed 001 §5:
 * a date of birth); a field of the row named `today` would hide it.
 * Without `related` only the checks of the row alone run; with it (each related row by name, `{}` when none
 * matches) only those that read a related row.
 */
export function failedChecks(
  entity: Pick<EntityModel, 'checks' | 'related'>,
  row: Record<string, unknown>,
  today: string = new Date().toISOString().slice(0, 10),
  related?: Record<string, Record<string, unknown>>,
): FailedCheck[] {
  const data = { today, ...related, ...row };
  return (entity.checks ?? [])
    .filter((check) => (relatedReadBy(entity, check).length > 0) === (related !== undefined))
    .filter((check) => !holds(check.valid, data))
    .map((check) => ({ field: check.field, message: check.message }));
}
