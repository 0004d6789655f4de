/**
 * A component in a chunk of its own that renders at once when its chunk has already arrived (the first page's
 * chunks are asked for at start-up, AppRoutes.tsx preloadFirstPage), and through React.lazy and the nearest
 * Suspense only when it has not. Why not lazy alone: a lazy component suspends on its first render even when its
 * module is there, and React reveals what a Suspense fallback stood for at most every 300 ms
 * (FALLBACK_THROTTLE_MS): frame, page and table were each a fallback and a reveal, the page's title showing
 * about a second after the session on a phone's CPU.
 */
import { lazy, useState, type ComponentType } from 'react';

export interface Chunk<P> {
  Component: ComponentType<P>;
  /** Starts the download (once); settles when the component can render without suspending. */
  load: () => Promise<unknown>;
}

export function chunk<P extends object>(importer: () => Promise<ComponentType<P>>): Chunk<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const load = (): Promise<ComponentType<P>> => {
    loading ??= importer().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download may be retried (the next navigation, the error boundary's reset).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await load() }));
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module's own component would remount it.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Chosen {...props} />;
  }
  return { Component, load };
}
