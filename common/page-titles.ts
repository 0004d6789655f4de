/**
 * The titles of the generic pages, as their h1 and the browser tab say them: the shell draws them, and the server
 * writes the first page's into its HTML before any script runs (server/http/first-paint.ts).
 */

/** A list page: the spec's `title` of its entity, else the entity's plural label ("Anagrafica banche"). */
export function listTitle(entity: { title?: string; labelPlural: string }): string {
  return entity.title ?? entity.labelPlural;
}

/** A record's form: "Modifica Banca 30480 - BCC di Esempio"; its name alone where the caller may only read it. */
export function recordTitle(entity: { label: string }, name: string, readOnlyView: boolean): string {
  return `${readOnlyView ? '' : 'Modifica '}${entity.label} ${name}`;
}

/** A create form: "Inserimento Banca". */
export function createTitle(entity: { label: string }): string {
  return `Inserimento ${entity.label}`;
}
