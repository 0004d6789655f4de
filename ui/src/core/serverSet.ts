/**
 * Fields the server fills (the spec's `readOnly` and `generate` fields: ids, who accepted a movement and when)
 * are in the form's schema with `readOnly: true`, so the form shows them; the API refuses them in a body
 * ('Campo non previsto', docs/spec-language.md#server-set-fields). The form leaves them out of what it sends.
 */
import { isRecord } from './guards';
import { schemaProperties, subSchema, type SchemaNode } from './schemaNodes';
import type { JsonSchema, Row } from './types';

export function withoutServerSet(schema: JsonSchema, data: Row): Row {
  const stripped = strip(schema, data);
  return isRecord(stripped) ? stripped : data;
}

function strip(schema: SchemaNode, data: unknown): unknown {
  if (Array.isArray(data)) {
    const items = subSchema(schema, 'items');
    return items ? data.map((item: unknown) => strip(items, item)) : data;
  }
  const properties = schemaProperties(schema);
  if (!isRecord(data) || !properties) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const prop = properties[key];
    if (prop?.readOnly) continue;
    out[key] = prop ? strip(prop, value) : value;
  }
  return out;
}
