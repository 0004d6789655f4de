/**
 * Empty slots of a `many` child list (spec `dropEmpty`, docs/spec-language.md#children; seed 002 §5 "up to 6
 * recipient slots, empty ones removed on save"): an item whose named fields are all empty (absent, null or only
 * spaces) is taken out of the body before the request is checked, so a form's blank slot is neither refused as a
 * missing or malformed value nor saved; minItems and maxItems then count what is left.
 */
import type { RequestHandler } from 'express';
import type { EntityModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import { isRecord } from '../records.js';
import { operationOf } from './operation-routes.js';

const BODY_OPERATIONS = new Set(['create', 'update']);

export function dropEmptyItems(model: RuntimeModel): RequestHandler {
  return (req, res, next) => {
    const op = operationOf(res);
    const entity = op?.['x-entity'] ? model.entities.find((e) => e.name === op['x-entity']) : undefined;
    if (!entity || !op) { next(); return; }
    if (op['x-operation'] === 'childReplace') {
      const child = entity.children.find((c) => c.name === op['x-child']);
      if (child?.dropEmpty && Array.isArray(req.body)) req.body = withoutEmpty(req.body, child.dropEmpty);
    } else if (BODY_OPERATIONS.has(op['x-operation'] ?? '') && isRecord(req.body)) {
      req.body = dropInBody(req.body, entity);
    }
    next();
  };
}

function dropInBody(body: Record<string, unknown>, entity: EntityModel): Record<string, unknown> {
  const out = { ...body };
  for (const child of entity.children) {
    const items = out[child.name];
    if (child.dropEmpty && Array.isArray(items)) out[child.name] = withoutEmpty(items, child.dropEmpty);
  }
  return out;
}

function withoutEmpty(items: unknown[], fields: readonly string[]): unknown[] {
  return items.filter((item) => !isRecord(item) || fields.some((f) => !isEmpty(item[f])));
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
