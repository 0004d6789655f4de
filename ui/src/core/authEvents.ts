/**
 * "The session is gone": the data provider reports a 401 on an authenticated call here, and the session
 * provider clears token and user (seed 000 §8: 401 on an expired session logs the user out).
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

export function emitUnauthorized(): void {
  for (const listener of [...listeners]) listener();
}
