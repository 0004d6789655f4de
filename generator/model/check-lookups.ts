/**
 * Lookup fields (docs/spec-language.md#lookups): the listed entity exists and has a list API to offer its
 * rows, and every field `value`, `filterBy` and `fill` name exists on its side. Fills in `value`, which
 * defaults to the listed entity's key.
 */
import type { EntityModel } from '../../common/model.js';
import { didYouMean } from '../diagnostics.js';
import type { PathSegment } from '../load/source-file.js';

export function checkLookups(entity: EntityModel, byName: ReadonlyMap<string, EntityModel>, report: (path: PathSegment[], message: string) => void): void {
  const own = entity.fields.map((f) => f.name);
  for (const field of entity.fields) {
    const lookup = field.lookup;
    if (!lookup) continue;
    const at = (...path: PathSegment[]) => ['fields', field.name, 'lookup', ...path];
    const target = byName.get(lookup.entity);
    if (!target) {
      report(at('entity'), `Lookup of '${field.name}' names the unknown entity '${lookup.entity}'.${didYouMean(lookup.entity, byName.keys())}`);
      continue;
    }
    if (!target.api.operations.includes('list')) report(at('entity'), `Lookup of '${field.name}': ${target.name} has no list API (api.operations) to offer its rows.`);
    if (target.key.length !== 1 && !lookup.value) report(at(), `Lookup of '${field.name}': ${target.name} has a composite key; say which of its fields the value is (value:).`);
    const theirs = target.fields.map((f) => f.name);
    const theirField = (name: string, path: PathSegment[]) => {
      if (!theirs.includes(name)) report(path, `'${name}' is not a field of ${target.name}.${didYouMean(name, theirs)}`);
    };
    const ownField = (name: string, path: PathSegment[]) => {
      if (!own.includes(name)) report(path, `'${name}' is not a field of ${entity.name}.${didYouMean(name, own)}`);
    };
    if (lookup.value) theirField(lookup.value, at('value'));
    else lookup.value = target.key[0];
    for (const [theirName, ownName] of Object.entries(lookup.filterBy)) {
      theirField(theirName, at('filterBy', theirName));
      ownField(ownName, at('filterBy', theirName));
      // The select asks the list for the matching rows: the field must be one of its filters.
      const filterable = target.fields.find((f) => f.name === theirName)?.search !== undefined || (target.list?.filters ?? []).includes(theirName);
      if (theirs.includes(theirName) && !filterable) report(at('filterBy', theirName), `Lookup of '${field.name}': ${target.name}.${theirName} is not a filter of its list (search: or list.filters).`);
    }
    for (const [ownName, theirName] of Object.entries(lookup.fill)) { ownField(ownName, at('fill', ownName)); theirField(theirName, at('fill', ownName)); }
  }
}
