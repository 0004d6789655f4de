/**
 * What an emitter writes for a model, read back as the JSON the API and the UI load, so a generator test
 * reads any path of a document the way they do and a wrong path fails at its expectation. The emitters'
 * declared types say only "a file" and "a record" (buildOpenApi), nothing of the document's shape.
 */
import type { Model } from '../../common/model.js';
import type { EmitContext, Emitter } from '../../generator/emitters/emitter.js';
import { buildOpenApi } from '../../generator/emitters/openapi.js';

function unused(method: string): never {
  throw new Error(`the emitter called ctx.${method}: these tests expect one that reads only the model`);
}

/** The context of an emitter that reads only the model (forms, openapi): it has nothing to ask it. */
const modelOnly: EmitContext = {
  render: () => unused('render'),
  existing: () => unused('existing'),
  now: () => unused('now'),
  report: () => unused('report'),
  positionOf: () => unused('positionOf'),
};

/** The file `path` that `emitter` writes for `model`, parsed. */
export async function emittedJson(emitter: Emitter, model: Model, path: string) {
  const file = (await emitter.emit(model, modelOnly)).find((f) => f.path === path);
  if (!file) throw new Error(`the ${emitter.name} emitter wrote no ${path}`);
  return JSON.parse(file.content);
}

/** The OpenAPI document of `model` as generated/openapi.json holds it. */
export function openApiJson(model: Model) {
  return JSON.parse(JSON.stringify(buildOpenApi(model)));
}
