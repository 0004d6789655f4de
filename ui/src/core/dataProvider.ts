/**
 * The only module that calls fetch. Every answer is either parsed JSON or an ApiError with an Italian
 * message. The session travels in the WP_TOKEN cookie, which the server writes at login with HttpOnly
 * (docs/security.md#session-cookie): no script here can read it, the browser sends it with every call of
 * this origin. Every call also says `X-Requested-With: XMLHttpRequest`, which the server wants on changes
 * the cookie authenticates (its CSRF defence). A 401 on any call except the credential calls (login,
 * password change: `credentials: true`) means the session is gone and is reported through `onUnauthorized`
 * (default: core/authEvents).
 *
 * Optimistic concurrency (docs/errors.md VERSION_CONFLICT): a row read, created or saved here remembers the
 * ETag it came with (`versionOf(row)`); update and remove send it back as If-Match. The form passes the
 * version it loaded, so a save never silently overwrites someone else's change: the server answers 412.
 */
import { ApiError, apiErrorFromBody, genericApiError } from './apiError';
import { emitUnauthorized } from './authEvents';
import { entityPath, type KeyValues } from './keys';
import type { EntityMeta, Row, SortSpec } from './types';

export type FilterValue = string | number | boolean | undefined | null;

export interface ListParams {
  page: number;
  size: number;
  sort?: SortSpec[];
  filters?: Record<string, FilterValue>;
  format?: 'compact';
  /** Values for braces in the entity's API path (`gruppi/{groupName}/ruoli`). */
  pathParams?: Record<string, string>;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** A call that checks credentials itself (login, change password): its 401 is an answer, not a lost session. */
  credentials?: boolean;
}

export interface ListResult<T = Row> {
  results: T[];
  totalCount: number;
}

