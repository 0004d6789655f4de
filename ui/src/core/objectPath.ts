/** Dotted-path access for form data (`group.groupName`, `modelliPos.0.codModpos`). */
export function getPath(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    // An object's property or an array's item alike, as `current[part]` reads them.
    current = Reflect.get(current, part);
  }
  return current;
}
