/**
 * `api.period`: a list searched over a bounded period of one date field (seed 002 §9: movements 1 to 3 months).
 * Resolved to the range filter's query parameters, so the server and the list page check the same two inputs
 * with common/search-period.ts and neither needs to know how a range filter is named.
 */
import type { FieldModel } from '../../common/model.js';
import type { SearchPeriodModel } from '../../common/search-period.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { RawEntity } from './spec-types.js';

export function buildSearchPeriod(raw: RawEntity, fields: FieldModel[], source: SourceFile, diagnostics: Diagnostic[]): SearchPeriodModel | undefined {
  const spec = raw.api?.period;
  if (!spec) return undefined;
  const at = (...path: string[]) => source.positionOf(['api', 'period', ...path]);
  const field = fields.find((f) => f.name === spec.field);
  if (!field) {
    diagnostics.push({ ...at('field'), message: `period names '${spec.field}', which is not a field of ${raw.entity}.${didYouMean(spec.field, fields.map((f) => f.name))}` });
    return undefined;
  }
  // A month is a calendar notion: a datetime's end of day would depend on a time zone the API does not have.
  if (field.type !== 'date' || field.search !== 'range') {
    diagnostics.push({ ...at('field'), message: `period field '${spec.field}' must be a date with search: range (it is ${field.type}${field.search ? `, search: ${field.search}` : ''}).` });
    return undefined;
  }
  const defaultMonths = spec.defaultMonths ?? 1;
  if (defaultMonths > spec.maxMonths) {
    diagnostics.push({ ...at('defaultMonths'), message: `period defaultMonths ${defaultMonths} is more than maxMonths ${spec.maxMonths}: the list would open on a period it refuses.` });
  }
  if (spec.latestEnd && !spec.messages.tooLate) {
    diagnostics.push({ ...at('latestEnd'), message: 'period latestEnd needs messages.tooLate: a user told only "no" does not know which end date to choose.' });
  }
  if (spec.earliestStart && !spec.messages.tooEarly) {
    diagnostics.push({ ...at('earliestStart'), message: 'period earliestStart needs messages.tooEarly: a user told only "no" does not know which start date to choose.' });
  }
  return {
    from: `${field.filterParam}Da`, to: `${field.filterParam}A`, maxMonths: spec.maxMonths, defaultMonths,
    ...(spec.latestEnd ? { latestEnd: spec.latestEnd } : {}), ...(spec.earliestStart ? { earliestStart: spec.earliestStart } : {}), messages: spec.messages,
  };
}
