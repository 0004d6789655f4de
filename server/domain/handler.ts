/** The contract of a hand-written operation handler (spec: operations files, `handler:` name). */
import type { CustomOperationModel } from '../../common/model.js';
import type { operations } from '../../generated/types/api.js';
import type { RuntimeModel } from '../artifacts.js';
import type { EntityService } from '../crud/entity-service.js';
import { named, present } from '../lookup.js';
import type { Caller } from './auth/caller.js';

export interface DomainContext {
  /** The operation as the spec declares it (its successMessage, inputs, permission). */
  operation: CustomOperationModel;
  model: RuntimeModel;
  /** Present for every operation that is not public. */
  caller?: Caller;
  /** The caller's session token; on public operations, the token the client sent, unverified. */
  token?: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  /** The scoped generic service of an entity: data scope, audit, read-only rows and versions apply. */
  service: (entity: string) => EntityService;
  /**
   * Several changes as one: `service` inside `work` answers services bound to one transaction, committed
   * when `work` returns and rolled back when it throws.
   */
  transaction: <T>(work: (service: (entity: string) => EntityService) => Promise<T>) => Promise<T>;
}

/** Returns the response body (or undefined for 204); throws ApiError for Italian failures. */
export type DomainHandler = (ctx: DomainContext) => Promise<unknown>;

/** The caller of an operation that is not public: authorize() let nobody else through. */
export function callerIn(ctx: Pick<DomainContext, 'caller' | 'operation'>): Caller {
  return present(ctx.caller, `The caller of ${ctx.operation.name}`);
}

/** A refusal the operation declares by name (its `messages:` in the spec). */
export function operationMessage(operation: CustomOperationModel, name: string): string {
  return present(operation.messages?.[name], `Message ${name} of operation ${operation.name}`);
}

/** The default the spec gives a query input of the operation. */
export function queryDefault(operation: CustomOperationModel, name: string): unknown {
  return named(operation.query, name, `Query inputs of ${operation.name}`).default;
}

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The query and JSON body of operation `Op` as generated/types/api.ts types them. */
export interface ValidatedRequest<Op extends keyof operations> {
  query: NonNullable<operations[Op]['parameters']['query']>;
  body: JsonBody<operations[Op]['requestBody']>;
}

/**
 * The request of `ctx` typed by the document: the request check (express-openapi-validator, against the
 * same generated/openapi.json) ran before any handler, so the query and body already have that shape. `op`
 * must be the operation the handler serves; the one place the server takes the document's word for it.
 */
export function validatedRequest<Op extends keyof operations>(ctx: Pick<DomainContext, 'operation' | 'query' | 'body'>, op: Op): ValidatedRequest<Op> {
  if (ctx.operation.name !== op) throw new Error(`A handler of ${op} serves ${ctx.operation.name}`);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the request validator checked both against the document these types come from
  return { query: ctx.query, body: ctx.body } as ValidatedRequest<Op>;
}
