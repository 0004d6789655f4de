/**
 * One load measurement with autocannon, run from this process against a server child process.
 * Latencies are recorded from autocannon's per-response event (fractional milliseconds): its own
 * histogram keeps whole milliseconds, too coarse for requests that take one.
 */
import autocannon from 'autocannon';
import { textOf } from '../../common/text.js';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** Called for every request: a fresh body (unique keys for POST). */
  body?: () => string;
  /**
   * With `body`: a GET path for the first request of each connection. autocannon builds that first
   * request into an object all connections share, so they would all send the same body (the same
   * key: one 201 and connections-1 duplicates); a read of one row is sent instead.
   */
  firstPath?: string;
}

export interface Measure {
  /** 2xx responses per second. */
  rps: number;
  p50: number;
  p99: number;
  /** 2xx responses: none means the server answered nothing within the measurement (the other figures are then empty). */
  ok: number;
  /** Requests answered with anything but 2xx, plus socket errors and timeouts. */
  failures: number;
  /** What the failures were: HTTP status, 'error' or 'timeout', with counts. */
  failureKinds: Record<string, number>;
  responses: number;
}

export async function load(origin: string, request: LoadRequest, connections: number, seconds: number): Promise<Measure> {
  const latencies: number[] = [];
  const failureKinds: Record<string, number> = {};
  /** failureKinds by a status not seen yet, too. */
  const counted: Partial<Record<string, number>> = failureKinds;
  let built = 0;
  const started = process.hrtime.bigint();
  const body = request.body;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({
      url: origin,
      connections,
      duration: seconds,
      timeout: 30,
      requests: [{
        method: request.method,
        path: request.path,
        headers: { ...request.headers, ...(request.body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { setupRequest: (req: autocannon.Request) => (built++ < connections && request.firstPath ? { ...req, method: 'GET', path: request.firstPath, body: undefined } : { ...req, body: body() }) } : {}),
      }],
    }, (err: unknown, res) => {
      if (err) reject(err instanceof Error ? err : new Error(textOf(err)));
      else resolve(res);
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else failureKinds[status] = (counted[status] ?? 0) + 1;
    });
  });
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN);
  if (result.errors) failureKinds.error = result.errors;
  if (result.timeouts) failureKinds.timeout = result.timeouts;
  const failures = Object.values(failureKinds).reduce((a, b) => a + b, 0);
  return {
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    ok: latencies.length,
    failures,
    failureKinds,
    responses: latencies.length + failures,
  };
}
