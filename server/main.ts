/** Starts the product: migrate, load demo data on first start, serve API and UI on one port. */
import { bindingsOf, bound } from '../common/bindings.js';
import { loadArtifacts } from './artifacts.js';
import { createApp } from './app.js';
import { configFromEnv } from './config.js';
import { connect } from './db/connect.js';
import { loadDemoDataIfEmpty } from './db/demo-data.js';
import { createFileStore, fileStorageDirFromEnv } from './files/index.js';
import { migrateLatest } from './db/migrate.js';
import { textOf } from '../common/text.js';

/** Demo data only (spec/demo/09-credenziali.yaml); real users get a password by reset. */
const DEMO_PASSWORD_HINT = 'Demo-WebPos-2026';

const config = configFromEnv();
const artifacts = loadArtifacts(config.generatedDir);
const db = connect(config);

const applied = await migrateLatest(db, artifacts.migrationsDir);
if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
const demoRows = await loadDemoDataIfEmpty(db, artifacts, createFileStore(fileStorageDirFromEnv()));
if (demoRows) console.log(`Demo data loaded: ${demoRows} rows.`);

const app = createApp({ db, artifacts, uiDir: config.uiDir, outbox: { run: true } });
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  // A server listening on a port has an AddressInfo (a string is a pipe or socket path).
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  console.log(`WebPOS admin listening on http://${config.host}:${port}/ (API http://${config.host}:${port}/webpos/api/v1/)`);
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.sqliteFile}`);
  printDemoLogins();
});

/** The demo personas (spec/demo/08-utenti.yaml), so a newcomer can log in right away. */
function printDemoLogins(): void {
  const user = bound(artifacts.model, 'user');
  const users = artifacts.demo.find((d) => d.entity === user.entity.name)?.rows ?? [];
  if (!users.length) return;
  const { bank, merchant } = bindingsOf(artifacts.model).loginRealms;
  console.log(`Demo logins (password ${DEMO_PASSWORD_HINT}), at /login/${bank} or /login/${merchant}:`);
  for (const u of users) console.log(`  ${textOf(u[user.field('username')]).padEnd(20)} ${textOf(u[user.field('fullName')] ?? '')}`);
}

const shutdown = () => server.close(() => void db.destroy().then(() => process.exit(0)));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
