/**
 * Runs the database-backed test files again on PostgreSQL (`npm test`, `npm run test:pg`): every test
 * file that opens its database through tests/support (createTestApp, createFixtureApp or openTestDatabase), with
 * TEST_DATABASE=postgres. Without a server at TEST_POSTGRES_URL it says so plainly and exits 0, or 1
 * when REQUIRE_POSTGRES=1 (CI). Arguments are passed to vitest instead of the file list.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT_DIR } from '../server/config.js';
import { dropPostgresDatabase, TEST_DATABASE_PREFIX, TEST_POSTGRES_URL, withAdmin } from './support/test-database.js';

const shownUrl = TEST_POSTGRES_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

const probing = Date.now();
try {
  await withAdmin((admin) => admin.query('SELECT 1'), 3000);
} catch (error) {
  const reason = Date.now() - probing > 2500 ? 'no answer within 3 s' : error instanceof Error ? error.message : String(error); // pg's timeout message is vague
  const message = `PostgreSQL suite NOT run: no server at ${shownUrl} (${reason}); set TEST_POSTGRES_URL`;
  if (process.env.REQUIRE_POSTGRES === '1') {
    console.error(`${message}\nREQUIRE_POSTGRES=1: failing.`);
    process.exit(1);
  }
  console.warn(`\n*** ${message} ***\n`);
  process.exit(0);
}

await dropStaleDatabases();

const args = process.argv.slice(2);
const files = args.length ? args : databaseTestFiles();
console.log(`PostgreSQL suite on ${shownUrl}: ${args.length ? args.join(' ') : `${files.length} test files`}`);
const started = Date.now();
const run = spawnSync(process.execPath, [join(ROOT_DIR, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...files], {
  cwd: ROOT_DIR,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE: 'postgres' },
});
console.log(`PostgreSQL suite: ${run.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(run.status ?? 1);

/** Test files that use a database from tests/support; the others do not depend on the dialect. */
function databaseTestFiles(): string[] {
  const dir = join(ROOT_DIR, 'tests');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts') && !f.startsWith('e2e'))
    .filter((f) => /\b(createTestApp|createFixtureApp|openTestDatabase)\(/.test(readFileSync(join(dir, f), 'utf8')))
    .map((f) => relative(ROOT_DIR, join(dir, f)))
    .sort();
}

/**
 * Databases a crashed run left behind. The name carries the pid of the test process that made it
 * (test-database.ts), so a database of a run still going on this machine is left alone.
 */
async function dropStaleDatabases(): Promise<void> {
  const names = await withAdmin(async (admin) =>
    (await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${TEST_DATABASE_PREFIX.replace(/_/g, '\\_')}%`])).rows.map((r) => r.datname),
  );
  const stale = names.filter((name) => !isRunning(Number(name.slice(TEST_DATABASE_PREFIX.length).split('_')[0])));
  for (const name of stale) await dropPostgresDatabase(name);
  if (stale.length) console.log(`Dropped ${stale.length} test database(s) left by an earlier run: ${stale.join(', ')}`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}
