/**
 * An entity's `groupFilters` (docs/spec-language.md#filters-over-an-enum-group): each names an enum field of the
 * entity and one of its groups, under a query parameter no other filter of the list uses.
 */
import type { EntityModel } from '../../common/model.js';
import { didYouMean } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';

export function checkGroupFilters(entity: EntityModel, report: (path: PathSegment[], message: string) => void): void {
  const taken = new Set(['q', ...entity.fields.filter((f) => f.search).map((f) => f.filterParam), ...(entity.existsFilters ?? []).map((x) => x.param)]);
  for (const filter of entity.groupFilters ?? []) {
    const at = (...path: PathSegment[]) => ['groupFilters', filter.param, ...path];
    if (taken.has(filter.param)) report(at(), `Filter '${filter.param}' has the name of another filter of ${entity.name}.`);
    const field = entity.fields.find((f) => f.name === filter.field);
    if (!field) {
      report(at('field'), `'${filter.field}' is not a field of ${entity.name}.${didYouMean(filter.field, entity.fields.map((f) => f.name))}`);
      continue;
    }
    const groups = Object.keys(field.groups ?? {});
    if (field.type !== 'enum') report(at('field'), `Field '${filter.field}' is a ${field.type}: a group filter reads an enum's groups.`);
    else if (!groups.includes(filter.group)) report(at('group'), `'${filter.group}' is not a group of ${entity.name}.${filter.field} (${groups.join(', ') || 'it has none'}).${didYouMean(filter.group, groups)}`);
  }
}
