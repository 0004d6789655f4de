/**
 * Shapes a row from the API (or the output of the field rules) to what the form's JSON Schema accepts:
 * properties the create body does not declare are dropped (the GET answer may carry more than the body),
 * and a null on a property that does not allow null is removed rather than failing as "wrong type".
 */
import { isRecord } from './guards';
import { schemaProperties, subSchema, subSchemas, type SchemaNode } from './schemaNodes';
import type { JsonSchema, Row } from './types';

function resolve(schema: SchemaNode | undefined, root: SchemaNode): SchemaNode | undefined {
  let current = schema;
  for (let hops = 0; hops < 20; hops++) {
    const ref = current?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return current;
    let target: unknown = root;
    for (const part of ref.slice(2).split('/')) {
      target = isRecord(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    }
    current = isRecord(target) ? target : undefined;
  }
  return current;
}

/** Own properties plus those of `allOf` branches, where generators often put inherited fields. */
function propertiesOf(schema: SchemaNode, root: SchemaNode): Partial<Record<string, SchemaNode>> | undefined {
  let props = schemaProperties(schema);
  for (const branch of subSchemas(schema, 'allOf')) {
    const resolved = resolve(branch, root);
    const inherited = resolved && schemaProperties(resolved);
    if (inherited) props = { ...(props ?? {}), ...inherited };
  }
  return props;
}

function allowsNull(schema: SchemaNode | undefined, root: SchemaNode): boolean {
  const s = resolve(schema, root);
  if (!s) return true;
  if (s.type === undefined && !s.anyOf && !s.oneOf) return true;
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  return [...subSchemas(s, 'anyOf'), ...subSchemas(s, 'oneOf')].some((branch) => allowsNull(branch, root));
}

function fit(value: unknown, schema: SchemaNode | undefined, root: SchemaNode): unknown {
  const s = resolve(schema, root);
  if (!s) return value;
  if (Array.isArray(value)) {
    const items = subSchema(s, 'items');
    return items ? value.map((item: unknown) => fit(item, items, root)) : value;
  }
  if (!isRecord(value)) return value;
  const props = propertiesOf(s, root);
  // Without declared properties, or with extra properties allowed, there is nothing safe to drop.
  if (!props) return value;
  // Extra properties are dropped unless the schema asks for them: the body we send back is the create body.
  const keepUnknown = s.additionalProperties === true;
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value)) {
    const propSchema = props[name];
    if (!propSchema) {
      if (keepUnknown) out[name] = v;
      continue;
    }
    if (v === null && !allowsNull(propSchema, root)) continue;
    if (v === undefined) continue;
    out[name] = fit(v, propSchema, root);
  }
  return out;
}

export function fitToSchema(schema: JsonSchema, data: Row): Row {
  const fitted = fit(data, schema, schema);
  return isRecord(fitted) ? fitted : data;
}
