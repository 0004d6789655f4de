/**
 * Related lists (docs/spec-language.md#related-lists): `GET <item>/<name>` pages the listed entity's rows
 * linked to the item, with that entity's own sort and filters (its link fields left out: the path fixes
 * them). The server answers 404 when the item is missing or outside the caller's scope, and applies the
 * caller's scope to the listed rows too, so every level of the path is checked. A listed entity's own
 * related lists are served one level deeper, by its key (`<item>/<name>/{key}/<its list>`).
 */
import { entityByName, type EntityModel, type Model, type RelatedListModel } from '../../common/model.js';
import type { ParameterObject } from './openapi-export.js';
import { filterFields, listParameters } from './openapi.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

export function addRelatedListPaths(
  paths: Record<string, Record<string, unknown>>, entity: EntityModel, model: Model, item: string,
  keyParams: unknown[], common: Record<string, unknown>, keyParam: (entity: EntityModel, field: string) => unknown,
): void {
  for (const related of entity.relatedLists) {
    const target = entityByName(model, related.entity);
    const suffix = capitalized(related.name);
    paths[`${item}/${related.name}`] = {
      parameters: keyParams,
      get: listOperation(target, related, `list${entity.name}${suffix}`, `${related.label} di ${entity.label}`, entity, { 'x-related': related.name }, common, namesOf(keyParams)),
    };
    // Nested by foreign key, one level more (esercenti/{codEser}/negozi/{pdvid}/terminali): the listed row
    // must be linked to the item, and each level in the caller's scope.
    // A key field named like one of the item's (categorie/{codice}/articoli/{codice}) is named after the list.
    const nestedKey = Object.fromEntries(target.key.map((k) => [k, entity.key.includes(k) ? `${related.name}${capitalized(k)}` : k]));
    const nestedItem = `${item}/${related.name}/${target.key.map((k) => `{${nestedKey[k]}}`).join('/')}`;
    const nestedParams = [...keyParams, ...target.key.map((k) => ({ ...objectOf(keyParam(target, k)), name: nestedKey[k] }))];
    for (const inner of target.relatedLists) {
      const listed = entityByName(model, inner.entity);
      paths[`${nestedItem}/${inner.name}`] = {
        parameters: nestedParams,
        get: {
          ...listOperation(listed, inner, `list${entity.name}${suffix}${capitalized(inner.name)}`, `${inner.label} di ${target.label} di ${entity.label}`, entity,
            { 'x-related': related.name, 'x-nested': inner.name }, common, namesOf(nestedParams)),
          'x-nested-key': nestedKey,
        },
      };
    }
  }
}

function listOperation(
  target: EntityModel, related: RelatedListModel, operationId: string, summary: string, parent: EntityModel,
  extensions: Record<string, string>, common: Record<string, unknown>, pathNames: string[],
): Record<string, unknown> {
  const linked = new Set(filterFields(target).filter((f) => f.name in related.link).map((f) => f.filterParam));
  // A filter named like a path parameter (the terminals' codEser under esercenti/{codEser}) is left out: the
  // path fixes it, and one name in both places would be ambiguous.
  const parameters = listParameters(target)
    .filter((p) => !linked.has(p.name) && !pathNames.includes(p.name))
    .map((p): ParameterObject => (p.name === 'size' ? { ...p, schema: { ...objectOf(p.schema), default: related.pageSize } } : p));
  return {
    operationId,
    summary,
    tags: [parent.name],
    'x-access': 'permission',
    // Reading the listed rows is the listed entity's right; the item's scope is checked by the server.
    'x-permission': target.api.permissions.list,
    'x-entity': target.name,
    'x-operation': 'relatedList',
    'x-parent': parent.name,
    ...extensions,
    security: [{ authToken: [] }],
    parameters,
    responses: {
      200: { description: 'Una pagina di risultati', content: { 'application/json': { schema: ref(`${target.name}Page`) } } },
      404: errorResponse('Non trovato'),
      ...common,
    },
  };
}

function namesOf(params: unknown[]): string[] {
  return params.flatMap((p) => {
    const param = objectOf(p);
    const name: unknown = 'name' in param ? Reflect.get(param, 'name') : undefined;
    return typeof name === 'string' ? [name] : [];
  });
}

function capitalized(name: string): string {
  return name[0].toUpperCase() + name.slice(1);
}

function objectOf(value: unknown): object {
  return typeof value === 'object' && value !== null ? value : {};
}
