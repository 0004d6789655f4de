/**
 * A Vite plugin that holds the page's API calls (/webpos) while the dev loop regenerates and restarts the
 * API, and lets them through once the new API listens: a page reloaded for the new spec that asks for its
 * data during a restart gets a late answer from the new API instead of a proxy error from no API at all.
 */
import type { Plugin } from 'vite';

const MAX_HOLD_MS = 60_000;

export interface ApiGate {
  plugin: Plugin;
  /** Holds API calls until `open()`. */
  close(): void;
  open(): void;
}

export function apiGate(prefix = '/webpos'): ApiGate {
  let closed: { promise: Promise<void>; release: () => void } | undefined;
  return {
    plugin: {
      name: 'webpos-dev-api-gate',
      apply: 'serve',
      configureServer(server) {
        // Registered here (not in a returned post hook) so it runs before Vite's proxy middleware.
        server.middlewares.use((req, _res, next) => {
          if (!closed || !req.url?.startsWith(prefix)) { next(); return; }
          const timeout = new Promise<void>((resolve) => setTimeout(resolve, MAX_HOLD_MS).unref());
          void Promise.race([closed.promise, timeout]).then(() => next());
        });
      },
    },
    close() {
      if (closed) return;
      let release!: () => void;
      const promise = new Promise<void>((resolve) => { release = resolve; });
      closed = { promise, release };
    },
    open() {
      closed?.release();
      closed = undefined;
    },
  };
}
