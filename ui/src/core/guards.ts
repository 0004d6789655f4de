/**
 * Narrowing for values that arrive without a type the compiler can trust: JSON answers and files, what
 * rjsf hands back from a form, what the browser's storage holds. Each check is the one the code needs,
 * so a wrong value takes the code's "not there" path instead of an assumed shape.
 */

/** A JSON object (not null, not an array): its properties are read as unknown. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The object at `key` of a JSON object, if that is one. */
export function recordAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (!isRecord(value)) return undefined;
  const found = value[key];
  return isRecord(found) ? found : undefined;
}
