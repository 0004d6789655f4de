/**
 * Request validation against generated/openapi.json (express-openapi-validator), with every
 * complaint rewritten in Italian: the message a spec field declares for that rule, else the
 * platform default. The validator's own English never reaches a user.
 */
import * as OpenApiValidator from 'express-openapi-validator';
import express, { type RequestHandler, type Router } from 'express';
import { AJV_NAMED_FORMATS, formatMessage } from '../../common/named-formats.js';
import type { ChildModel, CustomOperationModel, EntityModel, FieldModel } from '../../common/model.js';
import { fieldAtPath } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { isRecord, recordAt } from '../records.js';
import { ApiError, type ErrorDetail } from './api-error.js';
import { documentKey, documentPaths, documentSchemas } from './openapi-document.js';

/** The document the validator takes. Its 3.1 type requires `webhooks`, which OpenAPI 3.1 makes optional. */
type ValidatorDocument = Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'];

/**
 * The request (and, in tests, response) check of each path of the document: express-openapi-validator on a
 * document holding that path alone and the schemas it refers to (server/http/operation-routes.ts says why).
 */
export function pathValidators(openapi: Record<string, unknown>, validateResponses: boolean): (path: string) => RequestHandler[] {
  const validators = keptFor(`${String(validateResponses)}\u0000${documentKey(openapi)}`);
  return (path) => [(req, res, next) => {
    // Made at the path's first request: each instance compiles its path's schemas as soon as it exists, and a
    // server (a test's above all) calls few of its paths. That every schema compiles is a property of the
    // committed document, checked by tests/server/openapi-schemas.test.ts, not again at each start (a third of it).
    keptValidator(validators, openapi, path, validateResponses)(req, res, next);
  }];
}

function keptValidator(validators: Map<string, Router>, openapi: Record<string, unknown>, path: string, validateResponses: boolean): Router {
  let kept = validators.get(path);
  if (!kept) {
    kept = express.Router({ mergeParams: true }).use(pathValidator(openapi, path, validateResponses));
    validators.set(path, kept);
  }
  return kept;
}

/**
 * The validators of each document already compiled in this process, by its text and options. Compiling them all
 * takes seconds of CPU (each instance compiles the schemas of its path), and a test run starts hundreds of apps
 * on the same few documents. Shared safely: an instance keeps only what it compiled from the document; what it
 * learns of a request goes on the request. The one thing it does per app (app.param for its path parameters,
 * on the first request) concerns the app's own routes, and the operations are routes of a router
 * (operation-routes.ts restores the parameters as matched).
 */
const keptValidators = new Map<string, Map<string, Router>>();
const KEPT_DOCUMENTS = 8;

function keptFor(key: string): Map<string, Router> {
  const kept = keptValidators.get(key) ?? new Map<string, Router>();
  keptValidators.delete(key);
  keptValidators.set(key, kept); // Map order is the least recently used first
  const oldest = keptValidators.keys().next();
  if (keptValidators.size > KEPT_DOCUMENTS && !oldest.done) keptValidators.delete(oldest.value);
  return kept;
}

function pathValidator(openapi: Record<string, unknown>, path: string, validateResponses: boolean): RequestHandler[] {
  return OpenApiValidator.middleware({
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- JSON that redocly checks (npm run lint:api); the 3.1 type wrongly requires webhooks
    apiSpec: documentOfPath(openapi, path) as ValidatorDocument,
    // Path and query values are text and always converted to the declared type (the library does so whatever this
    // says); a JSON body is taken as typed: with coercion a `null` sent for a required number became 0 and "12"
    // became 12, so an API client could store what the form never sends.
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false, allErrors: true },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    // Security is authorize()'s (server/http/authorize.ts), before this check.
    validateSecurity: false,
    ignoreUndocumented: false,
    validateFormats: true,
    // 'full', not the library's default 'fast' (a regex): 2023-02-29 or 2024-01-01T25:00:00Z are not
    // dates, and reached the database (PostgreSQL refused them with a 500). Found by the contract fuzzer.
    ajvFormats: { mode: 'full' },
    // The spec language's named formats (format: iban...), as every other Ajv of the product has them.
    formats: AJV_NAMED_FORMATS,
    // File uploads (multipart) are read by server/files/upload-parser.ts instead, after authorize() and with
    // each file field's own size limit; the library's uploader would read them with one limit for all and
    // a 413 where the spec wants 400 with its message.
    fileUploader: false,
  });
}

