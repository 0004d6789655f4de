/**
 * The demo movements (spec/demo/49-movimenti.yaml) are what scripts/demo-movimenti.ts writes from its fixed seed:
 * nobody edits the file by hand, and a change to the generator shows up as a change to the file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoFileText, demoMovements } from '../../scripts/demo-movimenti.js';
import { ROOT_DIR } from '../../server/config.js';

describe('the demo movements', () => {
  it('are the generator\'s output, byte for byte', () => {
    expect(readFileSync(join(ROOT_DIR, 'spec', 'demo', '49-movimenti.yaml'), 'utf8')).toBe(demoFileText());
  });

  it('include the sector comparison\'s bars, written to their own file (spec/demo/49-movimenti-settore.yaml)', () => {
    const file = readFileSync(join(ROOT_DIR, 'spec', 'demo', '49-movimenti-settore.yaml'), 'utf8');
    const sector = demoMovements().filter((m) => ['0007001', '0008001', '0008002', '0008003'].includes(m.codEserc));
    expect(sector.length).toBeGreaterThan(100);
    for (const m of sector) expect(file, m.id).toContain(`id: "${m.id}"`);
  });

  it('are the same on every run, a few hundred with unique ids, every outcome of seed 002 §4 possible', () => {
    const rows = demoMovements();
    expect(demoMovements()).toEqual(rows);
    expect(rows.length).toBeGreaterThan(250);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.some((r) => r.esito === '00')).toBe(true);
    expect(rows.some((r) => r.flagStorno)).toBe(true);
    expect(rows.some((r) => r.stornato)).toBe(true);
    expect(rows.some((r) => r.preautAzione === 'NOT')).toBe(true);
    expect(rows.some((r) => r.preautAzione === 'STO')).toBe(true);
  });
});
