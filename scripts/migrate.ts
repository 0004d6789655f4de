/**
 * `npm run migrate` applies pending migrations, `npm run migrate:down` reverts the last one,
 * `npm run migrate:status` lists applied and pending ones, on the database the server would use
 * (DATABASE_URL, else SQLITE_FILE; see README). The server also migrates by itself at start.
 */
import { configFromEnv } from '../server/config.js';
import { connect } from '../server/db/connect.js';
import { migrateDown, migrateLatest, migrationStatus } from '../server/db/migrate.js';
import { loadArtifacts } from '../server/artifacts.js';

const command = process.argv[2] ?? 'latest';
const config = configFromEnv();
const db = connect(config);
const directory = loadArtifacts().migrationsDir;
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.sqliteFile;

try {
  if (command === 'latest') {
    const applied = await migrateLatest(db, directory);
    console.log(applied.length ? `Applied to ${where}:\n${applied.map((f) => `  ${f}`).join('\n')}` : `${where} is up to date.`);
  } else if (command === 'down') {
    const reverted = await migrateDown(db, directory);
    console.log(reverted.length ? `Reverted on ${where}: ${reverted.join(', ')}` : `Nothing to revert on ${where}.`);
  } else if (command === 'status') {
    const { applied, pending } = await migrationStatus(db, directory);
    console.log(`${where}: ${applied.length} applied, ${pending.length} pending.`);
    for (const f of applied) console.log(`  applied  ${f}`);
    for (const f of pending) console.log(`  pending  ${f}`);
  } else {
    console.error('Usage: tsx scripts/migrate.ts latest|down|status');
    process.exitCode = 2;
  }
} catch (e) {
  console.error(`Migration failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
