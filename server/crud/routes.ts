/**
 * Binds every operation of the OpenAPI document: generic ones to the entity service, custom ones to
 * their named handler in server/domain. The document is the route table: paths, operation ids,
 * `x-entity`, `x-operation` and `x-handler` come from it, so no route exists that it lacks.
 */
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import type { Caller } from '../domain/auth/caller.js';
import type { DomainHandler } from '../domain/handler.js';
import type { EntityHooks } from '../domain/hooks.js';
import type { DocumentOperation } from '../http/operations.js';
import { ifMatchOf, versionOf, withVersion } from './concurrency.js';
import { EntityService } from './entity-service.js';
import type { FilterParam } from './list-query.js';
import type { Row } from './row-mapping.js';
import { exportHandlers } from '../exports/routes.js';
import type { ExportWorker } from '../exports/worker.js';
import { sendTextFile } from './text-file.js';
import { fileHandlers } from '../files/file-routes.js';
import { sendBinaryFile, type BinaryFile } from '../files/send-file.js';
import { createFileStore, type FileStore } from '../files/index.js';
import { sessionCookieOf } from '../http/session-cookie.js';

/** `name`: the child list (childList, childReplace) or the transition (transition) the operation names. */
type Handler = (service: EntityService, req: Request, res: Response, caller: Caller, name?: string) => Promise<void>;

const crud: Record<string, Handler> = {
  // A file field's download, check and upload (x-file names the field): server/files/file-routes.ts.
  ...fileHandlers,
  list: async (s, req, res, caller) => { res.json(await s.list(req.query, caller, pathValues(s.entity, req))); },
  // Reads and writes of one row carry its version (ETag); writes of an existing row need it in If-Match.
  // The version is of the row itself: `_actions` depends on who asks, so it is added after.
  get: async (s, req, res, caller) => { res.json(await s.withActions(withVersion(res, await s.get(keyFrom(s.entity, req), caller)), caller)); },
  create: async (s, req, res, caller) => { res.status(201).json(withVersion(res, await s.create(withPathValues(s, req), caller))); },
  update: async (s, req, res, caller) => { res.json(withVersion(res, await s.update(keyFrom(s.entity, req), req.body as Row, caller, { ifMatch: ifMatchOf(req) }))); },
  delete: async (s, req, res, caller) => { await s.delete(keyFrom(s.entity, req), caller, { ifMatch: ifMatchOf(req) }); res.status(204).end(); },
  // A child list is part of its parent: its version is the parent's, and replacing it needs that.
  childList: async (s, req, res, caller, child) => { res.json(withVersion(res, await s.get(keyFrom(s.entity, req), caller))[child!]); },
  // A state-machine transition (x-transition names it); If-Match is optional: the state itself guards the row.
  transition: async (s, req, res, caller, name) => {
    const onSaved = (row: Row) => { res.set('ETag', versionOf(row)); };
    const options = { ...(req.header('If-Match') ? { ifMatch: ifMatchOf(req) } : {}), onSaved };
    res.json(await s.transition(keyFrom(s.entity, req), name!, caller, options, (req.body ?? {}) as Row));
  },
  childReplace: async (s, req, res, caller, child) => {
    const onSaved = (row: Row) => { res.set('ETag', versionOf(row)); };
    res.json(await s.replaceChildren(keyFrom(s.entity, req), child!, req.body as Row[], caller, { ifMatch: ifMatchOf(req), onSaved }));
  },
};

