/**
 * Related lists (docs/spec-language.md#related-lists): `GET <item>/<name>` pages the listed entity's rows
 * linked to the item, with that entity's own sort and filters (its link fields left out: the path fixes
 * them). The server answers 404 when the item is missing or outside the caller's scope, and applies the
 * caller's scope to the listed rows too, so every level of the path is checked.
 */
import { entityByName, type EntityModel, type Model } from '../../common/model.js';
import type { ParameterObject } from './openapi-export.js';
import { filterFields, listParameters } from './openapi.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

export function addRelatedListPaths(
  paths: Record<string, Record<string, unknown>>, entity: EntityModel, model: Model, item: string,
  keyParams: unknown[], common: Record<string, unknown>,
): void {
  for (const related of entity.relatedLists) {
    const target = entityByName(model, related.entity);
    const linked = new Set(filterFields(target).filter((f) => f.name in related.link).map((f) => f.filterParam));
    const parameters = listParameters(target)
      .filter((p) => !linked.has(p.name))
      .map((p): ParameterObject => (p.name === 'size' ? { ...p, schema: { ...objectOf(p.schema), default: related.pageSize } } : p));
    const suffix = related.name[0].toUpperCase() + related.name.slice(1);
    paths[`${item}/${related.name}`] = {
      parameters: keyParams,
      get: {
        operationId: `list${entity.name}${suffix}`,
        summary: `${related.label} di ${entity.label}`,
        tags: [entity.name],
        'x-access': 'permission',
        // Reading the listed rows is the listed entity's right; the item's scope is checked by the server.
        'x-permission': target.api.permissions.list,
        'x-entity': target.name,
        'x-operation': 'relatedList',
        'x-parent': entity.name,
        'x-related': related.name,
        security: [{ authToken: [] }],
        parameters,
        responses: {
          200: { description: 'Una pagina di risultati', content: { 'application/json': { schema: ref(`${target.name}Page`) } } },
          404: errorResponse('Non trovato'),
          ...common,
        },
      },
    };
  }
}

function objectOf(value: unknown): object {
  return typeof value === 'object' && value !== null ? value : {};
}
