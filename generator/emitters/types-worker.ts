/**
 * The types emitter's compiling, in a worker thread (emitters/types.ts starts it): json-schema-to-typescript over
 * each entity's row and input schema, openapi-typescript over the API document. It is most of a generation's
 * time (TypeScript's compiler is loaded for the printing alone), so it runs on the second core while the main
 * thread reads the spec's other artifacts. Plain data in, text out; it imports no project module, so Node can
 * start it from this file as it is (type stripping) under any loader.
 */
import { parentPort } from 'node:worker_threads';
import { Config } from '@redocly/openapi-core';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { astToString, resolveRef, scanDiscriminators, transformSchema, type GlobalContext, type OpenAPI3 } from 'openapi-typescript';

/** One named schema to compile into an interface (titles already removed: they would name nested types). */
export interface NamedSchema { name: string; schema: JSONSchema }
/** The entity schemas to compile, and the API document (JSON text) when its types are wanted too. */
export interface TypesJob { id: number; schemas: NamedSchema[]; openapi?: string }
export type TypesAnswer = { id: number; ok: true; interfaces: string[]; api: string } | { id: number; ok: false; error: string };

export async function compileTypes(job: Omit<TypesJob, 'id'>): Promise<{ interfaces: string[]; api: string }> {
  const interfaces: string[] = [];
  for (const { name, schema } of job.schemas) {
    interfaces.push(await compile({ ...schema, title: name }, name, {
      bannerComment: '', additionalProperties: false, format: false, strictIndexSignatures: true,
    }));
  }
  if (job.openapi === undefined) return { interfaces, api: '' };
  const document: unknown = JSON.parse(job.openapi);
  if (!isOpenApi3(document)) throw new Error('the API document is not an OpenAPI 3 document');
  return { interfaces, api: astToString(transformSchema(document, openapiContext(document))) };
}

function isOpenApi3(value: unknown): value is OpenAPI3 {
  return typeof value === 'object' && value !== null && 'openapi' in value && typeof value.openapi === 'string' && value.openapi.startsWith('3.');
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

const port = parentPort;
port?.on('message', (job: TypesJob) => {
  compileTypes(job).then(
    (done) => { port.postMessage({ id: job.id, ok: true, ...done } satisfies TypesAnswer); },
    (e: unknown) => { port.postMessage({ id: job.id, ok: false, error: e instanceof Error ? e.stack ?? e.message : String(e) } satisfies TypesAnswer); },
  );
});
