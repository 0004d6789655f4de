/**
 * Loads the movements benchmark's PostgreSQL database and keeps it (BENCH_MOVEMENTS_KEEP=1 is implied), so a later
 * `npm run bench -- --only movements` with the same BENCH_MOVEMENTS and BENCH_MOVEMENTS_KEEP=1 measures without
 * loading again: `npx tsx bench/volume/prepare-movements.ts`.
 */
export {};
process.env.BENCH_MOVEMENTS_KEEP = '1';
const { prepareMovements } = await import('./movements.js');
const started = Date.now();
const fixture = await prepareMovements('postgres');
console.log(`${JSON.stringify(fixture.counts)} ready in ${Math.round((Date.now() - started) / 1000)} s`);
await fixture.dispose();