/** The document with one path, and of its schemas only those that path reaches through $ref. */
function documentOfPath(openapi: Record<string, unknown>, path: string): Record<string, unknown> {
  const paths = documentPaths(openapi);
  const components = recordAt(openapi, 'components');
  const all = documentSchemas(openapi);
  const reached: Record<string, unknown> = {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) { value.forEach(visit); return; }
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      const name = key === '$ref' && typeof inner === 'string' ? inner.match(/^#\/components\/schemas\/(.+)$/)?.[1] : undefined;
      if (name !== undefined && !(name in reached)) {
        reached[name] = all[name];
        visit(all[name]);
      } else visit(inner);
    }
  };
  visit(paths[path]);
  return { ...openapi, paths: { [path]: paths[path] }, components: { ...components, schemas: reached } };
}

interface ValidatorIssue { path?: string; message?: string; errorCode?: string }
interface ValidatorError { status?: number; errors?: ValidatorIssue[]; message?: string }

/** express-openapi-validator errors carry a status; anything else is not theirs. */
export function isValidatorError(error: unknown): error is ValidatorError {
  return isRecord(error) && typeof error.status === 'number' && Array.isArray(error.errors);
}

/** What an error's message is looked up in: a spec field, or a `many` child list (its minItems, maxItems). */
export type MessageSource = Pick<FieldModel, 'format'> & { messages: Partial<Record<string, string>> };

/** Finds the spec field (or child list) an error is about: `location` is body, query, path or headers. */
export type FieldResolver = (location: string, path: string[]) => MessageSource | undefined;

/** Fields of an entity operation: the body walks into children; parameters are the entity's fields. */
export function entityFields(model: RuntimeModel, entity: EntityModel | undefined): FieldResolver {
  return (location, path) => {
    if (!entity) return undefined;
    if (location !== 'body') return entity.fields.find((f) => f.name === path[path.length - 1]);
    return fieldAtPath(model, entity, path) ?? childListAt(model, entity, path);
  };
}

/** The `many` child a body path ends at (`titolari`, `group.x` is a field), as the source of its list's messages. */
function childListAt(model: RuntimeModel, entity: EntityModel, path: string[]): MessageSource | undefined {
  const [head, ...rest] = path.filter((s) => !/^\d+$/.test(s));
  const child = entity.children.find((c) => c.name === head);
  if (!child) return undefined;
  if (rest.length === 0) return child.kind === 'many' ? childList(model, child) : undefined;
  const childEntity = model.entities.find((e) => e.name === child.entity);
  return childEntity ? childListAt(model, childEntity, rest) : undefined;
}

/**
 * A list's messages: its bounds' own, and for anything else (a text where the list belongs) the general
 * one; the type message ('Campo numerico') is for numbers only. A create that leaves out a list with minItems
 * (which the document requires) hears the list's minItems message, as it did when the service refused it.
 */
export function childList(model: RuntimeModel, child: ChildModel): MessageSource {
  const required = child.messages?.minItems;
  return { messages: { type: model.messages.validation.fallback, ...(required ? { required } : {}), ...child.messages } };
}

/** Fields of a custom operation: its declared body, query and path parameters. */
export function operationFields(op: CustomOperationModel): FieldResolver {
  return (location, path) => {
    const list = location === 'body' ? op.body : location === 'query' ? op.query : location === 'path' ? op.params : undefined;
    return list?.find((f) => f.name === path[0]);
  };
}

