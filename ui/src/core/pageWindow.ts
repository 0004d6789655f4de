/**
 * The page numbers a paginator shows (seed 000 §9 "maximum page window 4"): at most `window` consecutive
 * pages, the current one among them, kept as central as possible and never past the first or last page.
 * Pages are 1-based, as on screen and in GET notifiche/storico.
 */
export function pageCount(totalCount: number, pageSize: number): number {
  if (pageSize <= 0) return 0;
  return Math.max(0, Math.ceil(totalCount / pageSize));
}

export function pageWindow(current: number, pages: number, window: number): number[] {
  if (pages <= 0 || window <= 0) return [];
  const size = Math.min(window, pages);
  const page = Math.min(Math.max(1, current), pages);
  // Before the current page go half the window (rounded down); the rest after it.
  let first = page - Math.floor((size - 1) / 2);
  first = Math.max(1, Math.min(first, pages - size + 1));
  return Array.from({ length: size }, (_, i) => first + i);
}
