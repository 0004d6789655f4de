/**
 * Refuses text holding a NUL character (U+0000) in the body, the query or a path parameter: 400
 * VALIDATION_ERROR on that field. PostgreSQL cannot store it in a text column (the insert or the lookup
 * failed with a 500) and SQLite keeps it where most readers cut the text short; no field of the domain
 * has a use for it. Found by the contract fuzzer. Runs after authorization and the schema check.
 */
import type { RequestHandler } from 'express';
import type { RuntimeModel } from '../artifacts.js';
import { isRecord } from '../records.js';
import { ApiError } from './api-error.js';

export function rejectNulCharacters(model: RuntimeModel): RequestHandler {
  return (req, _res, next) => {
    const fields: string[] = [];
    collect(req.body, [], fields);
    collect(req.query, [], fields);
    // express-openapi-validator's request metadata: the path parameters it matched.
    collect('openapi' in req && isRecord(req.openapi) ? req.openapi.pathParams : undefined, [], fields);
    if (!fields.length) { next(); return; }
    next(new ApiError('VALIDATION_ERROR', fields.map((field) => ({ field, message: model.messages.validation.fallback }))));
  };
}

function collect(value: unknown, path: string[], out: string[]): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push(path.join('.') || 'body');
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collect(v, [...path, k], out);
  }
}
