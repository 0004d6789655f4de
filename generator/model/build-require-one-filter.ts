/**
 * `api.requireOneFilter`: a list that answers only once one of some filters has a value (seed 001 §5: "E'
 * necessario compilare almeno un campo del form..."). Resolved to the query parameters the server and the
 * list page look at, so neither needs to know how a filter is named or that a range filter is two inputs.
 */
import type { FieldModel, RequireOneFilterModel } from '../../common/model.js';
import { didYouMean, type Diagnostic } from '../diagnostics.js';
import type { SourceFile } from '../load/source-file.js';
import type { RawEntity } from './spec-types.js';

export function buildRequireOneFilter(raw: RawEntity, fields: FieldModel[], source: SourceFile, diagnostics: Diagnostic[]): RequireOneFilterModel | undefined {
  const spec = raw.api?.requireOneFilter;
  if (!spec) return undefined;
  const filterable = fields.filter((f) => f.search);
  // A filter over related rows (existsFilters) is its own query parameter.
  const related = Object.keys(raw.existsFilters ?? {});
  const names = [...filterable.map((f) => f.name), ...related];
  (spec.filters ?? []).forEach((name, i) => {
    if (!names.includes(name)) {
      diagnostics.push({ ...source.positionOf(['api', 'requireOneFilter', 'filters', i]), message: `requireOneFilter names '${name}', which is not a filter of ${raw.entity} (a field with search, or an existsFilters name).${didYouMean(name, names)}` });
    }
  });
  if (!filterable.length) {
    diagnostics.push({ ...source.positionOf(['api', 'requireOneFilter']), message: `requireOneFilter on ${raw.entity}, which has no filter (no field with search).` });
  }
  // In the order the spec names them: the first is where the refusal's detail points.
  const paramsOf = (f: FieldModel) => (f.search === 'range' ? [`${f.filterParam}Da`, `${f.filterParam}A`] : [f.filterParam]);
  const params = spec.filters
    ? spec.filters.flatMap((name) => (related.includes(name) ? [name] : filterable.filter((f) => f.name === name).flatMap(paramsOf)))
    : [...filterable.flatMap(paramsOf), ...related];
  // Without a choice, any filter will do, the search over the display fields (?q=) included.
  return { params: spec.filters ? params : [...params, 'q'], message: spec.message };
}
