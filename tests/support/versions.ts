/**
 * Optimistic concurrency in tests: a PUT or DELETE of a row needs the row's ETag in If-Match
 * (server/crud/concurrency.ts). `etagOf` reads it with GET, as a client does before changing a row.
 */
import type { Test } from 'supertest';

/** A version no row ever has: for calls about a missing row (404) or where the version is not the point. */
export const NO_VERSION = '"nessuna-versione"';

/** A header of an answer, or undefined when it has none: supertest's type claims every header name is there. */
export function headerOf(res: { headers: Record<string, string> }, name: string): string | undefined {
  const headers: Partial<Record<string, string>> = res.headers;
  return headers[name];
}

/** The ETag GET answers for `url` (an item path or a child list path), or NO_VERSION when there is none. */
export async function etagOf(agent: { get(url: string): Test }, url: string): Promise<string> {
  return headerOf(await agent.get(url), 'etag') ?? NO_VERSION;
}
