/**
 * Lookups whose answer the generated model or the code just before guarantees: a field the entity
 * declares, an entry put in a map a line above, the caller of an operation that is not public. Missing
 * after all is a bug; the error names what was missing instead of a TypeError a few lines further.
 */

/** The item called `name`; `where` names the list in the error (`Banca fields`). */
export function named<T extends { name: string }>(items: readonly T[], name: string, where: string): T {
  const found = items.find((item) => item.name === name);
  if (!found) throw new Error(`${where}: no ${name}`);
  return found;
}

/** `value` when it is neither undefined nor null; `what` names it in the error. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
