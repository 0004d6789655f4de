/**
 * `api.period` (docs/spec-language.md#a-list-searched-by-period): a list, or its export, over a period the spec
 * does not allow (an end missing, reversed, longer than its months) is refused with the spec's message before any
 * query runs (seed 002 §9: movements 1 to 3 months). The verdict is common/search-period.ts's, the list page's too.
 */
import type { EntityModel } from '../../common/model.js';
import { periodRefusal } from '../../common/search-period.js';
import { ApiError } from '../http/api-error.js';

export function enforceSearchPeriod(entity: EntityModel, query: Record<string, unknown>): void {
  const period = entity.api.period;
  if (!period) return;
  const refusal = periodRefusal(period, query[period.from], query[period.to]);
  if (refusal) throw new ApiError('VALIDATION_ERROR', [{ field: refusal.param, message: refusal.message }]);
}
