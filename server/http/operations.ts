/** The operations of the OpenAPI document, each with the entity, kind and permission it declares. */
import { entityFields, operationFields, type FieldResolver } from './validation.js';
import type { RuntimeModel } from '../artifacts.js';

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface DocumentOperation {
  method: string; path: string; operationId: string;
  access?: string; permission?: string; entity?: string; kind?: string; child?: string; handler?: string;
  /** The state-machine transition a `transition` operation runs (x-transition). */
  transition?: string;
  /** The file field a fileGet / fileCheck / fileUpdate operation reads or writes (x-file). */
  file?: string;
}

export function documentOperations(openapi: Record<string, unknown>): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(openapi.paths as Record<string, Record<string, Record<string, string>>>)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      out.push({
        method, path, operationId: op.operationId, access: op['x-access'], permission: op['x-permission'],
        entity: op['x-entity'], kind: op['x-operation'], child: op['x-child'], handler: op['x-handler'], transition: op['x-transition'], file: op['x-file'],
      });
    }
  }
  return out;
}

/** Where an operation's inputs are declared, to attach the spec's field messages to its errors. */
export function fieldsOfOperation(operations: DocumentOperation[], model: RuntimeModel): (operationId: string | undefined) => FieldResolver {
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const named = (name: string | undefined) => model.entities.find((e) => e.name === name);
  return (operationId) => {
    const op = byId.get(operationId ?? '');
    const custom = op?.kind === 'custom' ? model.operations.find((o) => o.name === op.operationId) : undefined;
    if (custom) return operationFields(custom);
    // A transition's body is its declared input.
    const transition = op?.transition ? named(op.entity)?.states?.transitions.find((t) => t.name === op.transition) : undefined;
    if (transition) return (location, path) => (location === 'body' ? transition.input?.find((f) => f.name === path[0]) : entityFields(model, named(op!.entity))(location, path));
    // A child list's body is a list of the child entity's rows, so its messages are the child's.
    const entity = op?.child ? named(named(op.entity)?.children.find((c) => c.name === op.child)?.entity) : named(op?.entity);
    return entityFields(model, entity);
  };
}
