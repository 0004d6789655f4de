/**
 * What the UI's fetch received: openapi-fetch (ui/src/core/apiClient.ts) hands fetch a Request. `url` is the
 * path and query under the origin, as the browser's address bar would show it.
 */
export interface SeenCall {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials;
  request: Request;
}

export function seen(request: Request): SeenCall {
  const u = new URL(request.url);
  return { url: u.pathname + u.search, method: request.method, headers: request.headers, credentials: request.credentials, request };
}

/** A fetch that records each call and answers `status` with `body` (and `headers`). */
export function fakeFetch(status: number, body: string, calls: SeenCall[] = [], headers?: Record<string, string>) {
  return (request: Request) => {
    calls.push(seen(request));
    return Promise.resolve(new Response(status === 204 ? null : body, { status, headers }));
  };
}
