/**
 * Last stop of every API request: a known ApiError becomes its status and Italian body; anything
 * unexpected is logged with its stack and answered with the generic message, never the stack.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { RuntimeModel } from '../artifacts.js';
import { ApiError, fillMessage, type ErrorBody } from './api-error.js';
import { operationOf } from './operation-routes.js';
import { isValidatorError, requestValues, translateValidatorError, type FieldResolver } from './validation.js';
import { loggableError } from '../db/loggable-error.js';
import { isRecord } from '../records.js';

export function errorHandler(model: RuntimeModel, fieldsOf: (operationId: string | undefined) => FieldResolver): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let apiError: ApiError | undefined;
    if (error instanceof ApiError) apiError = error;
    else if (isValidatorError(error) && (error.status ?? 500) < 500) {
      const operationId = operationOf(res)?.operationId;
      apiError = translateValidatorError(error, fieldsOf(operationId), model, requestValues(req));
    } else if (isBodyParserRefusal(error)) {
      // express.json refused the body (malformed, over the size limit, unknown charset, bad gzip): the
      // client's mistake, so a 4xx in Italian, not a 500 (a body over the limit was a 500, found by the fuzzer).
      apiError = error.type === 'entity.too.large'
        ? new ApiError('BODY_TOO_LARGE')
        : new ApiError('VALIDATION_ERROR', [{ field: 'body', message: model.messages.validation.fallback }]);
    }
    if (!apiError) {
      // The operation, not the URL: a path or query can carry a credential (a single-sign-on assertion).
      const where = operationOf(res)?.operationId ?? req.path;
      console.error(`[${new Date().toISOString()}] ${req.method} ${where} failed: ${loggableError(error)}`);
      apiError = new ApiError('INTERNAL_ERROR');
    }
    const body: ErrorBody = {
      errorMessage: apiError.errorMessage ?? fillMessage(model.messages.errors[apiError.code] ?? model.messages.errors.INTERNAL_ERROR, apiError.values),
      code: apiError.code,
      details: apiError.details,
    };
    if (apiError.headers) res.set(apiError.headers);
    res.status(apiError.status).json(body);
  };
}

/** body-parser's refusals: a 4xx status with a `type` (entity.too.large, ...) or, from zlib, `expose`. */
function isBodyParserRefusal(error: unknown): error is { type?: string; status: number } {
  return isRecord(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500 && (typeof error.type === 'string' || error.expose === true);
}

export const routeNotFound: RequestHandler = (_req, _res, next) => next(new ApiError('ROUTE_NOT_FOUND'));
