/**
 * Lighthouse's mobile CPU slowdown (4x) assumes a high-end desktop host (benchmarkIndex about 1,500-2,000); on a
 * slower host it emulates a phone slower than the mid-tier one Lighthouse means. Lighthouse's docs/throttling.md
 * ("Calibrating multipliers") gives the multiplier for a host from the benchmarkIndex every report carries
 * (environment.benchmarkIndex): 3x at 1,300 plus one per 233 above it, 2x at 800 plus one per 500 up to 1,300,
 * 1x at 150 plus one per 650 up to 800. This is that mapping, so the suite can report both figures.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`benchmarkIndex ${benchmarkIndex} is not a measurement`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
