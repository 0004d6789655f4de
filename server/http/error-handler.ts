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
    } else if ((error as { type?: string }).type === 'entity.parse.failed') {
      apiError = new ApiError('VALIDATION_ERROR', [{ field: 'body', message: model.messages.validation.fallback }]);
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
    res.status(apiError.status).json(body);
  };
}

export const routeNotFound: RequestHandler = (_req, _res, next) => next(new ApiError('ROUTE_NOT_FOUND'));
