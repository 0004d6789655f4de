/** The contract of a hand-written operation handler (spec: operations files, `handler:` name). */
import type { CustomOperationModel } from '../../common/model.js';
import type { RuntimeModel } from '../artifacts.js';
import type { EntityService } from '../crud/entity-service.js';
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
