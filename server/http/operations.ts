/** The operations of the OpenAPI document, each with the entity, kind and permission it declares. */
import type { EntityModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import type { OperationBinding } from '../crud/routes.js';

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface DocumentOperation { method: string; path: string; operationId: string; permission?: string; entity?: string; kind?: string; child?: string }

export function documentOperations(openapi: Record<string, unknown>): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(openapi.paths as Record<string, Record<string, Record<string, string>>>)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      out.push({ method, path, operationId: op.operationId, permission: op['x-permission'], entity: op['x-entity'], kind: op['x-operation'], child: op['x-child'] });
    }
  }
  return out;
}

export function operationBindings(openapi: Record<string, unknown>, model: RuntimeModel): OperationBinding[] {
  const byName = new Map<string, EntityModel>(model.entities.map((e) => [e.name, e]));
  return documentOperations(openapi)
    .filter((op) => op.entity && op.kind)
    .map((op) => ({ operationId: op.operationId, entity: byName.get(op.entity!)!, kind: op.kind!, permission: op.permission ?? '', ...(op.child ? { child: op.child } : {}) }));
}
