/**
 * `npm run rollup:rebuild [-- <Report>]` recomputes the rollup tables of one report (by its name, e.g. Transato)
 * or of all of them from the entity's rows, in one transaction, on the database the server would use
 * (DATABASE_URL, else SQLITE_FILE; see README): after a bulk load that bypassed the services (docs/spec-language.md#rollups).
 */
import { loadArtifacts } from '../server/artifacts.js';
import { configFromEnv } from '../server/config.js';
import { connect } from '../server/db/connect.js';
import { rebuildRollups } from '../server/reports/rollup-sql.js';

const config = configFromEnv();
const db = connect(config);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.sqliteFile;

try {
  const started = Date.now();
  const done = await rebuildRollups(db, loadArtifacts().model, process.argv[2]);
  for (const { table, rows } of done) console.log(`  ${table}: ${rows} rows`);
  console.log(`Rebuilt ${done.length} rollup table(s) on ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (e) {
  console.error(`Rollup rebuild failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
