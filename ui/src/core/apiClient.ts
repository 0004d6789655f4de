/**
 * The one transport of the UI: an openapi-fetch client typed by `paths` of generated/types/api.ts (the
 * openapi-typescript output of generated/openapi.json). A hand-written call names an operation by its spec
 * path (`api.GET('/funzioni/{fn}/permessi', { params: { path: { fn } } })`): a path, a parameter or a body
 * field the spec no longer has, or an answer field the spec dropped and the page reads, fails `npm run
 * typecheck` (tests/ui/apiContract.test.ts shows it).
 *
 * Every call goes with the session cookie of this origin (`credentials: 'same-origin'`; the WP_TOKEN cookie
 * is HttpOnly, no script here sees it) and with `X-Requested-With: XMLHttpRequest`, the header the server
 * wants on changes the cookie authenticates (docs/security.md#csrf): both are client options, so no call can
 * leave without them. Answers become data or an ApiError with the Italian message (`settle`); a 401 on any
 * call but a credential check (`credentialCall: true`: login, password change and reset, the first users/me)
 * means the session is gone and is reported through `onUnauthorized`.
 */
import createClient, { type Client, type ClientPathsWithMethod, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { paths } from '../../../generated/types/api';
import { ApiError, apiErrorFromBody, genericApiError } from './apiError';
import { isRecord } from './guards';

export type ApiClient = Client<paths>;

type AnyMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
/** Any operation: parameters and body of any shape, an answer of unknown shape. */
interface UntypedOperation {
  parameters: { query?: Record<string, unknown>; header?: Record<string, unknown>; path?: Record<string, unknown>; cookie?: Record<string, unknown> };
  requestBody?: { content: { 'application/json': unknown } };
  responses: { 200: { content: { 'application/json': unknown } } };
}
/**
 * The client as this module drives it: by a path and a method known only at run time. The hand-written calls
 * get the spec's types through `TypedApi`; the generic calls of dataProvider.ts read answers by shape.
 */
export type UntypedClient = Client<Record<string, Record<AnyMethod, UntypedOperation>>>;
type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type HttpVerb = 'get' | 'post' | 'put' | 'delete';
/** The spec paths that have operation `M`. */
export type ApiPath<M extends HttpVerb> = ClientPathsWithMethod<ApiClient, M>;

type Operation<P, M extends HttpVerb> = P extends keyof paths ? (M extends keyof paths[P] ? paths[P][M] : never) : never;
type SuccessData<Op> = Op extends Record<string | number, unknown> ? NonNullable<FetchResponse<Op, object, 'application/json'>['data']> : never;
/** What operation `M` of spec path `P` answers on success (`void` when it answers no body). */
export type ApiAnswer<P extends ApiPath<M>, M extends HttpVerb> = [SuccessData<Operation<P, M>>] extends [never] ? undefined : SuccessData<Operation<P, M>>;

/** Options of this module, beside openapi-fetch's own (`params`, `body`, `signal`, `headers`). */
export interface CallOptions {
  /** A call that checks credentials itself (login, change password): its 401 is an answer, not a lost session. */
  credentialCall?: boolean;
}

/** openapi-fetch's init of operation `M` at `P`, optional exactly when nothing in it is required. */
type Init<P extends ApiPath<M>, M extends HttpVerb> = MaybeOptionalInit<paths[P], M>;
type InitArgs<I> = undefined extends I ? [init?: NonNullable<I> & CallOptions] : [init: I & CallOptions];

/** A typed call that answers the data or throws an ApiError. */
type TypedMethod<M extends HttpVerb> = <P extends ApiPath<M>>(path: P, ...init: InitArgs<Init<P, M>>) => Promise<ApiAnswer<P, M>>;

export interface TypedApi {
  GET: TypedMethod<'get'>;
  POST: TypedMethod<'post'>;
  PUT: TypedMethod<'put'>;
  DELETE: TypedMethod<'delete'>;
  /** A file answer (an export, an attachment): its bytes and the name of its Content-Disposition. */
  download<P extends ApiPath<'get'>>(path: P, ...init: InitArgs<Init<P, 'get'>>): Promise<DownloadedFile>;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** Sent with every call: the server refuses a change authenticated by the cookie without it (CSRF). */
export const REQUESTED_WITH = { 'X-Requested-With': 'XMLHttpRequest' } as const;
/** The session cookie goes with calls to this origin only (the API is served by the UI's own origin). */
const SAME_ORIGIN: RequestCredentials = 'same-origin';

export type FetchLike = (request: Request) => Promise<Response>;

export interface Transport {
  client: UntypedClient;
  /** The absolute URL of a path under the API base (`/banche/30480`), as the versions are kept by. */
  urlOf: (path: string) => string;
  /**
   * Awaits an openapi-fetch call: its data (undefined when the answer has no body), or an ApiError (a 401
   * first reported unless `credentialCall`).
   */
  settle: <T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>, options?: CallOptions) => Promise<T | undefined>;
  api: TypedApi;
}

/** The ETag a row object arrived with (a strong one: a row's version, docs/artifacts.md#versions). */
export const rowVersions = new WeakMap<object, string>();

/**
 * The query string: pairs in the given order, arrays repeated (`sort=a,asc&sort=b,desc`), empty values left
 * out, and a space as `%20`: the API rejects `name=prova+E2E` (what URLSearchParams writes) as invalid.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v === undefined || v === null || v === '') continue;
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(v))}`);
    }
  }
  return pairs.join('&');
}

/** A fetch that failed (network, server gone) is the generic Italian message; an abort stays an abort. */
const networkFailure: Middleware = {
  onError: ({ error, request }) => (request.signal.aborted ? undefined : (error instanceof ApiError ? error : genericApiError())),
};

export function createTransport(apiBase: string, fetchImpl: FetchLike, onUnauthorized: (() => void) | undefined): Transport {
  // openapi-fetch builds a Request, which needs an absolute URL outside a page (tests); in the page this is
  // the page's own origin, the same URL the relative base names.
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  const baseUrl = new URL(apiBase.replace(/\/+$/, ''), `${origin}/`).href;
  const client: UntypedClient = createClient({
    baseUrl,
    fetch: (request) => fetchImpl(request),
    credentials: SAME_ORIGIN,
    headers: { Accept: 'application/json', ...REQUESTED_WITH },
    querySerializer: (query) => serializeQuery(query),
  });
  client.use(networkFailure);

  async function settle<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>, options: CallOptions = {}): Promise<T | undefined> {
    let answer: { data?: T; error?: unknown; response: Response };
    try {
      answer = await pending;
    } catch (error) {
      // An abort is the caller's own decision; an answer that is not JSON is the generic message.
      if (error instanceof ApiError || isAbort(error)) throw error;
      throw genericApiError();
    }
    const { data, error, response } = answer;
    if (!response.ok) {
      if (response.status === 401 && !options.credentialCall) onUnauthorized?.();
      throw apiErrorFromBody(response.status, typeof error === 'string' ? error : error === undefined ? '' : JSON.stringify(error));
    }
    // A strong ETag is a row's version (a list's weak one is not).
    const etag = response.headers.get('ETag');
    if (etag && !etag.startsWith('W/') && data && typeof data === 'object') rowVersions.set(data, etag);
    return data;
  }

  const untyped = (method: Verb) => (path: string, init?: CallOptions & Record<string, unknown>) => {
    const { credentialCall, ...rest } = init ?? {};
    return settle(client[method](path, rest), { credentialCall });
  };

  // The calls are openapi-fetch's own, on the spec path the caller names, so their parameters, bodies and
  // answers are those `paths` declares (the server validates both against the same generated/openapi.json).
  // What TypeScript cannot follow is a generic call whose method is chosen at run time.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- typed by `paths` (see above)
  const api = {
    GET: untyped('GET'),
    POST: untyped('POST'),
    PUT: untyped('PUT'),
    DELETE: untyped('DELETE'),
    // Fetched rather than linked, so a refusal (401, a file not ready yet) shows as a message, not as a page.
    download(path: string, init?: CallOptions & Record<string, unknown>) {
      const { credentialCall, ...rest } = init ?? {};
      return downloadFile(client, settle, path, rest, credentialCall);
    },
  } as TypedApi;

  return { client, urlOf: (path) => `${baseUrl}/${path.replace(/^\/+/, '')}`, settle, api };
}

function isAbort(error: unknown): boolean {
  return isRecord(error) && error.name === 'AbortError';
}

/**
 * A file answer: its bytes (none: an empty file) and the name of its Content-Disposition (else `file`). Most
 * files are read (GET); an operation that makes one from what it is sent (a cover sheet of selected rows) posts.
 */
export async function downloadFile(
  client: UntypedClient, settle: Transport['settle'], path: string, init: Record<string, unknown> = {}, credentialCall?: boolean, method: Verb = 'GET',
): Promise<DownloadedFile> {
  let response: Response | undefined;
  const blob = await settle(client[method](path, { ...init, parseAs: 'blob', headers: { Accept: '*/*' } }).then((answer) => {
    response = answer.response;
    return answer;
  }), { credentialCall });
  const disposition = response?.headers.get('Content-Disposition') ?? '';
  return { blob: blob ?? new Blob([]), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'file' };
}
