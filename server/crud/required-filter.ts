/**
 * `api.requireOneFilter` (docs/spec-language.md#a-list-that-needs-a-filter): a list, or its export, with none
 * of the named filters filled is refused with the spec's message before any query runs (seed 001 §5: a
 * merchant search with no field). The detail names the first of those filters, where the form shows it.
 */
import type { EntityModel } from '../../common/model.js';
import { textOf } from '../../common/text.js';
import { ApiError } from '../http/api-error.js';

export function enforceRequiredFilter(entity: EntityModel, query: Record<string, unknown>): void {
  const rule = entity.api.requireOneFilter;
  if (!rule) return;
  const filled = rule.params.some((param) => query[param] !== undefined && textOf(query[param]).trim() !== '');
  if (!filled) throw new ApiError('VALIDATION_ERROR', [{ field: rule.params[0] ?? 'query', message: rule.message }]);
}