/** The value a request sent at a validator path (`body`, `query`... then the path inside), as sent. */
export type ValueResolver = (location: string, path: string[]) => unknown;

export function requestValues(req: { body?: unknown; query?: unknown; params?: unknown }): ValueResolver {
  return (location, path) => {
    let value: unknown = location === 'body' ? req.body : location === 'query' ? req.query : location === 'path' ? req.params : undefined;
    for (const segment of path) value = Array.isArray(value) ? value[Number(segment)] : isRecord(value) ? value[segment] : undefined;
    return value;
  };
}

export function translateValidatorError(error: ValidatorError, fieldAt: FieldResolver, model: RuntimeModel, valueAt: ValueResolver = () => undefined): ApiError {
  if (error.status === 404 || error.status === 405) return new ApiError('ROUTE_NOT_FOUND');
  if (error.status === 415) return new ApiError('VALIDATION_ERROR', [{ field: 'body', message: model.messages.validation.fallback }]);
  // The error handler keeps the library's own failures (5xx) for itself; none reaches here.
  if (error.status && error.status >= 500) return new ApiError('INTERNAL_ERROR');
  // A write without If-Match is 428 whatever else is wrong with it (server/crud/concurrency.ts).
  if ((error.errors ?? []).some((i) => /^\/headers\/if-match$/i.test(i.path ?? '') && (i.errorCode ?? '').startsWith('required'))) return new ApiError('VERSION_REQUIRED');
  const details = (error.errors ?? []).map((issue) => toDetail(issue, fieldAt, model, valueAt));
  return new ApiError('VALIDATION_ERROR', dedupe(details));
}

function toDetail(issue: ValidatorIssue, fieldAt: FieldResolver, model: RuntimeModel, valueAt: ValueResolver): ErrorDetail {
  const defaults = model.messages.validation;
  // messages.yaml requires the common messages (fallback, format, type...); a keyword of the validator's may have none.
  const byKeyword: Partial<Record<string, string>> = defaults;
  const keyword = (issue.errorCode ?? '').split('.')[0];
  const [location, ...rest] = (issue.path ?? '').replace(/^\//, '').split(/[/.]/);
  const path = rest.filter(Boolean);
  // The validator already appends the unknown property's name to the path (/body/foo).
  if (keyword === 'additionalProperties') return { field: path.join('.') || location, message: defaults.unknownField };
  const field = fieldAt(location, path);
  const own = field?.messages;
  // A named format says why the value fails (a wrong IBAN check letter is 'BBAN non valido').
  if (own && keyword === 'format' && field.format) {
    return { field: path.join('.') || location, message: formatMessage(field.format, valueAt(location, path), own) ?? defaults.format };
  }
  // A field has messages for its own keywords only; the validator may report any (oneOf, const).
  if (own) return { field: path.join('.') || location, message: new Map(Object.entries(own)).get(keyword) ?? byKeyword[keyword] ?? defaults.fallback };
  // Not a spec field: a child object, the whole body, or a paging parameter (page, size: numbers).
  const numericParam = location === 'query' && keyword === 'type' && ['page', 'size'].includes(path[0]);
  const message = keyword === 'type' ? (numericParam ? defaults.type : defaults.fallback) : byKeyword[keyword] ?? defaults.fallback;
  return { field: path.join('.') || location, message: withLimit(message, issue) };
}

/**
 * The platform's bound messages ("Numero minimo di elementi: {limit}") on a list no spec field describes (a
 * bulk transition's keys): the bound is the one number in the validator's own text ("must NOT have fewer
 * than 1 items"). A spec list's messages are filled by the generator.
 */
function withLimit(message: string, issue: ValidatorIssue): string {
  if (!message.includes('{limit}')) return message;
  const bound = /\d+/.exec(issue.message ?? '')?.[0];
  return bound === undefined ? message.replace(/:?\s*\{limit\}/, '') : message.replace('{limit}', bound);
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
