/**
 * Reading a form's JSON Schema (FormDef.schema: an open object handed to rjsf as it is) node by node: each
 * keyword the shell walks is checked for the shape it needs, so a node without it reads as absent.
 */
import { isRecord } from './guards';

export type SchemaNode = Record<string, unknown>;

/** The sub-schemas under `properties`, by name; undefined when the node declares none. */
export function schemaProperties(node: SchemaNode): Partial<Record<string, SchemaNode>> | undefined {
  const properties = node.properties;
  if (!isRecord(properties)) return undefined;
  return Object.fromEntries(Object.entries(properties).filter((entry): entry is [string, SchemaNode] => isRecord(entry[1])));
}

/** The sub-schema of a keyword that holds one (`items`). */
export function subSchema(node: SchemaNode, keyword: string): SchemaNode | undefined {
  const found = node[keyword];
  return isRecord(found) ? found : undefined;
}

/** The sub-schemas of a keyword that holds a list of them (`anyOf`, `oneOf`, `allOf`). */
export function subSchemas(node: SchemaNode, keyword: string): SchemaNode[] {
  const found = node[keyword];
  return Array.isArray(found) ? found.filter(isRecord) : [];
}
