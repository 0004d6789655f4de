/**
 * The API as the shell uses it, over the one typed transport of core/apiClient.ts (openapi-fetch on the
 * generated `paths`; cookie `same-origin` and `X-Requested-With` on every call, docs/security.md#csrf).
 *
 * - `api`: the typed calls. Every hand-written call (login, users/me, funzioni, menuitems, config, notifications,
 *   exports, extension pages) names its spec path there, so a path, parameter or body field removed from the
 *   spec fails `npm run typecheck`.
 * - `list`, `get`, `create`, `update`, `remove`, `upload`, `requestPath`, `downloadPath`: the generic calls whose
 *   path is data (an entity's `path` and key from generated/manifest.json, a transition's name, a header
 *   counter's path, a file field of any entity). They are typed by shape (`ListResult`, `Row`), not by path:
 *   the manifest and the OpenAPI document come from the same model, and tests/contract checks them together.
 *
 * Optimistic concurrency (docs/errors.md VERSION_CONFLICT): a row read, created or saved here remembers the
 * ETag it came with (`versionOf(row)`); update and remove send it back as If-Match. The form passes the
 * version it loaded, so a save never silently overwrites someone else's change: the server answers 412.
 */
import { genericApiError } from './apiError';
import { createTransport, downloadFile, rowVersions, serializeQuery, type DownloadedFile, type FetchLike, type TypedApi } from './apiClient';
import { isRecord } from './guards';
import { emitUnauthorized } from './authEvents';
import { entityPath, type KeyValues } from './keys';
import type { EntityMeta, Row, SortSpec } from './types';

export type FilterValue = string | number | boolean | undefined | null;

export interface ListParams {
  page: number;
  /** A list paged by cursor: the position the API answered, asked instead of `page`. */
  cursor?: string;
  size: number;
  sort?: SortSpec[];
  filters?: Record<string, FilterValue>;
  format?: 'compact';
  /** Rows whose display fields contain this text (a reference input's search, `?q=`). */
  q?: string;
  /** Values for braces in the entity's API path (`gruppi/{groupName}/ruoli`). */
  pathParams?: Record<string, string>;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** A call that checks credentials itself: its 401 is an answer, not a lost session. */
  credentialCall?: boolean;
  /** Sent as Idempotency-Key: the server answers a repeated call with this key as it answered the first. */
  idempotencyKey?: string;
}

export interface ListResult<T = Row> {
  results: T[];
  totalCount: number;
  /** More rows match than `totalCount`: the list's count stops at its spec's `countLimit`. */
  totalCountCapped?: boolean;
  /** A list paged by cursor (spec api.paging: keyset): the positions of the next and previous pages. */
  nextCursor?: string;
  prevCursor?: string;
}

export interface DataProvider {
  /** The typed calls: spec path, parameters, body and answer from generated/types/api.ts. */
  api: TypedApi;
  list(entity: EntityMeta, params: ListParams, signal?: AbortSignal): Promise<ListResult>;
  get(entity: EntityMeta, key: KeyValues, signal?: AbortSignal): Promise<Row>;
  /** The row as created; undefined when the answer carries none. */
  create(entity: EntityMeta, body: Row): Promise<Row | undefined>;
  /**
   * `version` is the ETag of the row as the user saw it (`versionOf(row)` of what `get` answered); without
   * one, the last version this page read or wrote for that row is sent. Answers the row as saved (undefined
   * when the answer carries none).
   */
  update(entity: EntityMeta, key: KeyValues, body: Row, version?: string): Promise<Row | undefined>;
  remove(entity: EntityMeta, key: KeyValues, version?: string): Promise<void>;
  /**
   * An operation whose path is data (a transition of the entity on screen, a header counter of the manifest,
   * an entity's export): untyped by path, so prefer `api` whenever the path is known when writing the code.
   * The answer is the caller's to check (guards.ts), as nothing types it.
   */
  requestPath(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options?: RequestOptions): Promise<unknown>;
  /**
   * A file answer at a path that is data (a stored file field of any entity; a list's operation answering a
   * file, called with a query or a body).
   */
  downloadPath(path: string, options?: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; query?: Record<string, string>; body?: unknown }): Promise<DownloadedFile>;
  /**
   * A file field's upload (docs/spec-language.md#files) as multipart part `file`: POST to `<item>/<field>/check`
   * checks it, PUT to `<item>/<field>` stores it with the row's `version` in If-Match and answers the row
   * (whose new version `versionOf` then knows).
   */
  upload(method: 'POST' | 'PUT', path: string, file: Blob, fileName: string, version?: string): Promise<Row>;
}

export interface DataProviderOptions {
  onUnauthorized?: () => void;
}

/** What `call` takes: a query of any shape (a list's repeated sort), and the version to send as If-Match. */
type CallOptions = Omit<RequestOptions, 'query'> & { query?: Record<string, unknown>; ifMatch?: string };

/** The answer as a row; undefined when it is none (no body). */
function rowOrNone(answer: unknown): Row | undefined {
  return isRecord(answer) ? answer : undefined;
}

