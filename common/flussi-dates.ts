/**
 * Seed 000 §5: the file-feed search starts, by default, one month before today. One function for the
 * API (a search without dataDa) and the search form (the date it shows), so both agree.
 */
export function defaultFeedSearchFrom(today: Date = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, today.getUTCDate()));
  // 31 March minus one month is 28/29 February, not 3 March.
  if (d.getUTCDate() !== today.getUTCDate()) d.setUTCDate(0);
  return d.toISOString().slice(0, 10);
}

export function todayIso(today: Date = new Date()): string {
  return today.toISOString().slice(0, 10);
}
