/**
 * The titles of the generic pages, as their h1 and the browser tab say them: the shell draws them, and the server
 * writes the first page's into its HTML before any script runs (server/http/first-paint.ts).
 */

/** A list page: the spec's `title` of its entity, else the entity's plural label ("Anagrafica banche"). */
export function listTitle(entity: { title?: string; labelPlural: string }): string {
  return entity.title ?? entity.labelPlural;
}