export interface DataProvider {
  list(entity: EntityMeta, params: ListParams, signal?: AbortSignal): Promise<ListResult>;
  get(entity: EntityMeta, key: KeyValues, signal?: AbortSignal): Promise<Row>;
  create(entity: EntityMeta, body: Row): Promise<Row>;
  /**
   * `version` is the ETag of the row as the user saw it (`versionOf(row)` of what `get` answered); without
   * one, the last version this page read or wrote for that row is sent.
   */
  update(entity: EntityMeta, key: KeyValues, body: Row, version?: string): Promise<Row>;
  remove(entity: EntityMeta, key: KeyValues, version?: string): Promise<void>;
  /** Any other operation of the API (`users/me`, `authorization/auth`, ...), by path under the API base. */
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /** A file answer (an export): its bytes and the name of its Content-Disposition. */
  download(path: string): Promise<{ blob: Blob; fileName: string }>;
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

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Sent with every call: the server refuses a change authenticated by the cookie without it (CSRF). */
export const REQUESTED_WITH = { 'X-Requested-With': 'XMLHttpRequest' } as const;
/** The session cookie goes with calls to this origin only (the API is served by the UI's own origin). */
const SAME_ORIGIN: RequestCredentials = 'same-origin';

/** The ETag each row object arrived with. */
const rowVersions = new WeakMap<object, string>();
/** The last ETag seen per row path: the fallback for callers that do not keep the row they read. */
const lastVersions = new Map<string, string>();

/** The version (ETag) of a row answered by get, create or update; undefined for list rows. */
export function versionOf(row: Row | undefined | null): string | undefined {
  return row && typeof row === 'object' ? rowVersions.get(row) : undefined;
}

/**
 * The list query string. Built by hand rather than with URLSearchParams, which writes a space as `+`: the API
 * rejects `name=prova+E2E` with a validation error while `name=prova%20E2E` works.
 */
export function listQuery(params: ListParams): string {
  const pairs: [string, string][] = [['page', String(params.page)], ['size', String(params.size)]];
  for (const s of params.sort ?? []) pairs.push(['sort', `${s.field},${s.direction}`]);
  for (const [name, value] of Object.entries(params.filters ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    pairs.push([name, String(value)]);
  }
  if (params.format) pairs.push(['format', params.format]);
  return encodePairs(pairs);
}

function encodePairs(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
}

export function createDataProvider(
  apiBase: string,
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
  options: DataProviderOptions = { onUnauthorized: emitUnauthorized },
): DataProvider {
  const base = apiBase.replace(/\/+$/, '');

  async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, credentials = false, ifMatch?: string): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...REQUESTED_WITH };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (ifMatch) headers['If-Match'] = ifMatch;
    let response: Response;
    try {
      response = await fetchImpl(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
        credentials: SAME_ORIGIN,
      });
    } catch (error) {
      // An abort is the caller's own decision, not a failure to report.
      if (signal?.aborted) throw error;
      throw genericApiError();
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      if (response.status === 401 && !credentials) options.onUnauthorized?.();
      throw apiErrorFromBody(response.status, text);
    }
    if (response.status === 204 || text === '') return undefined as T;
    let parsed: T;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      throw genericApiError(response.status);
    }
    // A strong ETag is a row's version (a list's weak one is not).
    const etag = response.headers?.get('ETag');
    if (etag && !etag.startsWith('W/')) {
      if (method !== 'POST') lastVersions.set(base + path, etag);
      if (parsed && typeof parsed === 'object') rowVersions.set(parsed as object, etag);
    }
    return parsed;
  }

  /** A write of an existing row: its version in If-Match; after it the row's old version is gone. */
  async function write<T>(method: 'PUT' | 'DELETE', path: string, body: unknown, version: string | undefined): Promise<T> {
    const answer = await call<T>(method, path, body, undefined, false, version ?? lastVersions.get(base + path));
    if (method === 'DELETE') lastVersions.delete(base + path);
    return answer;
  }

  return {
    async list(entity, params, signal) {
      const path = entityPath(entity.path, entity.key, undefined, params.pathParams);
      const answer = await call<ListResult>('GET', `${path}?${listQuery(params)}`, undefined, signal);
      if (!answer || !Array.isArray(answer.results)) throw genericApiError(200);
      return { results: answer.results, totalCount: Number(answer.totalCount) || 0 };
    },
    get: (entity, key, signal) => call<Row>('GET', entityPath(entity.path, entity.key, key), undefined, signal),
    create: (entity, body) => call<Row>('POST', entityPath(entity.path, entity.key, undefined, body), body),
    update: (entity, key, body, version) => write<Row>('PUT', entityPath(entity.path, entity.key, key), body, version),
    remove: (entity, key, version) => write<void>('DELETE', entityPath(entity.path, entity.key, key), undefined, version),
    // Fetched rather than linked, so a refusal (401, a file not ready yet) shows as a message, not as a page.
    async download(path) {
      const headers: Record<string, string> = { ...REQUESTED_WITH };
      let response: Response;
      try {
        response = await fetchImpl(`${base}/${path.replace(/^\/+/, '')}`, { method: 'GET', headers, credentials: SAME_ORIGIN });
      } catch {
        throw genericApiError();
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        if (response.status === 401) options.onUnauthorized?.();
        throw apiErrorFromBody(response.status, text);
      }
      const disposition = response.headers.get('Content-Disposition') ?? '';
      const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'esportazione';
      return { blob: await response.blob(), fileName };
    },
    async upload(method, path, file, fileName, version) {
      const url = `${base}/${path.replace(/^\/+/, '')}`;
      const headers: Record<string, string> = { Accept: 'application/json', ...REQUESTED_WITH };
      // The row's path (without /<field>) is where the form keeps the version it read.
      const rowUrl = url.replace(/\/[^/]+$/, '');
      const ifMatch = method === 'PUT' ? version ?? lastVersions.get(rowUrl) : undefined;
      if (ifMatch) headers['If-Match'] = ifMatch;
      const form = new FormData();
      form.append('file', file, fileName);
      let response: Response;
      try {
        // No Content-Type header: the browser writes multipart/form-data with its boundary.
        response = await fetchImpl(url, { method, headers, body: form, credentials: SAME_ORIGIN });
      } catch {
        throw genericApiError();
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        if (response.status === 401) options.onUnauthorized?.();
        throw apiErrorFromBody(response.status, text);
      }
      let row: Row;
      try {
        row = JSON.parse(text) as Row;
      } catch {
        throw genericApiError(response.status);
      }
      const etag = response.headers?.get('ETag');
      if (method === 'PUT' && etag && !etag.startsWith('W/')) {
        lastVersions.set(rowUrl, etag);
        rowVersions.set(row, etag);
      }
      return row;
    },
    request: (method, path, opts = {}) => {
      const pairs = Object.entries(opts.query ?? {})
        .filter(([, v]) => v !== undefined && v !== '')
        .map(([k, v]) => [k, String(v)] as [string, string]);
      const url = `/${path.replace(/^\/+/, '')}${pairs.length ? `?${encodePairs(pairs)}` : ''}`;
      return call(method, url, opts.body, opts.signal, opts.credentials);
    },
  };
}

export { ApiError };
