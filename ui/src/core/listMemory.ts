/**
 * What the browser remembers of a list between pages: the query it was last shown with (sessionStorage, per
 * list route), so "Torna all'elenco" on a record lands on the same page, filters and sort; and the column
 * widths the user dragged (localStorage, per entity), so the list opens as they left it. Storage that is
 * missing, full or holding something else is the list as it opens, never an error.
 */

/** The storage kinds this reads and writes (the browser's, or a Map-backed one in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const RETURN_PREFIX = 'webpos.list.query:';
const WIDTHS_PREFIX = 'webpos.list.widths:';
export const MIN_COLUMN_WIDTH = 50;
export const MAX_COLUMN_WIDTH = 1000;

export function browserStore(kind: 'session' | 'local'): KeyValueStore | undefined {
  try {
    return kind === 'session' ? sessionStorage : localStorage;
  } catch {
    return undefined;
  }
}

export function rememberListQuery(store: KeyValueStore | undefined, listRoute: string, query: string): void {
  try { store?.setItem(RETURN_PREFIX + listRoute, query); } catch { /* full or disabled: the list opens as new */ }
}

/** The list's address as last shown: its route with the query it had. */
export function listAddress(store: KeyValueStore | undefined, listRoute: string): string {
  let query: string | null = null;
  try { query = store?.getItem(RETURN_PREFIX + listRoute) ?? null; } catch { /* disabled */ }
  return query ? `${listRoute}?${query.replace(/^\?/, '')}` : listRoute;
}

export function loadColumnWidths(store: KeyValueStore | undefined, entityName: string): Record<string, number> {
  let text: string | null = null;
  try { text = store?.getItem(WIDTHS_PREFIX + entityName) ?? null; } catch { /* disabled */ }
  if (!text) return {};
  let parsed: unknown;
  try { parsed = JSON.parse(text); } catch { return {}; }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, number] => isWidth(entry[1])));
}

export function saveColumnWidths(store: KeyValueStore | undefined, entityName: string, widths: Record<string, number>): void {
  const kept = Object.fromEntries(Object.entries(widths).filter(([, w]) => isWidth(w)).map(([k, w]) => [k, Math.round(w)]));
  try { store?.setItem(WIDTHS_PREFIX + entityName, JSON.stringify(kept)); } catch { /* full or disabled */ }
}

function isWidth(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= MIN_COLUMN_WIDTH && value <= MAX_COLUMN_WIDTH;
}
