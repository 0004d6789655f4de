/**
 * Fields the server fills (the spec's `readOnly` and `generate` fields: ids, who accepted a movement and when)
 * are in the form's schema with `readOnly: true`, so the form shows them; the API refuses them in a body
 * ('Campo non previsto', docs/spec-language.md#server-set-fields). The form leaves them out of what it sends.
 */
import type { JsonSchema } from './types';

type Schema = JsonSchema & { readOnly?: boolean; properties?: Record<string, Schema>; items?: Schema };

export function withoutServerSet<T>(schema: JsonSchema, data: T): T {
  const s = schema as Schema;
  if (Array.isArray(data)) return (s.items ? data.map((item: unknown) => withoutServerSet(s.items!, item)) : data) as T;
  if (!data || typeof data !== 'object' || !s.properties) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const prop = s.properties[key];
    if (prop?.readOnly) continue;
    out[key] = prop ? withoutServerSet(prop, value) : value;
  }
  return out as T;
}
