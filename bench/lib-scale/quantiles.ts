/** Percentiles for latency tables (nearest rank: p99 of 100 samples is the 99th smallest). */
import { median, num, spread } from '../lib/stats.js';

export { median, num, spread };

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** "12.3 (10.1-15.0)": median and min-max, in the unit of the values. */
export function medianSpread(values: number[]): string {
  const { min, max } = spread(values);
  return `${num(median(values))} (${num(min)}-${num(max)})`;
}

/** "4.2x" (a over b); "n/a" when either is missing. */
export function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return 'n/a';
  return `${a / b >= 10 ? (a / b).toFixed(0) : (a / b).toFixed(1)}x`;
}
