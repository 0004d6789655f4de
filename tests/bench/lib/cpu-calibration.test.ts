import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown } from '../../../bench/lib/cpu-calibration.js';

describe('calibratedCpuSlowdown (Lighthouse docs/throttling.md)', () => {
  it('gives the default 4x to a high-end desktop host and less to slower hosts', () => {
    expect(calibratedCpuSlowdown(1533)).toBeCloseTo(4, 1);
    expect(calibratedCpuSlowdown(2000)).toBeCloseTo(6, 1);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(475)).toBe(1.5);
  });
  it('never speeds the host up, and refuses a missing index', () => {
    expect(calibratedCpuSlowdown(100)).toBe(1);
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow('not a measurement');
  });
});
