/**
 * Enforces the spec's `checks:` and conditional fields before a row is stored (common/row-checks.ts evaluates them): each failing
 * check is one Italian detail on its field, all of them in one 400, like the request's field validation.
 */
import type { EntityModel } from '../../common/model.js';
import { conditionProblems } from '../../common/field-conditions.js';
import { failedChecks } from '../../common/row-checks.js';
import { ApiError } from '../http/api-error.js';
import type { Row } from './row-mapping.js';

export function enforceChecks(entity: EntityModel, row: Row): void {
  const details = failedChecks(entity, row);
  if (details.length) throw new ApiError('VALIDATION_ERROR', details);
}

/**
 * Conditional fields (common/field-conditions.ts) on the row as it will be stored: a new value for a field
 * read-only or hidden by its condition, or an empty one required by it, is 400 naming the field.
 * `stored`: the row before an update; a create compares with the fields' defaults.
 */
export function enforceFieldConditions(entity: EntityModel, row: Row, sent: Row, stored: Row | undefined): void {
  const defaults = Object.fromEntries(entity.fields.map((f) => [f.name, f.default ?? null]));
  const details = conditionProblems(entity.fields, row, sent, stored, defaults);
  if (details.length) throw new ApiError('VALIDATION_ERROR', details);
}
