/**
 * Binds every operation of the OpenAPI document: generic ones to the entity service, custom ones to
 * their named handler in server/domain. The document is the route table: paths, operation ids,
 * `x-entity`, `x-operation` and `x-handler` come from it, so no route exists that it lacks. The handlers
 * are looked up by method and document path: server/http/operation-routes.ts runs each one as the last
 * step of its operation's route, so a request is matched once (issue 19: a second router matched every
 * request against all the paths again).
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { holds, type Caller } from '../domain/auth/caller.js';
import type { DomainHandler } from '../domain/handler.js';
import type { EntityHooks } from '../domain/hooks.js';
import { callerOf, tokenOf } from '../http/authorize.js';
import type { DocumentOperation } from '../http/operations.js';
import { pathParams } from '../http/path-params.js';
import { named, present } from '../lookup.js';
import { expectRecord, expectRecords, isRecord } from '../records.js';
import { ifMatchOf, versionOf, withVersion } from './concurrency.js';
import type { RowValidator } from './row-validator.js';
import { EntityService } from './entity-service.js';
import type { FilterParam } from './list-query.js';
import { keyFromPath } from './path-key.js';
import type { ListPage } from './repository.js';
import { enforceRequiredFilter } from './required-filter.js';
import { enforceSearchPeriod } from './search-period.js';
import type { Row } from './row-mapping.js';
import { exportHandlers } from '../exports/routes.js';
import type { ExportWorker } from '../exports/worker.js';
import { isTextFile, sendTextFile } from './text-file.js';
import { fileHandlers } from '../files/file-routes.js';
import { isBinaryFile, sendBinaryFile } from '../files/send-file.js';
import { createFileStore, type FileStore } from '../files/index.js';
import { sessionCookieOf } from '../http/session-cookie.js';
import { textOf } from '../../common/text.js';
import { ApiError } from '../http/api-error.js';
import { runBulkTransition } from './bulk-transition.js';
import { runTransition, type Reauthenticate } from './transition-route.js';
import { exportReport } from '../reports/report-export.js';
import { runCompareReport } from '../reports/report-compare.js';
import { runPeersReport } from '../reports/report-peers.js';
import { runReport } from '../reports/report-route.js';

/** `name`: the child list (childList, childReplace) or the transition (transition) the operation names. */
type Handler = (service: EntityService, req: Request, res: Response, caller: Caller, name?: string) => Promise<void>;

const crud: Partial<Record<string, Handler>> = {
  // A file field's download, check and upload (x-file names the field): server/files/file-routes.ts.
  ...fileHandlers,
  list: async (s, req, res, caller) => {
    if (req.query.format === 'compact' && s.entity.referenceData && !holds(caller, s.entity.api.permissions.list)) {
      res.json(await referenceSearch(s, req, caller));
      return;
    }
    // A compact answer is a reference's type-ahead (?q=), not the search form: it pages whatever it is asked.
    if (req.query.format !== 'compact') {
      enforceRequiredFilter(s.entity, req.query);
      enforceSearchPeriod(s.entity, req.query);
    }
    const page = await s.list(req.query, caller, pathValues(s.entity, req));
    // A compact answer is itself what names rows (a reference input's options): no `_labels` in it.
    res.json(req.query.format === 'compact' ? page : { ...page, results: await s.withLabels(await s.withActionsEach(page.results, caller), caller) });
  },
  // Reads and writes of one row carry its version (ETag); writes of an existing row need it in If-Match.
  // The version is of the row itself: `_actions` depends on who asks and `_labels` on other rows, so both come after.
  get: async (s, req, res, caller) => { res.json(await labelled(s, await s.withActions(withVersion(res, await s.get(keyFromPath(s.entity, req), caller)), caller), caller)); },
  create: async (s, req, res, caller) => { res.status(201).json(await labelled(s, withVersion(res, await s.create(withPathValues(s, req), caller)), caller)); },
  update: async (s, req, res, caller) => { res.json(await labelled(s, withVersion(res, await s.update(keyFromPath(s.entity, req), bodyOf(s, req), caller, { ifMatch: ifMatchOf(req) })), caller)); },
  delete: async (s, req, res, caller) => { await s.delete(keyFromPath(s.entity, req), caller, { ifMatch: ifMatchOf(req) }); res.status(204).end(); },
  // A child list is part of its parent: its version is the parent's, and replacing it needs that.
  childList: async (s, req, res, caller, child) => {
    res.json(withVersion(res, await s.get(keyFromPath(s.entity, req), caller))[present(child, 'x-child of a childList operation')]);
  },
  childReplace: async (s, req, res, caller, child) => {
    const onSaved = (row: Row) => { res.set('ETag', versionOf(row)); };
    // The list as GET <parent>/<child> answered it may come back with its rows' `_labels`: names, not data.
    const name = present(child, 'x-child of a childReplace operation');
    const items = expectRecords(s.withoutLabels({ [name]: expectRecords(req.body, 'The body of a child list') })[name], 'The body of a child list');
    res.json(await s.replaceChildren(keyFromPath(s.entity, req), name, items, caller, { ifMatch: ifMatchOf(req), onSaved }));
  },
};

