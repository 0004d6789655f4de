/** The operations of the OpenAPI document, each with the entity, kind and permission it declares. */
import { transitionBodyFields } from '../../common/reauthentication.js';
import { childList, entityFields, operationFields, type FieldResolver } from './validation.js';
import type { RuntimeModel } from '../artifacts.js';
import { transitionsOf } from '../../common/model.js';
import { present } from '../lookup.js';
import { isRecord, textAt } from '../records.js';
import { documentPaths } from './openapi-document.js';

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface DocumentOperation {
  method: HttpMethod; path: string; operationId: string;
  access?: string; permission?: string; entity?: string; kind?: string; child?: string; handler?: string;
  /** The state-machine transition a `transition` operation runs (x-transition). */
  transition?: string;
  /** The report a report operation runs (x-report). */
  report?: string;
  /** The file field a fileGet / fileCheck / fileUpdate operation reads or writes (x-file). */
  file?: string;
  /** A relatedList operation's item entity (x-parent) and the related list it pages (x-related). */
  parent?: string;
  related?: string;
  /** A nested relatedList's list of the related entity (x-nested): `<item>/<related>/{key}/<nested>`. */
  nested?: string;
  /** A nested relatedList's path parameter of each key field of the middle entity (x-nested-key). */
  nestedKey?: Record<string, string>;
  /** A bulkTransition operation's mode (x-bulk): every row in turn, or all or none. */
  bulk?: 'each' | 'all';
}

export function documentOperations(openapi: Record<string, unknown>): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(documentPaths(openapi))) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const text = (key: string) => textAt(op, key);
      out.push({
        method, path, operationId: present(text('operationId'), `operationId of ${method} ${path}`), access: text('x-access'), permission: text('x-permission'),
        entity: text('x-entity'), kind: text('x-operation'), child: text('x-child'), handler: text('x-handler'), transition: text('x-transition'), file: text('x-file'), report: text('x-report'),
        parent: text('x-parent'), related: text('x-related'), nested: text('x-nested'), ...nestedKeyOf(op['x-nested-key']), ...bulkOf(text('x-bulk')),
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
    const ownEntity = named(op?.entity);
    // A transition's body is its declared input (and the password of a critical operation).
    const transition = op?.transition ? (ownEntity ? transitionsOf(ownEntity) : []).find((t) => t.name === op.transition) : undefined;
    if (transition) return (location, path) => (location === 'body' ? transitionBodyFields(transition).find((f) => f.name === path[0]) : entityFields(model, ownEntity)(location, path));
    // A child list's body is a list of the child entity's rows, so its messages are the child's; the list
    // itself (too few or too many items) answers with the child's own messages.
    const child = op?.child ? ownEntity?.children.find((c) => c.name === op.child) : undefined;
    if (!child) return entityFields(model, ownEntity);
    const items = entityFields(model, named(child.entity));
    return (location, path) => (location === 'body' && path.length === 0 ? childList(model, child) : items(location, path));
  };
}

function bulkOf(value: string | undefined): { bulk?: 'each' | 'all' } {
  return value === 'each' || value === 'all' ? { bulk: value } : {};
}

function nestedKeyOf(value: unknown): { nestedKey?: Record<string, string> } {
  if (!isRecord(value)) return {};
  return { nestedKey: Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string')) };
}
