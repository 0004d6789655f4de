/**
 * An entity's `relatedLists` (docs/spec-language.md#related-lists): each lists rows of an entity that has a
 * list API, linked by fields both sides have, with columns the listed entity has. Fills in what defaults to
 * the listed entity's: its plural label, its list columns, its page size.
 */
import type { EntityModel, RelatedListModel } from '../../common/model.js';
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
    if (related.tabs) checkTabs(related.tabs, target, (path, message) => { report(at(...path), message); });
  }
  checkRouteExtras(entity, byName, report);
}

type Tabs = NonNullable<RelatedListModel['tabs']>;

function checkTabs(tabs: Tabs, target: EntityModel, report: (path: PathSegment[], message: string) => void): void {
  const targetFields = target.fields.map((f) => f.name);
  if (!Object.keys(tabs.params).length) tabs.params = Object.fromEntries(target.key.map((k) => [k, k]));
  for (const [param, field] of Object.entries(tabs.params)) {
    if (!targetFields.includes(field)) report(['tabParams', param], `Tab parameter '${param}' names '${field}', not a field of ${target.name}.${didYouMean(field, targetFields)}`);
  }
  const missing = target.key.filter((k) => !Object.values(tabs.params).includes(k));
  if (missing.length) report(['tabParams'], `tabParams must hold the key of ${target.name}, so a link reopens the same tab: add ${missing.map((k) => `${k}: ${k}`).join(', ')}.`);
  if (tabs.pageParam in tabs.params) report(['pageParam'], `pageParam '${tabs.pageParam}' is also a tab parameter: give the page its own name.`);
  if (!tabs.label) tabs.label = target.display.map((f) => `{${f}}`).join(' - ');
  for (const [, name] of tabs.label.matchAll(/\{(\w+)\}/g)) {
    if (!targetFields.includes(name)) report(['tabLabel'], `tabLabel names '{${name}}', not a field of ${target.name}.${didYouMean(name, targetFields)}`);
  }
}

/** The route parameters tabs of this record may fill: its own tab lists' and, nested, their entities'. */
function tabRouteParams(entity: EntityModel, byName: ReadonlyMap<string, EntityModel>, depth: number): string[] {
  return entity.relatedLists.flatMap((related) => {
    const target = byName.get(related.entity);
    if (!target || !related.tabs) return [];
    const params = Object.keys(related.tabs.params).length ? Object.keys(related.tabs.params) : target.key;
    return [...params, related.tabs.pageParam, ...(depth > 0 ? tabRouteParams(target, byName, depth - 1) : [])];
  });
}

/** A form route's parameters after the key must be tab parameters of its related lists (two levels). */
function checkRouteExtras(entity: EntityModel, byName: ReadonlyMap<string, EntityModel>, report: (path: PathSegment[], message: string) => void): void {
  if (!entity.form) return;
  const extras = [...entity.form.route.matchAll(/:([A-Za-z0-9_]+)\??/g)].map((m) => m[1]).slice(entity.key.length);
  const known = tabRouteParams(entity, byName, 1);
  for (const param of extras) {
    if (!known.includes(param)) report(['form', 'route'], `Form route parameter :${param} is not a tab parameter of ${entity.name}'s related lists (tabParams, pageParam).${didYouMean(param, known)}`);
  }
}
