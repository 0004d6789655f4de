/**
 * What the server reads of generated/openapi.json, which reaches it as plain JSON (the generator and
 * redocly check its shape): the path items and the schemas of its components.
 */
import { expectRecord, isRecord, recordAt } from '../records.js';

/** Each path of the document with its item (the operations by method, and their parameters). */
export function documentPaths(openapi: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(expectRecord(openapi.paths, 'openapi.json paths'))) {
    if (isRecord(item)) out[path] = item;
  }
  return out;
}

/** components.schemas, by name ({} when the document has none). */
export function documentSchemas(openapi: Record<string, unknown>): Record<string, unknown> {
  return recordAt(openapi.components, 'schemas') ?? {};
}
