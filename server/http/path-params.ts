/**
 * A request's path parameters as text. The document's paths have named segments only ({codAbi}); Express
 * types a parameter as a list too, for its wildcards, which no route here has.
 */
import type { Request } from 'express';

export function pathParams(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.params)) if (typeof value === 'string') out[name] = value;
  return out;
}
