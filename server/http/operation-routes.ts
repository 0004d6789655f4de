/**
 * Finds the operation of generated/openapi.json a request calls, then runs the steps before the handlers in
 * the order security needs: authorize() as soon as the operation is known, the body readers next, the
 * schema check last, so an anonymous or unauthorized caller gets 401/403 and learns nothing about what a
 * valid request looks like.
 *
 * The match is Express's own router, each path compiled once at start, one router per first segment of the
 * path (`/filiali/...`): Express tries a router's routes one by one, so a single router of the whole document
 * made every request try up to its 200 routes, a cost that grew with the spec (issue 19: a seventh of a get's
 * CPU). The request check is
 * express-openapi-validator through its public options, one instance per path of the document (the
 * library compiles every path of its document on each request until one matches: given one path, that
 * lookup is a single match). A request no operation takes is 404 ROUTE_NOT_FOUND, as before, and never
 * reaches authorize(). The operation's own handler (server/crud/routes.ts) is the last step of its route: the
 * request is matched once, not again by a router of the handlers.
 */
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express';
import { isRecord, textAt } from '../records.js';
import { ApiError } from './api-error.js';
import { documentPaths } from './openapi-document.js';
import { HTTP_METHODS } from './operations.js';
import { ResponseSlot } from './response-slot.js';

/** What the steps and handlers read of the operation a request calls. */
export interface OperationSchema {
  operationId?: string;
  'x-access'?: string;
  'x-permission'?: string;
  /** The operation's permissions when any of several lets the caller through, x-permission first (spec `permissions: { update: [A, B] }`). */
  'x-permissions-any'?: string[];
  'x-field-permissions'?: string[];
  /** Permissions that govern some rows in place of x-permission (spec `rowPermissions`): the service checks the row. */
  'x-row-permissions'?: string[];
  /** A list of public reference data: its compact search needs a session only (authorize.ts). */
  'x-reference-data'?: boolean;
  'x-operation'?: string;
  'x-entity'?: string;
  'x-file'?: string;
  /** The `many` child a childList or childReplace operation is about. */
  'x-child'?: string;
  /** The document's `requestBody.required`: an empty body is refused, not read as `{}` (json-body.ts). */
  bodyRequired?: boolean;
}

const matchedOperation = new ResponseSlot<OperationSchema>('The operation (operationRoutes)');
/** The path parameters as the route matched them: the request check may coerce them (an integer parameter). */
const matchedParams = new ResponseSlot<Request['params']>('The path parameters (operationRoutes)');

/** The operation the request calls, once operationRoutes() has matched it. */
export function operationOf(res: Response): OperationSchema | undefined {
  return matchedOperation.get(res);
}

/** The fields of OperationSchema an operation object of the document has, with their types. */
function operationSchema(op: Record<string, unknown>): OperationSchema {
  const fieldPermissions = op['x-field-permissions'];
  const rowPermissions = op['x-row-permissions'];
  const anyOf = op['x-permissions-any'];
  const schema: OperationSchema = {};
  for (const key of ['operationId', 'x-access', 'x-permission', 'x-operation', 'x-entity', 'x-file', 'x-child'] as const) {
    const value = textAt(op, key);
    if (value !== undefined) schema[key] = value;
  }
  if (Array.isArray(fieldPermissions)) schema['x-field-permissions'] = fieldPermissions.filter((p) => typeof p === 'string');
  if (Array.isArray(anyOf)) schema['x-permissions-any'] = anyOf.filter((p) => typeof p === 'string');
  if (Array.isArray(rowPermissions)) schema['x-row-permissions'] = rowPermissions.filter((p) => typeof p === 'string');
  if (op['x-reference-data'] === true) schema['x-reference-data'] = true;
  const body = op.requestBody;
  if (typeof body === 'object' && body !== null && 'required' in body && body.required === true) schema.bodyRequired = true;
  return schema;
}

/**
 * `before`: the steps between the match and the request check (authorize, the body readers); `after`: the
 * steps between the check and the handler; `handlerOf`: the operation's handler by method and document path.
 */
export function operationRoutes(
  openapi: Record<string, unknown>, before: RequestHandler[], validatorFor: (path: string) => RequestHandler[],
  after: RequestHandler[], handlerOf: (method: string, path: string) => RequestHandler | undefined,
): Router {
  // generated/openapi.json, checked by the generator and by redocly (npm run lint:api).
  const paths = documentPaths(openapi);
  const bySegment = new Map<string, Router>();
  let anySegment: Router | undefined;
  for (const path of documentOrder(Object.keys(paths))) {
    const item = paths[path];
    const checks = [...before, ...validatorFor(path), ...after];
    // A path that starts with a parameter could be any first segment: tried after the segment's own routes.
    const segment = path.startsWith('/{') ? undefined : firstSegment(path);
    const routes = (segment === undefined ? anySegment : bySegment.get(segment)) ?? express.Router();
    if (segment === undefined) anySegment = routes;
    else bySegment.set(segment, routes);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      const handler = handlerOf(method, path) ?? unbound;
      routes[method](expressPath(path), matched(method, operationSchema(operation)), ...checks, restoreParams, handler);
    }
  }
  // Each router ends in a step of its own: one that ran out of layers would answer OPTIONS itself, listing methods.
  const notFound: RequestHandler = (_req, _res, next) => next(new ApiError('ROUTE_NOT_FOUND'));
  for (const routes of bySegment.values()) routes.use(anySegment ?? notFound);
  anySegment?.use(notFound);
  const router = express.Router();
  router.use((req, res, next) => {
    const routes = bySegment.get(firstSegment(req.path)) ?? anySegment;
    if (routes) routes(req, res, next);
    else next();
  });
  router.use(notFound);
  // A path parameter that is not valid percent-encoding names no resource. The router decodes the parameters
  // when it matches, before any step: a URIError of a handler (an operation was matched) is its own error.
  const undecodable: ErrorRequestHandler = (error, _req, res, next) => next(error instanceof URIError && !operationOf(res) ? new ApiError('ROUTE_NOT_FOUND') : error);
  router.use(undecodable);
  return router;
}

function matched(method: string, operation: OperationSchema): RequestHandler {
  return (req, res, next) => {
    // Express answers HEAD with the GET route; the document declares no HEAD.
    if (req.method.toLowerCase() !== method) { next(new ApiError('ROUTE_NOT_FOUND')); return; }
    matchedOperation.set(res, operation);
    matchedParams.set(res, { ...req.params });
    next();
  };
}

/** The handlers read the path parameters as text, as the route matched them. */
const restoreParams: RequestHandler = (req, res, next) => {
  req.params = matchedParams.require(res);
  next();
};

/** An operation of the document that no handler serves: as a path no operation takes. */
const unbound: RequestHandler = (_req, _res, next) => next(new ApiError('ROUTE_NOT_FOUND'));

/** `filiali` of /filiali/{codAbi}/{cab}, in lower case: Express matches paths regardless of case. */
function firstSegment(path: string): string {
  return (path.split('/', 2)[1] ?? '').toLowerCase();
}

function expressPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** A fixed segment before a parameter in the same place (OpenAPI: /banche/esportazioni before /banche/{codAbi}). */
function documentOrder(paths: string[]): string[] {
  const rank = (path: string) => path.split('/').map((segment) => (segment.startsWith('{') ? '1' : '0')).join('');
  return [...paths].sort((a, b) => rank(a).localeCompare(rank(b)));
}