/** The last ETag seen per row URL: the fallback for callers that do not keep the row they read. */
const lastVersions = new Map<string, string>();

/** The version (ETag) of a row answered by get, create or update; undefined for list rows. */
export function versionOf(row: Row | undefined | null): string | undefined {
  return row && typeof row === 'object' ? rowVersions.get(row) : undefined;
}

/** The query of a list call: page, size, repeated sort, the non-empty filters, format. */
function listQueryParams(params: ListParams): Record<string, unknown> {
  return {
    ...(params.cursor !== undefined ? { cursor: params.cursor } : { page: params.page }),
    size: params.size,
    sort: (params.sort ?? []).map((s) => `${s.field},${s.direction}`),
    ...params.filters,
    format: params.format,
    q: params.q,
  };
}

/** The list query string (spaces as %20: the API rejects `name=prova+E2E`). */
export function listQuery(params: ListParams): string {
  return serializeQuery(listQueryParams(params));
}

export function createDataProvider(
  apiBase: string,
  fetchImpl: FetchLike = (request) => fetch(request),
  options: DataProviderOptions = { onUnauthorized: emitUnauthorized },
): DataProvider {
  const { client, settle, urlOf, api } = createTransport(apiBase, fetchImpl, options.onUnauthorized);

  /** A call at a path that is data: the same client, its path given as it is (no braces left to fill). */
  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, o: CallOptions = {}): Promise<unknown> {
    const answer = await settle(client[method](path, {
      params: { query: o.query ?? {} },
      body: o.body,
      signal: o.signal,
      headers: { ...(o.ifMatch ? { 'If-Match': o.ifMatch } : {}), ...(o.idempotencyKey ? { 'Idempotency-Key': o.idempotencyKey } : {}) },
    }), { credentialCall: o.credentialCall });
    // The version of a row read or written here, for a later write that is not given one.
    const version = isRecord(answer) ? versionOf(answer) : undefined;
    if (version && method !== 'POST') lastVersions.set(urlOf(path), version);
    return answer;
  }

  /** A write of an existing row: its version in If-Match; after it the row's old version is gone. */
  async function write(method: 'PUT' | 'DELETE', path: string, body: unknown, version: string | undefined): Promise<unknown> {
    const answer = await call(method, path, { body, ifMatch: version ?? lastVersions.get(urlOf(path)) });
    if (method === 'DELETE') lastVersions.delete(urlOf(path));
    return answer;
  }

  return {
    api,
    async list(entity, params, signal) {
      const path = entityPath(entity.path, entity.key, undefined, params.pathParams);
      const answer = await call('GET', path, { query: listQueryParams(params), signal });
      if (!isRecord(answer) || !Array.isArray(answer.results) || !answer.results.every(isRecord)) throw genericApiError(200);
      return {
        results: answer.results, totalCount: Number(answer.totalCount) || 0, totalCountCapped: answer.totalCountCapped === true,
        ...(typeof answer.nextCursor === 'string' ? { nextCursor: answer.nextCursor } : {}),
        ...(typeof answer.prevCursor === 'string' ? { prevCursor: answer.prevCursor } : {}),
      };
    },
    async get(entity, key, signal) {
      const row = await call('GET', entityPath(entity.path, entity.key, key), { signal });
      if (!isRecord(row)) throw genericApiError(200);
      return row;
    },
    create: async (entity, body) => rowOrNone(await call('POST', entityPath(entity.path, entity.key, undefined, body), { body })),
    update: async (entity, key, body, version) => rowOrNone(await write('PUT', entityPath(entity.path, entity.key, key), body, version)),
    async remove(entity, key, version) {
      await write('DELETE', entityPath(entity.path, entity.key, key), undefined, version);
    },
    requestPath: (method, path, o = {}) => call(method, `/${path.replace(/^\/+/, '')}`, o),
    downloadPath: (path, o = {}) => downloadFile(client, settle, `/${path.replace(/^\/+/, '')}`, { params: { query: o.query ?? {} }, ...(o.body === undefined ? {} : { body: o.body }) }, undefined, o.method),
    async upload(method, path, file, fileName, version) {
      const url = urlOf(path);
      // The row's path (without /<field>) is where the form keeps the version it read.
      const rowUrl = url.replace(/\/[^/]+$/, '');
      const ifMatch = method === 'PUT' ? version ?? lastVersions.get(rowUrl) : undefined;
      const form = new FormData();
      form.append('file', file, fileName);
      // A FormData body: the browser writes multipart/form-data with its boundary (no Content-Type here).
      const row = await settle(client[method](`/${path.replace(/^\/+/, '')}`, {
        body: form,
        headers: ifMatch ? { 'If-Match': ifMatch } : {},
      }));
      if (!isRecord(row)) throw genericApiError(200);
      const etag = versionOf(row);
      if (method === 'PUT' && etag) lastVersions.set(rowUrl, etag);
      else rowVersions.delete(row);
      return row;
    },
  };
}

