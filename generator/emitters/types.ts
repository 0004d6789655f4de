/**
 * TypeScript types for server, UI and tests: one interface per entity row and input
 * (json-schema-to-typescript) and the `paths`/`components` of the API (openapi-typescript).
 */
import { Config } from '@redocly/openapi-core';
import { compile } from 'json-schema-to-typescript';
import { astToString, resolveRef, scanDiscriminators, transformSchema, type GlobalContext, type OpenAPI3 } from 'openapi-typescript';
import type { Model } from '../../common/model.js';
import { inputSchema, isJsonObject, rowSchema, type JsonSchema } from '../shapes/entity-schema.js';
import type { Emitter, EmitContext } from './emitter.js';
import { buildOpenApi } from './openapi.js';

export const typesEmitter: Emitter = {
  name: 'types',
  emit: async (model, ctx) => [
    { path: 'types/entities.ts', content: await entityTypes(model, ctx) },
    { path: 'types/api.ts', content: apiTypes(model, ctx) },
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

function apiTypes(model: Model, ctx: EmitContext): string {
  // Through JSON text, as openapi-typescript would read generated/openapi.json: the document is built of plain
  // records, looser than the library's OpenAPI3 type.
  const document: unknown = JSON.parse(JSON.stringify(buildOpenApi(model)));
  if (!isOpenApi3(document)) throw new Error('buildOpenApi did not build an OpenAPI 3 document');
  const header = ctx.render('types-header', { source: 'generated/openapi.json', description: 'Paths and schemas of the API (openapi-typescript).' });
  return `${header}\n${astToString(transformSchema(document, openapiContext(document)))}`;
}

function isOpenApi3(value: unknown): value is OpenAPI3 {
  return isJsonObject(value) && typeof value.openapi === 'string' && value.openapi.startsWith('3.');
}

/**
 * What `openapiTS(text, { alphabetize: true })` does after its Redocly pass, which lints the document with the
 * `minimal` rules and bundles its external references: ours has none, and `npm run lint:api` lints it with
 * redocly.yaml's stricter rules. Skipping that pass takes a third of a generation's time; the output is the same.
 */
function openapiContext(document: OpenAPI3): GlobalContext {
  return {
    additionalProperties: false, alphabetize: true, arrayLength: false, defaultNonNullable: true,
    discriminators: scanDiscriminators(document, {}), emptyObjectsUnknown: false, enum: false, enumValues: false,
    conditionalEnums: false, dedupeEnums: false, excludeDeprecated: false, exportType: false, immutable: false,
    rootTypes: false, rootTypesNoSchemaPrefix: false, rootTypesKeepCasing: false, injectFooter: [], pathParamsAsTypes: false,
    postTransform: undefined, propertiesRequiredByDefault: false, silent: false, transform: undefined, transformProperty: undefined,
    makePathsEnum: false, generatePathParams: false, readWriteMarkers: false, inject: undefined,
    // Read by no transform: it is the configuration of the Redocly pass skipped here.
    redoc: new Config({ apis: {}, styleguide: {} }),
    resolve: ($ref) => resolveRef(document, $ref, { silent: false }),
  };
}
