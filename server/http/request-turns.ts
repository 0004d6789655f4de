/**
 * One request starts per turn of the event loop, in the order the requests arrived (issue 19).
 *
 * libuv accepts at most one new connection per loop iteration (libuv PR #3696). With better-sqlite3 a
 * request's queries run synchronously, so once started a request usually finishes within the same
 * iteration; when 31 keep-alive clients keep the server busy, one iteration serves all 31 requests and
 * a newly connecting client waits one whole round per connection ahead of it. Measured on the volume
 * bench (10,003 banks under the federation, 32 connections): the 20th connection's first request was
 * answered after 2.7 s while the median was 0.25 s. Granting request starts one per iteration makes an
 * iteration one request long, so connections are accepted at the rate requests are served and every
 * client waits its turn in a single first-come queue.
 */
import type { RequestHandler } from 'express';

export function requestTurns(): RequestHandler {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  // A setImmediate scheduled from inside an immediate runs in the next iteration, after its poll phase:
  // exactly one grant per iteration, with new connections accepted and new requests read in between.
  const grantNext = () => {
    scheduled = false;
    waiting.shift()?.();
    schedule();
  };
  const schedule = () => {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(grantNext);
  };
  return (_req, _res, next) => {
    waiting.push(next);
    schedule();
  };
}