/** The handler of the operation at `method` (lower case) and `path` (as the document writes it: /filiali/{codAbi}). */
export type OperationHandlers = (method: string, path: string) => RequestHandler | undefined;
/** Each entity's service, made once: the handlers' own (the first paint of a record page reads through it too). */
export type ServiceFor = (entity: string) => EntityService;

export function operationHandlers(
  db: Knex, model: RuntimeModel, operations: DocumentOperation[], paths: Record<string, Record<string, unknown>>,
  domainHandlers: Readonly<Record<string, DomainHandler>>, entityHooks: Readonly<Record<string, EntityHooks>> = {},
  exportWorker?: ExportWorker,
  /** Where file fields keep their files (server/files/); the database store unless the app chose another. */
  files: FileStore = createFileStore(undefined),
  /** Checks the rows of transitions' `insert` effects against the document (server/crud/row-validator.ts). */
  validateRow?: RowValidator,
  /** Checks the caller's own password of a critical operation (server/domain/auth/credentials.ts); none: refused. */
  reauthenticate?: Reauthenticate,
): { handlerOf: OperationHandlers; serviceFor: ServiceFor } {
  const handlers = new Map<string, RequestHandler>();
  const services = new Map<string, EntityService>();
  const serviceFor = (name: string) => {
    let s = services.get(name);
    if (!s) {
      const entity = model.entities.find((e) => e.name === name);
      if (!entity) throw new Error(`Unknown entity ${name}`);
      s = new EntityService(db, model, entity, filterableFields(paths, entity), entityHooks[name], files, serviceFor, validateRow);
      services.set(name, s);
    }
    return s;
  };
  const missing = operations.filter((op) => op.kind === 'custom' && !domainHandlers[op.handler ?? '']);
  if (missing.length) {
    throw new Error(`No handler in server/domain/index.ts for: ${missing.map((op) => `${op.operationId} (handler '${op.handler}')`).join(', ')}`);
  }
  exportWorker?.bind(serviceFor);
  const exports: Partial<ReturnType<typeof exportHandlers>> = exportWorker ? exportHandlers(exportWorker, model, serviceFor) : {};
  // Every operation but the public ones passed authorize(), which found its caller.
  const callerFor = (res: Response) => present(callerOf(res), 'The caller of a non-public operation');
  for (const op of operations) {
    const bind = (handler: RequestHandler) => { handlers.set(`${op.method} ${op.path}`, handler); };
    const entity = op.entity;
    const exportHandler = op.kind ? exports[op.kind] : undefined;
    const crudHandler = op.kind ? crud[op.kind] : undefined;
    if (op.kind === 'custom') {
      const handler = domainHandlers[op.handler ?? ''];
      const customOp = named(model.operations, op.operationId, 'The spec\'s operations');
      bind(async (req, res) => {
        const body = await handler({
          operation: customOp, model, caller: callerOf(res), token: tokenOf(res),
          params: pathParams(req), query: req.query, body: optionalBodyOf(req), service: serviceFor,
          transaction: (work) => db.transaction((trx) => work((name) => serviceFor(name).within(trx))),
        });
        // Login and logout (`session:` in the spec) also write or remove the browser's session cookie.
        if (customOp.session) sessionCookieOf(res).apply(req, res, customOp.session, body);
        if (customOp.response.status === 204) res.status(204).end();
        else if (customOp.response.file === 'text') sendTextFile(res, answered(body, isTextFile, customOp.name));
        else if (customOp.response.file === 'binary') sendBinaryFile(res, answered(body, isBinaryFile, customOp.name));
        else res.status(customOp.response.status).json(body);
      });
    } else if (exportHandler) {
      // Asynchronous exports (server/exports/): the list's query in, a job out; its status and file.
      bind((req, res) => exportHandler(req, res, callerFor(res), entity));
    } else if (op.kind === 'bulkTransition' && entity) {
      const transition = present(op.transition, `x-transition of ${op.operationId}`);
      const mode = present(op.bulk, `x-bulk of ${op.operationId}`);
      bind(async (req, res) => {
        const body = expectRecord(req.body, 'The body of a bulk transition');
        const input = body.input === undefined ? {} : expectRecord(body.input, 'The input of a bulk transition');
        const fixed = pathValues(serviceFor(entity).entity, req);
        const keys = expectRecords(body.keys, 'The keys of a bulk transition').map((k) => ({ ...k, ...fixed }));
        res.json(await runBulkTransition(db, model, serviceFor(entity), transition, mode, keys, input, callerFor(res)));
      });
    } else if (op.kind === 'relatedList' && entity) {
      const parent = present(op.parent, `x-parent of ${op.operationId}`);
      const related = present(op.related, `x-related of ${op.operationId}`);
      const nested = op.nested ? { name: op.nested, key: op.nestedKey ?? {} } : undefined;
      bind(nested
        ? (req, res) => nestedRelatedList(serviceFor(parent), serviceFor, related, nested, req, res, callerFor(res))
        : (req, res) => relatedList(serviceFor(parent), serviceFor(entity), related, req, res, callerFor(res)));
    } else if ((op.kind === 'report' || op.kind === 'reportExport') && entity) {
      const report = named(model.reports, present(op.report, `x-report of ${op.operationId}`), 'The spec\'s reports');
      const filterable = filterableFields(paths, serviceFor(entity).entity, op.operationId);
      // A comparison of two periods answers its own shape (docs/spec-language.md#period-comparison).
      const run = op.kind === 'reportExport' ? exportReport : report.compare ? runCompareReport : runReport;
      // A comparison with peers reads the referenced entity too (docs/spec-language.md#peer-comparison).
      const { peers } = report;
      if (peers && op.kind === 'report') bind((req, res) => runPeersReport(serviceFor(entity), serviceFor(peers.throughEntity), report, filterable, req, res, callerFor(res)));
      else bind((req, res) => run(serviceFor(entity), report, filterable, req, res, callerFor(res)));
    } else if (op.kind === 'transition' && entity) {
      const name = present(op.transition, `x-transition of ${op.operationId}`);
      bind((req, res) => runTransition(db, model, serviceFor(entity), name, req, res, callerFor(res), reauthenticate));
    } else if (entity && crudHandler) {
      bind((req, res) => crudHandler(serviceFor(entity), req, res, callerFor(res), op.child ?? op.transition ?? op.file));
    }
  }
  return { handlerOf: (method, path) => handlers.get(`${method} ${path}`), serviceFor };
}

