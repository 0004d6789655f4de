/**
 * An entity's `relatedLists` (docs/spec-language.md#related-lists): each lists rows of an entity that has a
 * list API, linked by fields both sides have, with columns the listed entity has. Fills in what defaults to
 * the listed entity's: its plural label, its list columns, its page size.
 */
import type { EntityModel } from '../../common/model.js';
import { didYouMean } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';

export function checkRelatedLists(entity: EntityModel, byName: ReadonlyMap<string, EntityModel>, report: (path: PathSegment[], message: string) => void): void {
  const parentFields = entity.fields.map((f) => f.name);
  for (const related of entity.relatedLists) {
    const at = (...path: PathSegment[]) => ['relatedLists', related.name, ...path];
    const target = byName.get(related.entity);
    if (!target) {
      report(at('entity'), `Related list '${related.name}' names the unknown entity '${related.entity}'.${didYouMean(related.entity, byName.keys())}`);
      continue;
    }
    if (!target.api.operations.includes('list')) report(at('entity'), `Related list '${related.name}': ${target.name} has no list API (api.operations) to page its rows.`);
    if (!entity.api.operations.includes('get')) report(at(), `Related list '${related.name}': ${entity.name} has no get API, so its rows have no path to list them under.`);
    const targetFields = target.fields.map((f) => f.name);
    for (const [targetField, parentField] of Object.entries(related.link)) {
      if (!targetFields.includes(targetField)) report(at('link', targetField), `Link field '${targetField}' is not a field of ${target.name}.${didYouMean(targetField, targetFields)}`);
      if (!parentFields.includes(parentField)) report(at('link', targetField), `Link value '${parentField}' is not a field of ${entity.name}.${didYouMean(parentField, parentFields)}`);
    }
    related.columns.forEach((c, i) => {
      if (!targetFields.includes(c)) report(at('columns', i), `Column '${c}' is not a field of ${target.name}.${didYouMean(c, targetFields)}`);
    });
    if (!related.label) related.label = target.labelPlural;
    if (!related.columns.length) related.columns = target.list?.columns ?? target.fields.slice(0, 6).map((f) => f.name);
    if (!related.pageSize) related.pageSize = target.api.pageSize;
  }
}
