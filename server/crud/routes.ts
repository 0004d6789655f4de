/**
 * Binds every operation of the OpenAPI document to the generic entity service. The document is the
 * route table: paths, operation ids and `x-entity` come from it, so no route exists that it lacks.
 */
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import type { EntityModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { EntityService } from './entity-service.js';
import type { FilterParam } from './list-query.js';
import type { Row } from './row-mapping.js';

type Handler = (service: EntityService, req: Request, res: Response, childName?: string) => Promise<void>;

const handlers: Record<string, Handler> = {
  list: async (s, req, res) => { res.json(await s.list(req.query as Record<string, unknown>)); },
  get: async (s, req, res) => { res.json(await s.get(keyFrom(s.entity, req))); },
  create: async (s, req, res) => { res.status(201).json(await s.create(req.body as Row)); },
  update: async (s, req, res) => { res.json(await s.update(keyFrom(s.entity, req), req.body as Row)); },
  delete: async (s, req, res) => { await s.delete(keyFrom(s.entity, req)); res.status(204).end(); },
  childList: async (s, req, res, child) => { res.json(await s.listChildren(keyFrom(s.entity, req), child!)); },
  childReplace: async (s, req, res, child) => { res.json(await s.replaceChildren(keyFrom(s.entity, req), child!, req.body as Row[])); },
};

export interface OperationBinding { operationId: string; entity: EntityModel; kind: string; child?: string; permission: string }

export function crudRouter(db: Knex, model: RuntimeModel, bindings: OperationBinding[], paths: Record<string, Record<string, unknown>>): Router {
  const router = Router();
  const services = new Map<string, EntityService>();
  const serviceFor = (entity: EntityModel) => {
    let s = services.get(entity.name);
    if (!s) {
      s = new EntityService(db, model, entity, filterableFields(paths, entity));
      services.set(entity.name, s);
    }
    return s;
  };
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const operationId = (op as { operationId?: string }).operationId;
      const binding = bindings.find((b) => b.operationId === operationId);
      if (!binding) continue;
      const handler = handlers[binding.kind];
      (router as unknown as Record<string, (p: string, h: (req: Request, res: Response) => Promise<void>) => void>)[method](
        path.replace(/\{([^}]+)\}/g, ':$1'),
        (req, res) => handler(serviceFor(binding.entity), req, res, binding.child),
      );
    }
  }
  return router;
}

/** The list filters the document declares: query parameter name and the field it filters (`x-field`). */
function filterableFields(paths: Record<string, Record<string, unknown>>, entity: EntityModel): FilterParam[] {
  const list = paths[`/${entity.api.path}`]?.get as { parameters?: { name: string; in: string; 'x-field'?: string }[] } | undefined;
  return (list?.parameters ?? []).filter((p) => p['x-field']).map((p) => ({ param: p.name, field: p['x-field']! }));
}

function keyFrom(entity: EntityModel, req: Request): Row {
  return Object.fromEntries(entity.key.map((k) => {
    const field = entity.fields.find((f) => f.name === k)!;
    const raw = (req.params as Record<string, string>)[k];
    return [k, field.type === 'integer' ? Number(raw) : raw];
  }));
}
