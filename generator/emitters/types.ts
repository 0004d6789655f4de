/**
 * TypeScript types for server, UI and tests: one interface per entity row and input
 * (json-schema-to-typescript) and the `paths`/`components` of the API (openapi-typescript).
 */
import { compile } from 'json-schema-to-typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import type { Model } from '../../common/model.js';
import { inputSchema, isJsonObject, rowSchema, type JsonSchema } from '../shapes/entity-schema.js';
import type { Emitter, EmitContext } from './emitter.js';
import { buildOpenApi } from './openapi.js';

export const typesEmitter: Emitter = {
  name: 'types',
  emit: async (model, ctx) => [
    { path: 'types/entities.ts', content: await entityTypes(model, ctx) },
    { path: 'types/api.ts', content: await apiTypes(model, ctx) },
  ],
};

async function entityTypes(model: Model, ctx: EmitContext): Promise<string> {
  const parts = [ctx.render('types-header', { source: 'spec/', description: 'One interface per entity: the row the API returns and the body it accepts.' })];
  for (const entity of model.entities) {
    parts.push(await compileNamed(rowSchema(entity, model, true), entity.name));
    parts.push(await compileNamed(inputSchema(entity, model), `${entity.name}Input`));
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

async function compileNamed(schema: JsonSchema, name: string): Promise<string> {
  return compile({ ...withoutTitles(schema), title: name }, name, {
    bannerComment: '', additionalProperties: false, format: false, strictIndexSignatures: true,
  });
}

/**
 * json-schema-to-typescript turns every titled sub-schema into a named interface; a child entity
 * would then be declared twice (inside its parent and on its own). Titles are labels, not type names.
 */
function withoutTitles(schema: JsonSchema): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== 'title').map(([k, v]) => [k, k === 'default' || k === 'enum' ? v : valueWithoutTitles(v)]));
}

function valueWithoutTitles(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(valueWithoutTitles);
  return isJsonObject(value) ? withoutTitles(value) : value;
}

async function apiTypes(model: Model, ctx: EmitContext): Promise<string> {
  // As JSON text, which openapi-typescript parses as it would generated/openapi.json: the document is built of
  // plain records, looser than the library's OpenAPI3 type.
  const ast = await openapiTS(JSON.stringify(buildOpenApi(model)), { alphabetize: true });
  const header = ctx.render('types-header', { source: 'generated/openapi.json', description: 'Paths and schemas of the API (openapi-typescript).' });
  return `${header}\n${astToString(ast)}`;
}
