/**
 * What the server reads of generated/openapi.json, which reaches it as plain JSON (the generator and
 * redocly check its shape): the path items and the schemas of its components.
 */
import { createHash } from 'node:crypto';
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

const documentKeys = new WeakMap<Record<string, unknown>, string>();

/**
 * A digest of the document's text, made once per document object: what is compiled from a document (its schemas,
 * its validators) is kept under it and shared by the apps of a process that serve an equal document.
 */
export function documentKey(openapi: Record<string, unknown>): string {
  let key = documentKeys.get(openapi);
  if (key === undefined) {
    key = createHash('sha256').update(JSON.stringify(openapi)).digest('base64url');
    documentKeys.set(openapi, key);
  }
  return key;
}
