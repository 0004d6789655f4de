/**
 * Request validation against generated/openapi.json (express-openapi-validator), with every
 * complaint rewritten in Italian: the message a spec field declares for that rule, else the
 * platform default. The validator's own English never reaches a user.
 */
import * as OpenApiValidator from 'express-openapi-validator';
import type { RequestHandler } from 'express';
import type { EntityModel } from '../../common/model.js';
import { fieldAtPath } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { ApiError, type ErrorDetail } from './api-error.js';

export function openApiValidator(openapi: Record<string, unknown>, validateResponses: boolean): RequestHandler[] {
  return OpenApiValidator.middleware({
    apiSpec: openapi as never,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: true, allErrors: true },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    ignoreUndocumented: false,
    validateFormats: true,
  }) as unknown as RequestHandler[];
}

interface ValidatorIssue { path?: string; message?: string; errorCode?: string }
interface ValidatorError { status?: number; errors?: ValidatorIssue[]; message?: string }

/** express-openapi-validator errors carry a status; anything else is not theirs. */
export function isValidatorError(error: unknown): error is ValidatorError {
  const e = error as ValidatorError;
  return typeof e?.status === 'number' && Array.isArray(e.errors);
}

export function translateValidatorError(error: ValidatorError, entity: EntityModel | undefined, model: RuntimeModel): ApiError {
  if (error.status === 404 || error.status === 405) return new ApiError('ROUTE_NOT_FOUND');
  if (error.status === 415) return new ApiError('VALIDATION_ERROR', [{ field: 'body', message: model.messages.validation.fallback }]);
  if (error.status && error.status >= 500) return error as never;
  const details = (error.errors ?? []).map((issue) => toDetail(issue, entity, model));
  return new ApiError('VALIDATION_ERROR', dedupe(details));
}

function toDetail(issue: ValidatorIssue, entity: EntityModel | undefined, model: RuntimeModel): ErrorDetail {
  const defaults = model.messages.validation;
  const keyword = (issue.errorCode ?? '').split('.')[0];
  const [location, ...rest] = (issue.path ?? '').replace(/^\//, '').split(/[/.]/);
  const path = rest.filter(Boolean);
  // The validator already appends the unknown property's name to the path (/body/foo).
  if (keyword === 'additionalProperties') return { field: path.join('.') || location, message: defaults.unknownField };
  const field = location === 'body' && entity ? fieldAtPath(model, entity, path) : undefined;
  const fieldForParam = location !== 'body' && entity ? entity.fields.find((f) => f.name === path[path.length - 1]) : undefined;
  const own = (field ?? fieldForParam)?.messages as Record<string, string> | undefined;
  const message = own?.[keyword] ?? defaults[keyword] ?? defaults.fallback;
  return { field: path.join('.') || location, message: keyword === 'type' && !own && location !== 'body' ? defaults.type : message };
}

function dedupe(details: ErrorDetail[]): ErrorDetail[] {
  const seen = new Set<string>();
  return details.filter((d) => {
    const id = `${d.field}\u0000${d.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
