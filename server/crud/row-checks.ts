/**
 * Enforces the spec's `checks:` before a row is stored (common/row-checks.ts evaluates them): each failing
 * check is one Italian detail on its field, all of them in one 400, like the request's field validation.
 */
import type { EntityModel } from '../../common/model.js';
import { failedChecks } from '../../common/row-checks.js';
import { ApiError } from '../http/api-error.js';
import type { Row } from './row-mapping.js';

export function enforceChecks(entity: EntityModel, row: Row): void {
  const details = failedChecks(entity, row);
  if (details.length) throw new ApiError('VALIDATION_ERROR', details);
}
