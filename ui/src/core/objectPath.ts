/** Dotted-path access for form data (`group.groupName`, `modelliPos.0.codModpos`). */
export function getPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Returns a copy with `path` set, copying each object on the way so React sees a new reference. */
export function setPath<T>(data: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const source = (data ?? {}) as Record<string, unknown>;
  const copy: Record<string, unknown> = Array.isArray(source) ? ([...source] as unknown as Record<string, unknown>) : { ...source };
  copy[head] = rest.length === 0 ? value : setPath(source[head], rest.join('.'), value);
  return copy as T;
}
