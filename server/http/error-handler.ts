/**
 * Last stop of every API request: a known ApiError becomes its status and Italian body; anything
 * unexpected is logged with its stack and answered with the generic message, never the stack.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { RuntimeModel } from '../artifacts.js';
import { ApiError, type ErrorBody } from './api-error.js';
import { isValidatorError, translateValidatorError, type FieldResolver } from './validation.js';

export function errorHandler(model: RuntimeModel, fieldsOf: (operationId: string | undefined) => FieldResolver): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let apiError: ApiError | undefined;
    if (error instanceof ApiError) apiError = error;
    else if (isValidatorError(error) && (error.status ?? 500) < 500) {
      const operationId = (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;
      apiError = translateValidatorError(error, fieldsOf(operationId), model);
    } else if (isBodyParserRefusal(error)) {
      // express.json refused the body (malformed, over the 1mb limit, unknown charset, bad gzip): the
      // client's mistake, so 400 in Italian, not a 500 (a body over the limit was a 500, found by the fuzzer).
      const message = error.type === 'entity.too.large' ? model.messages.validation.maxLength : model.messages.validation.fallback;
      apiError = new ApiError('VALIDATION_ERROR', [{ field: 'body', message }]);
    }
    if (!apiError) {
      console.error(`[${new Date().toISOString()}] ${req.method} ${req.originalUrl} failed:`, error);
      apiError = new ApiError('INTERNAL_ERROR');
    }
    const body: ErrorBody = {
      errorMessage: model.messages.errors[apiError.code] ?? model.messages.errors.INTERNAL_ERROR,
      code: apiError.code,
      details: apiError.details,
    };
    if (apiError.headers) res.set(apiError.headers);
    res.status(apiError.status).json(body);
  };
}

/** body-parser's refusals: a 4xx status with a `type` (entity.too.large, ...) or, from zlib, `expose`. */
function isBodyParserRefusal(error: unknown): error is { type?: string; status: number } {
  const e = error as { type?: unknown; status?: unknown; expose?: unknown };
  return typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && (typeof e.type === 'string' || e.expose === true);
}

export const routeNotFound: RequestHandler = (_req, _res, next) => next(new ApiError('ROUTE_NOT_FOUND'));