/** A custom handler's answer, of the shape its operation's `response.file` promises. */
function answered<T>(body: unknown, is: (value: unknown) => value is T, operation: string): T {
  if (!is(body)) throw new Error(`Handler of ${operation} answered no file`);
  return body;
}

/**
 * The list filters the document declares (or a report's, named by its operation): query parameter name and the field it filters (`x-field`, with `x-group` for a
 * yes/no filter over an enum group), or the filter over related rows (`x-exists`).
 */
function filterableFields(paths: Record<string, Record<string, unknown>>, entity: EntityModel, operationId = `list${entity.name}`): FilterParam[] {
  const list = Object.values(paths).map((item) => item.get).find((get) => isRecord(get) && get.operationId === operationId);
  const parameters: unknown[] = isRecord(list) && Array.isArray(list.parameters) ? list.parameters : [];
  return parameters.filter(isRecord).flatMap((p): FilterParam[] => {
    const exists = p['x-exists'];
    if (p.in === 'query' && typeof exists === 'string' && typeof p.name === 'string') return [{ param: p.name, field: exists, exists: true }];
    const field = p['x-field'];
    const range = p['x-range'];
    const group = p['x-group'];
    if (p.in !== 'query' || typeof field !== 'string' || !field || typeof p.name !== 'string') return [];
    return [{ param: p.name, field, ...(range === 'from' || range === 'to' ? { range } : {}), ...(typeof group === 'string' ? { group } : {}) }];
  });
}

/**
 * A related list (docs/spec-language.md#related-lists): the item must be in the caller's scope (404
 * otherwise, as its GET), then the listed rows linked to it, in the caller's scope on their entity too.
 */
