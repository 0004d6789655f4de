/**
 * A lookup a test relies on (the model of a spec it just checked, the field it declared, a child
 * process's pipe): when it is missing after all, the test fails here, naming what was missing, instead
 * of with a TypeError a few lines further.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}

/** The item of `items` called `name`; `where` names the list in the error (`Banca fields`). */
export function named<T extends { name: string }>(items: readonly T[], name: string, where: string): T {
  return present(items.find((item) => item.name === name), `${where}: ${name}`);
}
