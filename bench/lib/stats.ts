/** Small statistics for repeated measurements: median and spread, and number formatting for tables. */

export function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function spread(values: number[]): { min: number; max: number } {
  return { min: Math.min(...values), max: Math.max(...values) };
}

/** A number with sensible precision: 1234 -> "1234", 12.345 -> "12.3", 1.234 -> "1.23". */
export function num(v: number): string {
  if (!Number.isFinite(v)) return 'n/a';
  const a = Math.abs(v);
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  return v.toFixed(2);
}

/** "median (min-max)", with `digits` decimals when given. */
export function medianAndSpread(values: number[], digits?: number): string {
  const { min, max } = spread(values);
  const f = (v: number) => (digits === undefined ? num(v) : v.toFixed(digits));
  return `${f(median(values))} (${f(min)}-${f(max)})`;
}
