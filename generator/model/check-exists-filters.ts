/**
 * An entity's `existsFilters` (docs/spec-language.md#filters-over-related-rows): each searches an entity that
 * exists, linked by fields both sides have, on a field the searched entity can find without a full scan (its
 * key's first field or an index's first field). Fills in the label, which defaults to the searched field's.
 */
import type { EntityModel } from '../../common/model.js';
import { didYouMean } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';

export function checkExistsFilters(entity: EntityModel, byName: ReadonlyMap<string, EntityModel>, report: (path: PathSegment[], message: string) => void): void {
  const ownFields = entity.fields.map((f) => f.name);
  for (const filter of entity.existsFilters ?? []) {
    const at = (...path: PathSegment[]) => ['existsFilters', filter.param, ...path];
    if (ownFields.some((f) => entity.fields.find((x) => x.name === f)?.filterParam === filter.param) || filter.param === 'q') {
      report(at(), `Filter '${filter.param}' has the name of another filter of ${entity.name}.`);
    }
    const target = byName.get(filter.entity);
    if (!target) {
      report(at('entity'), `Filter '${filter.param}' names the unknown entity '${filter.entity}'.${didYouMean(filter.entity, byName.keys())}`);
      continue;
    }
    const targetFields = target.fields.map((f) => f.name);
    for (const [theirs, own] of Object.entries(filter.link)) {
      if (!targetFields.includes(theirs)) report(at('link', theirs), `Link field '${theirs}' is not a field of ${target.name}.${didYouMean(theirs, targetFields)}`);
      if (!ownFields.includes(own)) report(at('link', theirs), `Link value '${own}' is not a field of ${entity.name}.${didYouMean(own, ownFields)}`);
    }
    const field = target.fields.find((f) => f.name === filter.field);
    if (!field) {
      report(at('field'), `'${filter.field}' is not a field of ${target.name}.${didYouMean(filter.field, targetFields)}`);
      continue;
    }
    const leading = [target.key[0], ...target.indexes.map((ix) => ix.fields[0])];
    if (!leading.includes(field.name)) {
      report(at('field'), `${target.name}.${field.name} leads no index: searching it would read the whole table. Add 'indexes: [{ fields: [${field.name}] }]' to ${target.name}.`);
    }
    if (!filter.label) filter.label = field.label;
  }
}
