/**
 * Reading the OpenAPI document a test app runs on (`app.artifacts.openapi`, plain JSON to the server),
 * through the server's own readers so a test does not restate the document's shape.
 */
import { documentPaths } from '../../server/http/openapi-document.js';
import { isRecord } from '../../server/records.js';

/** The operation object of `method path` (`post`, `/categorie`); throws naming it when the document has none. */
export function documentOperation(openapi: Record<string, unknown>, method: string, path: string): Record<string, unknown> {
  const paths: Partial<ReturnType<typeof documentPaths>> = documentPaths(openapi);
  const operation = paths[path]?.[method];
  if (!isRecord(operation)) throw new Error(`the document has no ${method} ${path}`);
  return operation;
}
