/**
 * Shapes a row from the API (or the output of the field rules) to what the form's JSON Schema accepts:
 * properties the create body does not declare are dropped (the GET answer may carry more than the body),
 * and a null on a property that does not allow null is removed rather than failing as "wrong type".
 */
import type { JsonSchema } from './types';

type Schema = JsonSchema & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: unknown;
  unevaluatedProperties?: unknown;
};

function resolve(schema: Schema | undefined, root: Schema): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 20; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    let target: unknown = root;
    for (const part of ref.slice(2).split('/')) {
      target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    current = target as Schema | undefined;
  }
  return current;
}

/** Own properties plus those of `allOf` branches, where generators often put inherited fields. */
function propertiesOf(schema: Schema, root: Schema): Record<string, Schema> | undefined {
  let props: Record<string, Schema> | undefined = schema.properties ? { ...schema.properties } : undefined;
  for (const branch of schema.allOf ?? []) {
    const resolved = resolve(branch, root);
    if (resolved?.properties) props = { ...(props ?? {}), ...resolved.properties };
  }
  return props;
}

function allowsNull(schema: Schema | undefined, root: Schema): boolean {
  const s = resolve(schema, root);
  if (!s) return true;
  if (s.type === undefined && !s.anyOf && !s.oneOf) return true;
  if (s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some((branch) => allowsNull(branch, root));
}

function fit(value: unknown, schema: Schema | undefined, root: Schema): unknown {
  const s = resolve(schema, root);
  if (!s || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return s.items ? value.map((item) => fit(item, s.items, root)) : value;
  const props = propertiesOf(s, root);
  // Without declared properties, or with extra properties allowed, there is nothing safe to drop.
  if (!props) return value;
  // Extra properties are dropped unless the schema asks for them: the body we send back is the create body.
  const keepUnknown = s.additionalProperties === true;
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
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

export function fitToSchema<T extends Record<string, unknown>>(schema: JsonSchema, data: T): T {
  return fit(data, schema, schema) as T;
}