export function apiRouter(
  db: Knex, model: RuntimeModel, operations: DocumentOperation[], paths: Record<string, Record<string, unknown>>,
  domainHandlers: Readonly<Record<string, DomainHandler>>, entityHooks: Readonly<Record<string, EntityHooks>> = {},
  exportWorker?: ExportWorker,
  /** Where file fields keep their files (server/files/); the database store unless the app chose another. */
  files: FileStore = createFileStore(undefined),
): Router {
  const router = Router();
  const services = new Map<string, EntityService>();
  const serviceFor = (name: string) => {
    let s = services.get(name);
    if (!s) {
      const entity = model.entities.find((e) => e.name === name);
      if (!entity) throw new Error(`Unknown entity ${name}`);
      s = new EntityService(db, model, entity, filterableFields(paths, entity), entityHooks[name], files);
      services.set(name, s);
    }
    return s;
  };
  const missing = operations.filter((op) => op.kind === 'custom' && !domainHandlers[op.handler ?? '']);
  if (missing.length) {
    throw new Error(`No handler in server/domain/index.ts for: ${missing.map((op) => `${op.operationId} (handler '${op.handler}')`).join(', ')}`);
  }
  exportWorker?.bind(serviceFor);
  const exports = exportWorker ? exportHandlers(exportWorker, model, serviceFor) : {};
  const bind = router as unknown as Record<string, (p: string, h: (req: Request, res: Response) => Promise<void>) => void>;
  for (const op of [...operations].sort((a, b) => literalFirst(a.path, b.path))) {
    const path = op.path.replace(/\{([^}]+)\}/g, ':$1');
    if (op.kind === 'custom') {
      const handler = domainHandlers[op.handler!];
      const customOp = model.operations.find((o) => o.name === op.operationId)!;
      bind[op.method](path, async (req, res) => {
        const body = await handler({
          operation: customOp, model, caller: res.locals.caller as Caller | undefined, token: (res.locals.token ?? res.locals.presentedToken) as string | undefined,
          params: req.params as Record<string, string>, query: req.query, body: (req.body ?? {}) as Row, service: serviceFor,
          transaction: (work) => db.transaction((trx) => work((name) => serviceFor(name).within(trx))),
        });
        // Login and logout (`session:` in the spec) also write or remove the browser's session cookie.
        if (customOp.session) sessionCookieOf(res).apply(req, res, customOp.session, body);
        if (customOp.response.status === 204) res.status(204).end();
        else if (customOp.response.file === 'text') sendTextFile(res, body as { fileName: string; content: string });
        else if (customOp.response.file === 'binary') sendBinaryFile(res, body as BinaryFile);
        else res.status(customOp.response.status).json(body);
      });
    } else if (op.kind && exports[op.kind]) {
      // Asynchronous exports (server/exports/): the list's query in, a job out; its status and file.
      const handler = exports[op.kind];
      bind[op.method](path, (req, res) => handler(req, res, res.locals.caller as Caller, op.entity));
    } else if (op.entity && op.kind && crud[op.kind]) {
      const handler = crud[op.kind];
      bind[op.method](path, (req, res) => handler(serviceFor(op.entity!), req, res, res.locals.caller as Caller, op.child ?? op.transition ?? op.file));
    }
  }
  return router;
}

/** Express matches in registration order: /users/me must come before /users/{username}. */
function literalFirst(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const ap = as[i].startsWith('{');
    const bp = bs[i].startsWith('{');
    if (ap !== bp) return ap ? 1 : -1;
    if (as[i] !== bs[i]) return as[i] < bs[i] ? -1 : 1;
  }
  return as.length - bs.length;
}

/** The list filters the document declares: query parameter name and the field it filters (`x-field`). */
function filterableFields(paths: Record<string, Record<string, unknown>>, entity: EntityModel): FilterParam[] {
  const collection = Object.entries(paths).find(([, item]) => (item.get as { operationId?: string } | undefined)?.operationId === `list${entity.name}`)?.[1];
  const list = collection?.get as { parameters?: { name: string; in: string; 'x-field'?: string; 'x-range'?: 'from' | 'to' }[] } | undefined;
  return (list?.parameters ?? []).filter((p) => p.in === 'query' && p['x-field'])
    .map((p) => ({ param: p.name, field: p['x-field']!, ...(p['x-range'] ? { range: p['x-range'] } : {}) }));
}

function keyFrom(entity: EntityModel, req: Request): Row {
  return Object.fromEntries(entity.key.map((k) => {
    const field = entity.fields.find((f) => f.name === k)!;
    const raw = (req.params as Record<string, string>)[k];
    return [k, field.type === 'integer' ? Number(raw) : raw];
  }));
}

/** Key values named in a scoped collection path (gruppi/{groupName}/ruoli). */
function pathValues(entity: EntityModel, req: Request): Row {
  return Object.fromEntries(entity.key.filter((k) => (req.params as Record<string, string>)[k] !== undefined).map((k) => [k, (req.params as Record<string, string>)[k]]));
}

function withPathValues(s: EntityService, req: Request): Row {
  const fixed = pathValues(s.entity, req);
  const body = req.body as Row;
  const mismatched = Object.keys(fixed).filter((k) => body[k] !== undefined && String(body[k]) !== String(fixed[k]));
  if (mismatched.length) throw s.keyMismatch(mismatched);
  return { ...body, ...fixed };
}
