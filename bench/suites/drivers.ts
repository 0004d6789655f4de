/**
 * Drivers suite: the generated server on knex with sqlite3 (async, libuv thread pool) and with
 * better-sqlite3 (synchronous, in the event loop), same calls as the API suite. The faster one is
 * the default of server/db/connect.ts (docs/decisions/0002-sqlite-driver.md).
 */
import { checkSameAnswers, compare, comparisonTable, medianRatios, planFor, type Target } from '../lib/compare.js';
import { prepareFixture } from '../lib/fixture.js';
import { selectedOperations } from '../lib/operations.js';
import { startServer, type RunningServer } from '../lib/servers.js';

const DRIVERS = ['better-sqlite3', 'sqlite3'] as const;

export async function run(opts: { quick: boolean }): Promise<string> {
  const plan = planFor(opts.quick);
  const OPERATIONS = selectedOperations();
  const fixture = await prepareFixture();
  const servers: RunningServer[] = [];
  try {
    const targets: Target[] = [];
    for (const driver of DRIVERS) {
      const file = fixture.copy(driver);
      const server = await startServer({ name: driver, script: 'server/main.ts', sqliteFile: file, env: { SQLITE_DRIVER: driver } });
      servers.push(server);
      targets.push({ name: driver, origin: server.origin, sqliteFile: file, cpuMs: server.cpuMs });
    }
    const checked = await checkSameAnswers(targets, OPERATIONS, fixture.token);
    console.log(`drivers: same answers with both drivers (${checked.join(', ')}); measuring`);
    const samples = await compare([targets[0], targets[1]], OPERATIONS, fixture.token, plan, (l) => console.log(l));
    const ratios = medianRatios(samples, OPERATIONS, plan, DRIVERS[0], DRIVERS[1]);
    const geo = (xs: number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
    const rps = geo(ratios.map((r) => r.rps));
    const p99 = geo(ratios.map((r) => r.p99));
    return [
      'The generated server (`server/main.ts`) twice, `SQLITE_DRIVER=better-sqlite3` and `SQLITE_DRIVER=sqlite3`, each on its own copy',
      'of the same database, same user, same three calls as the API suite; same plan (rounds interleaved, median and (min-max)).',
      `Ratios are ${DRIVERS[0]} / ${DRIVERS[1]}.`,
      '',
      comparisonTable(samples, OPERATIONS, plan, DRIVERS[0], DRIVERS[1]),
      '',
      `Geometric mean over the ${ratios.length} rows: req/s ratio **${rps.toFixed(2)}**, p99 ratio **${p99.toFixed(2)}**:`,
      `${rps >= 1 ? DRIVERS[0] : DRIVERS[1]} is the faster driver here. Decision and reasoning: docs/decisions/0002-sqlite-driver.md.`,
    ].join('\n');
  } finally {
    for (const s of servers) await s.stop();
    fixture.dispose();
  }
}