async function relatedList(parent: EntityService, listed: EntityService, name: string, req: Request, res: Response, caller: Caller): Promise<void> {
  const related = named(parent.entity.relatedLists, name, `${parent.entity.name} related lists`);
  const item = await parent.find(keyFromPath(parent.entity, req), caller);
  if (!item) throw new ApiError('NOT_FOUND');
  const fixed = Object.fromEntries(Object.entries(related.link).map(([field, parentField]) => [field, item[parentField]]));
  const page = await listed.list(req.query, caller, fixed);
  res.json({ ...page, results: await listed.withLabels(await listed.withActionsEach(page.results, caller), caller) });
}

/**
 * A related list one level down (`esercenti/{codEser}/negozi/{pdvid}/terminali`): the item in the caller's
 * scope, the middle row in the caller's scope and linked to the item (404 otherwise: a store of another
 * merchant is not found under this one), then the rows linked to the middle row, in scope too.
 */
async function nestedRelatedList(
  parent: EntityService, serviceFor: (name: string) => EntityService, name: string, nested: { name: string; key: Record<string, string> },
  req: Request, res: Response, caller: Caller,
): Promise<void> {
  const related = named(parent.entity.relatedLists, name, `${parent.entity.name} related lists`);
  const middle = serviceFor(related.entity);
  const inner = named(middle.entity.relatedLists, nested.name, `${middle.entity.name} related lists`);
  const item = await parent.find(keyFromPath(parent.entity, req), caller);
  if (!item) throw new ApiError('NOT_FOUND');
  const row = await middle.find(keyFromPath(middle.entity, req, nested.key), caller);
  const linked = row && Object.entries(related.link).every(([field, parentField]) => textOf(row[field]) === textOf(item[parentField]));
  if (!row || !linked) throw new ApiError('NOT_FOUND');
  const listed = serviceFor(inner.entity);
  const fixed = Object.fromEntries(Object.entries(inner.link).map(([field, middleField]) => [field, row[middleField]]));
  const page = await listed.list(req.query, caller, fixed);
  res.json({ ...page, results: await listed.withLabels(await listed.withActionsEach(page.results, caller), caller) });
}

/**
 * The search of public reference data by a caller without its list permission (authorize.ts let it through):
 * by name only (`q`, paged), answering the key and display fields, never the other fields nor their filters.
 */
async function referenceSearch(s: EntityService, req: Request, caller: Caller): Promise<ListPage> {
  const { q, page, size } = req.query;
  const found = await s.list({ format: 'compact', ...(q !== undefined ? { q } : {}), ...(page !== undefined ? { page } : {}), ...(size !== undefined ? { size } : {}) }, caller, pathValues(s.entity, req));
  const fields = [...new Set([...s.entity.key, ...s.entity.display])];
  return { ...found, results: found.results.map((r) => Object.fromEntries(fields.map((f) => [f, r[f]]))) };
}

/** One row as `GET` answers it to `caller`, without its version: with `_actions` and `_labels`. */
export async function rowAsAnswered(s: EntityService, key: Row, caller: Caller): Promise<Row> {
  return labelled(s, await s.withActions(await s.get(key, caller), caller), caller);
}

/** One row with `_labels` (docs/spec-language.md#references). */
async function labelled(s: EntityService, row: Row, caller: Caller): Promise<Row> {
  const [out] = await s.withLabels([row], caller);
  return out;
}

/** The body of a create or update; the `_labels` a GET answered (the row's, its child rows'), sent back with the row, are not data. */
function bodyOf(s: EntityService, req: Request): Row {
  // A row read with GET may come back with what the server said of it for this caller (`_actions`, `_readOnly`): not data.
  const { _actions: _allowed, _readOnly: _locked, ...body } = expectRecord(req.body, 'The request body');
  return s.withoutLabels(body);
}

/** The body of an operation that may have none (a transition without input, a custom GET). */
function optionalBodyOf(req: Request): Row {
  const body: unknown = req.body;
  return body === undefined || body === null ? {} : expectRecord(body, 'The request body');
}

/** Key values named in a scoped collection path (gruppi/{groupName}/ruoli). */
function pathValues(entity: EntityModel, req: Request): Row {
  // A collection's path names the leading key fields only.
  const params: Partial<Record<string, string>> = pathParams(req);
  return Object.fromEntries(entity.key.filter((k) => params[k] !== undefined).map((k) => [k, params[k]]));
}

function withPathValues(s: EntityService, req: Request): Row {
  const fixed = pathValues(s.entity, req);
  const body = bodyOf(s, req);
  const mismatched = Object.keys(fixed).filter((k) => body[k] !== undefined && textOf(body[k]) !== textOf(fixed[k]));
  if (mismatched.length) throw s.keyMismatch(mismatched);
  return { ...body, ...fixed };
}
