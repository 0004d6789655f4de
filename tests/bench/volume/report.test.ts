/**
 * The volume suite's table (bench/volume/report.ts): a server that answered nothing reads "no answer within N s",
 * never NaN, Infinity or 0 req/s; cells after which statements had to be cancelled are marked and listed.
 */
import { describe, expect, it } from 'vitest';
import { DRAIN_DEFAULTS } from '../../../bench/lib/drain.js';
import { dialectTable, metricCell, ratioCell, type Drained, type Sample } from '../../../bench/volume/report.js';

const cell = { dialect: 'postgres', caller: 'federation', op: 'list', c: 32 };
/** A round's measurement: `ok` 2xx answers over 4 s. */
function sample(server: string, round: number, ok: number, p50 = 20): Sample {
  const rps = ok / 4;
  return { ...cell, server, round, m: { rps, p50: ok ? p50 : NaN, p99: ok ? p50 * 2 : NaN, ok, failures: 0, failureKinds: {}, responses: ok, cpu: ok ? 1.5 : Infinity, loop: { p50: 1, p99: 2, max: 3, mean: 1 } } };
}
const plan = { dialect: 'postgres', callers: ['federation'], ops: ['list'], concurrencies: [32], seconds: 4, label: () => 'list (30)', limits: DRAIN_DEFAULTS };

describe('metricCell', () => {
  it('says no answer when no round got one', () => {
    expect(metricCell([sample('baseline', 1, 0), sample('baseline', 2, 0)], (m) => m.rps, 4)).toBe('no answer within 4 s');
  });
  it('takes the median over the rounds that answered, and says how many did not', () => {
    expect(metricCell([sample('generated', 1, 40), sample('generated', 2, 0), sample('generated', 3, 80)], (m) => m.rps, 4)).toBe('15.0 (10.0-20.0); 1 of 3 rounds: no answer within 4 s');
    expect(metricCell([sample('generated', 1, 40), sample('generated', 2, 80)], (m) => m.rps, 4)).toBe('15.0 (10.0-20.0)');
  });
});

describe('ratioCell', () => {
  it('is the median of the rounds both servers answered', () => {
    expect(ratioCell([sample('generated', 1, 40), sample('generated', 2, 80)], [sample('baseline', 1, 20), sample('baseline', 2, 0)], 2)).toBe('**2.00**');
  });
  it('names the server that answered nothing', () => {
    expect(ratioCell([sample('generated', 1, 40)], [sample('baseline', 1, 0)], 2)).toBe('n/a (baseline: no answer)');
    expect(ratioCell([sample('generated', 1, 0), sample('generated', 2, 8)], [sample('baseline', 1, 4), sample('baseline', 2, 0)], 2)).toBe('n/a (no round answered by both)');
  });
});

describe('dialectTable', () => {
  const samples = [sample('generated', 1, 12, 674), sample('baseline', 1, 0)];
  const drains: Drained[] = [
    { ...cell, round: 1, server: 'generated', phase: 'measurement', result: { outcome: 'idle', ms: 800, cancelled: 0 } },
    { ...cell, round: 1, server: 'baseline', phase: 'measurement', result: { outcome: 'idle', ms: 21_400, cancelled: 9 } },
  ];
  const [, , row, ...notes] = dialectTable(samples, drains, plan);

  it('reports the server that answered nothing as such, with no NaN, Infinity or zero rate', () => {
    const cells = row.split('|').map((c) => c.trim());
    expect(cells.slice(1, 7)).toEqual(['federation', 'list (30)', '32', '3.00 (3.00-3.00)', 'no answer within 4 s †', 'n/a (baseline: no answer)']);
    expect(cells[10]).toBe('no answer within 4 s'); // baseline p50
    expect(cells[14]).toBe('no answer within 4 s'); // baseline CPU ms/req
    expect(row).not.toMatch(/NaN|Infinity|0\.00 \(/);
  });

  it('marks and lists the cells after which statements were cancelled, not those that drained alone', () => {
    expect(notes.join('\n')).toContain('- baseline federation list c=32, round 1, after the measurement: 9 statements cancelled after 20.0 s, idle after 21.4 s');
    expect(notes.join('\n')).not.toContain('- generated');
    expect(row.match(/†/g)).toHaveLength(1);
  });
});
