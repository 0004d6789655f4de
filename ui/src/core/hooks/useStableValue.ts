/**
 * The same object for as long as its JSON stays the same: callers build a fresh query or key on every
 * render, and an effect or memo that depends on it must run only when what it says changes. The held
 * value is replaced during render (React's way to keep something from a previous render), so the render
 * that sees a new value already returns it.
 */
import { useState } from 'react';

export function useStableValue<T>(value: T): T {
  const json = JSON.stringify(value);
  const [held, setHeld] = useState({ json, value });
  if (held.json !== json) {
    setHeld({ json, value });
    return value;
  }
  return held.value;
}
